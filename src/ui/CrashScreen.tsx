import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Icon } from './icons';
import { SUPPORT_LINKS } from './support-links';
import { ko } from '../i18n/ko';

const t = ko.shell.crash;

/** The fallback screen for any unexpected crash (SPEC §2). */
export function CrashScreen({ error }: { error: unknown }) {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return (
    <main className="crash" role="alert" aria-labelledby="crash-title">
      <img src="/maintenance.svg" alt="" width={220} height={160} className="crash-image" />
      <h1 id="crash-title">{t.heading}</h1>
      <p>{t.advice(<strong key="cache">{t.clearCache}</strong>, <strong key="reload">{t.hardReload}</strong>)}</p>
      <p className="muted small">{t.sendMessage}</p>
      <pre className="crash-message" aria-label={t.messageLabel}>
        {message}
      </pre>
      <ul className="crash-links list-reset">
        <li>
          <a className="btn" href={SUPPORT_LINKS.community.href} target="_blank" rel="noreferrer">
            <Icon name="users" />
            {SUPPORT_LINKS.community.label}
          </a>
        </li>
        <li>
          <a className="btn" href={SUPPORT_LINKS.openChat.href} target="_blank" rel="noreferrer">
            <Icon name="chat" />
            {SUPPORT_LINKS.openChat.label}
          </a>
        </li>
        <li>
          <a className="btn" href={SUPPORT_LINKS.email.href}>
            <Icon name="mail" />
            {SUPPORT_LINKS.email.label}
          </a>
        </li>
      </ul>
      {/* A full navigation, not a client-side one: the crashed tree must be rebuilt from scratch. */}
      <a className="btn btn-primary" href="/">
        <Icon name="home" />
        {t.home}
      </a>
    </main>
  );
}

interface BoundaryState {
  error: unknown;
}

/** Catches render errors (and failed page chunks) below it and shows the crash screen. */
export class CrashBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error ?? new Error('unknown') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('crash screen:', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <CrashScreen error={this.state.error} />;
    return this.props.children;
  }
}
