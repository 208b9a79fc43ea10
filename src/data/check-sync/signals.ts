// The check sync's signals on the page, for tests and tools to wait on instead of sleeping (issue 24):
//   <html data-check-sync="idle|busy">  busy while a change is on its way anywhere: an outbox pass, a pushed
//                                       change being applied, progress counts not yet in step with the found set;
//   <html data-checks-seq="N">          the found set's revision (check-log.ts) the progress counts have applied;
//   <html data-checks-pending="K">      changes waiting in the outbox (sent when the server answers again).
// Beside them, <html data-live-checks="USER_ID"> (live.ts) says whose changes reach the page live.
import { checkRevision, store } from '../../state';

let active = 0;
let applied = 0;
let progressBusy = false;

function root(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.documentElement;
}

/** Writes the signals as they stand now. */
export function refreshCheckSignals(): void {
  const el = root();
  if (!el) return;
  const busy = active > 0 || progressBusy || applied !== checkRevision();
  el.dataset.checkSync = busy ? 'busy' : 'idle';
  el.dataset.checksSeq = String(applied);
  el.dataset.checksPending = String(store.connection.waiting);
}

/** Counts `work` as check-sync activity until it settles (the signal says busy meanwhile). */
export function trackCheckSync<T>(work: Promise<T>): Promise<T> {
  active++;
  refreshCheckSignals();
  return work.finally(() => {
    active--;
    refreshCheckSignals();
  });
}

/** The progress sync's state: the revision its counts applied, and whether it is applying one. */
export function setProgressSyncState(s: { applied: number; busy: boolean }): void {
  applied = s.applied;
  progressBusy = s.busy;
  refreshCheckSignals();
}

/** Removes the signals (the data layer stopped). */
export function clearCheckSignals(): void {
  const el = root();
  if (!el) return;
  delete el.dataset.checkSync;
  delete el.dataset.checksSeq;
  delete el.dataset.checksPending;
}
