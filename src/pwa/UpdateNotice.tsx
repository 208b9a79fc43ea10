import { ko } from '../i18n/ko';
import { applyUpdate, useUpdateReady } from './register';

/**
 * "새 버전이 있습니다 — 새로고침": a new version of the app waits. It stays until the player reloads (the button, or any
 * reload of their own); the page is never reloaded for them mid-session.
 */
export function UpdateNotice() {
  const ready = useUpdateReady();
  if (!ready) return null;
  return (
    <div className="update-notice" role="status">
      <span>{ko.updateReady}</span>
      <button type="button" className="btn btn-primary" onClick={applyUpdate}>
        {ko.updateReload}
      </button>
    </div>
  );
}
