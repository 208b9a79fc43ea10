import { useEffect, useState } from 'react';
import { ko } from '../../i18n/ko';
import { useStore } from '../../state';

/** How long "동기화 완료" stays after waiting marks reach the server. */
export const SYNC_DONE_MS = 5000;
/** Marks still waiting this long with the server up show "보내는 중" (a mark sent at once does not flash it). */
export const SYNC_WAITING_MS = 600;

/**
 * The visible sync state, wherever the player is: while the server cannot be reached, a banner with
 * the number of marks waiting (it reconnects by itself); with the server up but marks still in the
 * outbox (a slow answer, a retry under way), "보내는 중"; "동기화 완료" once waiting marks are delivered.
 */
export function SyncStatus() {
  const { connection } = useStore();
  const [now, setNow] = useState(() => Date.now());
  const [waitedLong, setWaitedLong] = useState(false);
  const justSynced = connection.online && connection.syncedAt > 0 && now - connection.syncedAt < SYNC_DONE_MS;
  const waiting = connection.waiting > 0;
  useEffect(() => {
    if (!connection.syncedAt) return;
    setNow(Date.now());
    const t = setTimeout(() => setNow(Date.now()), SYNC_DONE_MS);
    return () => clearTimeout(t);
  }, [connection.syncedAt]);
  useEffect(() => {
    setWaitedLong(false);
    if (!waiting) return;
    const t = setTimeout(() => setWaitedLong(true), SYNC_WAITING_MS);
    return () => clearTimeout(t);
  }, [waiting]);

  if (!connection.online) {
    return (
      <div className="sync-status sync-offline" role="status">
        <strong>{ko.syncOffline(connection.waiting)}</strong>
        <span className="sync-sub">{ko.syncRetrying}</span>
      </div>
    );
  }
  if (waiting && waitedLong)
    return (
      <div className="sync-status sync-waiting" role="status">
        <strong>{ko.syncWaiting(connection.waiting)}</strong>
      </div>
    );
  if (justSynced)
    return (
      <div className="sync-status sync-done" role="status">
        <strong>{ko.syncDone}</strong>
      </div>
    );
  return null;
}
