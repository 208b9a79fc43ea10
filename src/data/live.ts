import { fetchCheckList, publishChecks } from './checks';
import { trackCheckSync } from './check-sync/signals';
import { localDb, type PinsStoreDb } from './db';
import { EVENTS_RETRY_MS, type EventStream } from './events';
import { keys } from './keys';
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
  // The profiles' found-counts moved (or another device switched profile: `full`).
  void queryClient.invalidateQueries({ queryKey: keys.profiles });
  if (n.full) void queryClient.invalidateQueries({ queryKey: keys.progressAll });
  // Open pin details hold their own isChecked: read them again.
  void queryClient.invalidateQueries({ queryKey: ['pin'] });
  return outcome === 'fetch' ? 'fetched' : 'applied';
}

/**
 * Follows the signed-in player's checks live over the page's event stream: marks made on any other
 * device show here at once. The server reads the session when the stream opens, so a sign-in or
 * sign-out opens it again. Changes made before a `ready` are only in the list: after a reconnect,
 * and after each opening this function asks for, the list is fetched again; the page's first
 * opening is the caller's to follow with a fetch (start-up reads the list once the stream is
 * `opened`). Returns the stop function.
 */
export function startLiveChecks(events: EventStream, currentUserId: () => number | null, db: PinsStoreDb = localDb()): () => void {
  let user = currentUserId();
  let mismatches = 0;
  let fixing: ReturnType<typeof setTimeout> | null = null;
  // Set when this function reopened the stream: its ready is followed by a fetch of the list.
  let catchUp = false;
  // The page says whose changes reach it live (`<html data-live-checks="USER_ID">`): a signal for
  // tests and tools, set at a ready for the player, cleared while the stream is opened again.
  const live = (userId: number | null) => {
    const root = typeof document === 'undefined' ? null : document.documentElement;
    if (!root) return;
    if (userId == null) delete root.dataset.liveChecks;
    else root.dataset.liveChecks = String(userId);
  };
  const reopen = () => {
    catchUp = true;
    live(null);
    events.reopen();
  };
  const refetch = (userId: number) => fetchCheckList(db).then(() => publishChecks(userId, db));

  const offReady = events.on('ready', ({ userId, reconnect }) => {
    const want = currentUserId();
    if (want == null || userId === want) {
      mismatches = 0;
      if (want != null && (reconnect || catchUp)) void refetch(want).catch(() => undefined);
      catchUp = false;
      live(want);
      return;
    }
    // Opened without the player's session (an expired access cookie): fetching the list refreshes it
    // through the API client, then the stream opens again as theirs (at once the first time).
    if (fixing) return;
    fixing = setTimeout(() => {
      void refetch(want).catch(() => undefined).finally(() => {
        fixing = null;
        if (currentUserId() === want) reopen();
      });
    }, mismatches++ === 0 ? 0 : EVENTS_RETRY_MS);
  });
  const offCheck = events.on('check', (data) => {
    const n = JSON.parse(data) as CheckNotice;
    if (n.userId === currentUserId()) void trackCheckSync(applyNotice(n, db)).catch(() => undefined);
  });
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return;
    if (JSON.stringify(event.query.queryKey) !== JSON.stringify(keys.me) || currentUserId() === user) return;
    user = currentUserId();
    reopen();
  });
  return () => {
    live(null);
    if (fixing) clearTimeout(fixing);
    offReady();
    offCheck();
    unsubscribe();
  };
}
