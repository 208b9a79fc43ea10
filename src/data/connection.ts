// Heals the app after an outage: while the server cannot be reached it is probed with backoff; when
// it answers again `me` is read again, every query that failed is fetched again and the outbox is
// sent. The store's `connection` drives the offline banner.
import { onReachability } from '../api';
import { setOnline, store } from '../state';
import { syncChecks } from './checks';
import { localDb, type PinsStoreDb } from './db';
import { keys } from './keys';
import { queryClient } from './query-client';
import { fetchMe } from './session';

/** Delays between probes while the server cannot be reached (the last one repeats). */
export const PROBE_DELAYS_MS = [1000, 2000, 4000, 8000, 15_000, 30_000] as const;

/** Watches reachability and heals on return; returns the stop function. */
export function startConnectionWatch(db: PinsStoreDb = localDb()): () => void {
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const probe = () => {
    timer = undefined;
    // Its answer (or failure) comes back through onReachability.
    void fetchMe().catch(() => {});
  };
  const schedule = (delay: number = PROBE_DELAYS_MS[Math.min(attempt++, PROBE_DELAYS_MS.length - 1)]!) => {
    if (timer === undefined && !stopped) timer = setTimeout(probe, delay);
  };
  const heal = async () => {
    attempt = 0;
    const me = await queryClient.fetchQuery({ queryKey: keys.me, queryFn: fetchMe, staleTime: 0, retry: false }).catch(() => undefined);
    await queryClient.refetchQueries({ predicate: (q) => q.state.status === 'error' }).catch(() => {});
    if (me) await syncChecks(me.id, me.checkTime, db).catch(() => {});
  };

  const off = onReachability((reachable) => {
    const was = store.connection.online;
    setOnline(reachable);
    if (!reachable) schedule();
    else if (!was) {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      void heal();
    }
  });
  // The browser says the network is back: probe now rather than at the next step of the backoff.
  const onOnline = () => {
    if (store.connection.online) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    schedule(0);
  };
  window.addEventListener('online', onOnline);
  return () => {
    stopped = true;
    off();
    window.removeEventListener('online', onOnline);
    if (timer !== undefined) clearTimeout(timer);
  };
}
