/** The full-screen spinner and top progress bar shown while a page loads on demand. */
export function PageLoader() {
  return (
    <>
      <div className="progress-bar" role="progressbar" aria-label="페이지를 불러오는 중" />
      <div className="fullscreen-loader" role="status" aria-live="polite">
        <div className="spinner" aria-hidden />
        <span className="sr-only">불러오는 중…</span>
      </div>
    </>
  );
}

/** A small inline spinner with a label for screen readers. */
export function Spinner({ label = '불러오는 중…' }: { label?: string }) {
  return (
    <span role="status" className="row" style={{ gap: '0.5rem' }}>
      <span className="spinner spinner-small" aria-hidden />
      <span className="muted small">{label}</span>
    </span>
  );
}
