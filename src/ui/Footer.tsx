import { Link } from 'react-router-dom';
import { ko } from '../i18n/ko';

/** The site footer: the community statement and the publisher's copyright (SPEC §1). */
export function Footer({ compact = false }: { compact?: boolean }) {
  return (
    <footer className={compact ? 'site-footer-compact' : 'site-footer'}>
      <p style={{ margin: 0 }}>{ko.footer}</p>
      <nav aria-label={ko.shell.footerNav}>
        <Link to="/about/terms">{ko.common.terms}</Link>
        <Link to="/about/privacy-policy">{ko.common.privacy}</Link>
        <Link to="/support">{ko.common.support}</Link>
      </nav>
    </footer>
  );
}

/** The ad unit's place: an empty, labelled placeholder that never covers the map. */
export function AdSlot() {
  return <aside className="ad-slot" aria-label={ko.shell.adSlot} />;
}
