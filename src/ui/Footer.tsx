import { Link } from 'react-router-dom';
import { ko } from '../i18n/ko';

/** The site footer: the community statement and the publisher's copyright (SPEC §1). */
export function Footer({ compact = false }: { compact?: boolean }) {
  return (
    <footer className={compact ? 'site-footer-compact' : 'site-footer'}>
      <p style={{ margin: 0 }}>{ko.footer}</p>
      <nav aria-label="사이트 정보">
        <Link to="/about/terms">이용약관</Link>
        <Link to="/about/privacy-policy">개인정보처리방침</Link>
        <Link to="/support">고객지원</Link>
      </nav>
    </footer>
  );
}

/** The ad unit's place: an empty, labelled placeholder that never covers the map. */
export function AdSlot() {
  return <aside className="ad-slot" aria-label="광고 영역" />;
}
