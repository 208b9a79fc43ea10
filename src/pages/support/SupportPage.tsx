import { Link } from 'react-router-dom';
import { Icon } from '../../ui/icons';
import { SUPPORT_LINKS } from '../../ui/support-links';
import { PageLayout } from '../PageLayout';
import { ko } from '../../i18n/ko';

const t = ko.support;

/** How to get help: the three support channels and a short FAQ. */
export default function SupportPage() {
  return (
    <PageLayout title={t.title}>
      <h1>{t.title}</h1>
      <p className="muted">{t.intro}</p>
      <ul className="support-grid list-reset">
        {(
          [
            ['community', 'users'],
            ['openChat', 'chat'],
            ['email', 'mail'],
          ] as const
        ).map(([key, icon]) => {
          const l = SUPPORT_LINKS[key];
          return (
            <li key={key} className="card support-card">
              <Icon name={icon} className="support-icon" />
              <h2>{l.label}</h2>
              <p className="muted small">{l.description}</p>
              <a className="btn" href={l.href} target={key === 'email' ? undefined : '_blank'} rel="noreferrer">
                {key === 'email' ? SUPPORT_LINKS.email.address : t.open(l.label)}
              </a>
            </li>
          );
        })}
      </ul>
      <h2 className="section-title">{t.faqTitle}</h2>
      <div className="faq">
        {t.faq.map((f) => (
          <details key={f.q} className="card">
            <summary>{f.q}</summary>
            <p>{f.a}</p>
          </details>
        ))}
      </div>
      <p className="muted small" style={{ marginTop: '1.5rem' }}>
        {t.legal(
          <Link key="terms" to="/about/terms">
            {ko.common.terms}
          </Link>,
          <Link key="privacy" to="/about/privacy-policy">
            {ko.common.privacy}
          </Link>,
        )}
      </p>
    </PageLayout>
  );
}
