import { useEffect, useState } from 'react';
import { ko } from '../../i18n/ko';
import { useStore } from '../../state';

/** How long "동기화 완료" stays after waiting marks reach the server. */
export const SYNC_DONE_MS = 5000;

/**
 * The visible sync state, wherever the player is: while the server cannot be reached, a banner with
 * the number of marks waiting (it reconnects by itself); "동기화 완료" once they are delivered.
 */
export function SyncStatus() {
  const { connection } = useStore();
  const [now, setNow] = useState(() => Date.now());
  const justSynced = connection.online && connection.syncedAt > 0 && now - connection.syncedAt < SYNC_DONE_MS;
  useEffect(() => {
    if (!connection.syncedAt) return;
    setNow(Date.now());
    const t = setTimeout(() => setNow(Date.now()), SYNC_DONE_MS);
    return () => clearTimeout(t);
  }, [connection.syncedAt]);

  if (!connection.online) {
    return (
      <div className="sync-status sync-offline" role="status">
        <strong>{ko.syncOffline(connection.waiting)}</strong>
        <span className="sync-sub">{ko.syncRetrying}</span>
      </div>
    );
  }
  if (justSynced) return <div className="sync-status sync-done" role="status"><strong>{ko.syncDone}</strong></div>;
  return null;
}
