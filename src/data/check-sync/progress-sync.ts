// The progress counts (found/total per category, region and cell) kept in step with the found set from its
// changes: a tick moves one count here, on every device, with no request (issue 24 item 2). The counts come
// from the server once (and again after a reset: a sign-in, a profile switch, an import); each later change
// of the store's found set (check-log.ts) is applied to the cached answer by where its pins count, which the
// pins worker tells (`placesOf`). A pin the worker does not hold, or a change that lands while an answer is on
// its way, asks the server again instead.
import type { Progress } from '../../../common/progress';
import { checkChangesSince, checkRevision, store, subscribeStore } from '../../state';
import { keys } from '../keys';
import { queryClient } from '../query-client';
import { VISITOR_ID } from '../visitor-checks';
import { trackCheckSync } from './signals';

/** Where pins count: pairs (category id, region) per id; (-1, -1) for a pin not known here. */
export type PlacesOf = (ids: Int32Array) => Promise<Int32Array>;

/** The progress query's user key for whose found set the store holds (0: a visitor); null: nobody's. */
function progressUser(): number | null {
  const of = store.checksOf;
  return of == null ? null : of === VISITOR_ID ? 0 : of;
}

// Read afresh each time: an answer may set out while the worker is asked.
const fetching = (q: { state: { fetchStatus: string } }) => q.state.fetchStatus === 'fetching';

/** The counts with the net change applied (a new object: react-query and React see a new answer). */
export function applyProgressChange(p: Progress, net: ReadonlyMap<number, boolean>, ids: Int32Array, places: Int32Array): Progress {
  const byCategory = { ...p.byCategory };
  const byRegion = { ...p.byRegion };
  const byRegionCategory = { ...p.byRegionCategory };
  for (let k = 0; k < ids.length; k++) {
    const category = places[2 * k]!;
    const region = places[2 * k + 1]!;
    const d = net.get(ids[k]!) ? 1 : -1;
    const bump = <T extends Record<number, { total: number; checked: number }>>(table: T, key: number) => {
      const c = table[key];
      if (c) (table as Record<number, { total: number; checked: number }>)[key] = { ...c, checked: Math.min(c.total, Math.max(0, c.checked + d)) };
    };
    bump(byCategory, category);
    bump(byRegion, region);
    const cells = (byRegionCategory[region] = { ...byRegionCategory[region] });
    bump(cells, category);
  }
  return { byCategory, byRegion, byRegionCategory };
}

/** What the sync is doing, for the page's signals. */
export interface ProgressSyncState {
  /** The check revision the counts have applied. */
  applied: number;
  /** Whether a change is being applied (a worker call, a fetch asked for). */
  busy: boolean;
}

/**
 * Follows the store's found set and keeps the cached progress of its player in step. `onState` hears each
 * move (the signals). Returns the stop function.
 */
export function startProgressSync(placesOf: PlacesOf | null, onState: (s: ProgressSyncState) => void = () => {}): () => void {
  let applied = checkRevision();
  let running = false;
  let stopped = false;
  // Counted as activity until the answer is in (the page's check-sync signal stays busy meanwhile).
  const refetch = () => void trackCheckSync(queryClient.invalidateQueries({ queryKey: keys.progressAll })).catch(() => {});

  const step = async () => {
    if (running || stopped || applied === checkRevision()) return;
    running = true;
    try {
      while (!stopped && applied !== checkRevision()) {
        onState({ applied, busy: true });
        const to = checkRevision();
        const net = checkChangesSince(applied);
        const user = progressUser();
        const query = user == null ? undefined : queryClient.getQueryCache().find<Progress>({ queryKey: keys.progress(user), exact: true });
        applied = to;
        // No counts held for this player yet: the first answer will have the change.
        if (!query?.state.data) continue;
        // A reset (first load, another account, an import), a change the log no longer reaches, or an answer on its
        // way that may or may not hold it: the server counts again.
        if (!net || !placesOf || fetching(query)) {
          refetch();
          continue;
        }
        const ids = Int32Array.from(net.keys());
        const places = await placesOf(ids);
        if (places.some((v, i) => i % 2 === 0 && v < 0) || fetching(query)) {
          refetch();
          continue;
        }
        queryClient.setQueryData<Progress>(keys.progress(user!), (p) => (p ? applyProgressChange(p, net, ids, places) : p));
        // An open "남은 핀" list of a cell that moved reads again (only a shown one is fetched).
        for (let k = 0; k < ids.length; k++) {
          const key = keys.progressLeft(user!, places[2 * k + 1]!, places[2 * k]!);
          void queryClient.invalidateQueries({ queryKey: key, exact: true });
        }
      }
    } catch {
      refetch();
    } finally {
      running = false;
      onState({ applied, busy: false });
    }
    // A change that came while the worker answered.
    if (!stopped && applied !== checkRevision()) void step();
  };
  const unsubscribe = subscribeStore(() => void step());
  onState({ applied, busy: false });
  return () => {
    stopped = true;
    unsubscribe();
  };
}
