import { apiBaseHost } from '../api';
import { fetchCheckList, publishChecks } from './checks';
import { localDb, type PinsStoreDb } from './db';
import { keys, paths } from './keys';
import { queryClient } from './query-client';

/** A change of the player's checks pushed by the server (any device, any server process). */
export interface CheckNotice {
  userId: number;
  checkTime: number;
  lastCheckTime: number;
  on: number[];
  off: number[];
  /** Too many pins to name: fetch the whole list. */
  full?: boolean;
}

/** Wait before reopening a stream the server closed (ms). */
export const LIVE_RETRY_MS = 5000;

/**
 * Applies a pushed change to the local record: one change over the record it follows, else the
 * whole list again (a change was missed, or too big to name); a change already held is ignored.
 */
export async function applyNotice(n: CheckNotice, db: PinsStoreDb = localDb()): Promise<'applied' | 'held' | 'fetched'> {
  const outcome = await db.transaction('rw', db.checks, async () => {
    const record = await db.checks.get(n.userId);
    if (record && record.checkTime >= n.checkTime) return 'held' as const;
    if (n.full || !record || record.checkTime !== n.lastCheckTime) return 'fetch' as const;
    const ids = new Set(record.pinIds);
    for (const id of n.on) ids.add(id);
    for (const id of n.off) ids.delete(id);
    await db.checks.put({ userId: n.userId, checkTime: n.checkTime, pinIds: [...ids] });
    return 'applied' as const;
  });
  if (outcome === 'held') return 'held';
  if (outcome === 'fetch') await fetchCheckList(db);
  await publishChecks(n.userId, db);
  void queryClient.invalidateQueries({ queryKey: keys.myActions });
  // Open pin details hold their own isChecked: read them again.
  void queryClient.invalidateQueries({ queryKey: ['pin'] });
  return outcome === 'fetch' ? 'fetched' : 'applied';
}

/**
 * Follows the signed-in player's checks live (Server-Sent Events): marks made on any other
 * device show here at once. Reopens when the user changes or the stream drops; after a
 * reconnect the list is fetched again (changes may have been missed). Returns the stop function.
 */
export function startLiveChecks(currentUserId: () => number | null, db: PinsStoreDb = localDb()): () => void {
  let source: EventSource | null = null;
  let user: number | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const close = () => {
    source?.close();
    source = null;
    if (retry) clearTimeout(retry);
    retry = null;
  };
  const open = (userId: number, reconnect: boolean) => {
    close();
    user = userId;
    const es = new EventSource(`${apiBaseHost()}${paths.liveChecks}`, { withCredentials: true });
    source = es;
    let first = !reconnect;
    es.addEventListener('ready', () => {
      if (!first) void fetchCheckList(db).then(() => publishChecks(userId, db)).catch(() => undefined);
      first = false;
    });
    es.addEventListener('check', (e) => {
      const n = JSON.parse((e as MessageEvent<string>).data) as CheckNotice;
      if (n.userId === user) void applyNotice(n, db).catch(() => undefined);
    });
    es.onerror = () => {
      // The browser retries a dropped stream itself; a refused one (expired session) is closed:
      // fetching the list runs the API client's refresh-and-retry, then the stream reopens.
      if (es.readyState !== EventSource.CLOSED || stopped) return;
      retry = setTimeout(() => {
        void fetchCheckList(db).catch(() => undefined).finally(() => {
          if (!stopped && user === userId && source === es) open(userId, true);
        });
      }, LIVE_RETRY_MS);
    };
  };
  const follow = () => {
    const id = currentUserId();
    if (id === user && (source || retry)) return;
    if (id == null) {
      close();
      user = null;
    } else open(id, false);
  };
  follow();
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && JSON.stringify(event.query.queryKey) === JSON.stringify(keys.me)) follow();
    if (event.type === 'removed' && JSON.stringify(event.query.queryKey) === JSON.stringify(keys.me)) follow();
  });
  return () => {
    stopped = true;
    unsubscribe();
    close();
  };
}
