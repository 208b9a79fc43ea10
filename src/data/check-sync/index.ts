// The check sync: one owner on the page for a player's checks once they are in the store (issue 24 item 2).
// The found set itself has one copy, the store's (`store.checks`), whose changes check-log.ts records; the
// engine and the pins worker take them through the bridge (src/engine/LIFE-OF-A-CHECK.md). This service keeps
// what is derived from it in step (the progress counts, from the changes, no request per tick) and says on the
// page where the sync stands (signals.ts), so tests wait on it rather than on time.
import { subscribeStore } from '../../state';
import { startProgressSync, type PlacesOf } from './progress-sync';
import { clearCheckSignals, refreshCheckSignals, setProgressSyncState } from './signals';

export { applyProgressChange, startProgressSync, type PlacesOf } from './progress-sync';
export { refreshCheckSignals, trackCheckSync } from './signals';

/** Starts the check sync's derived state and its signals; `placesOf` is the pins worker's (null: counts are fetched). */
export function startCheckSync(placesOf: PlacesOf | null): () => void {
  const stopProgress = startProgressSync(placesOf, setProgressSyncState);
  // The waiting count moves with the store.
  const unsubscribe = subscribeStore(refreshCheckSignals);
  refreshCheckSignals();
  return () => {
    stopProgress();
    unsubscribe();
    clearCheckSignals();
  };
}
