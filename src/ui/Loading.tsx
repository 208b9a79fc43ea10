import { ko } from '../i18n/ko';

/** The full-screen spinner and top progress bar shown while a page loads on demand. */
export function PageLoader() {
  return (
    <>
      <div className="progress-bar" role="progressbar" aria-label={ko.shell.pageLoading} />
      <div className="fullscreen-loader" role="status" aria-live="polite">
        <div className="spinner" aria-hidden />
        <span className="sr-only">{ko.common.loading}</span>
      </div>
    </>
  );
}

/** A small inline spinner with a label for screen readers. */
export function Spinner({ label = ko.common.loading }: { label?: string }) {
  return (
    <span role="status" className="row" style={{ gap: '0.5rem' }}>
      <span className="spinner spinner-small" aria-hidden />
      <span className="muted small">{label}</span>
    </span>
  );
}
