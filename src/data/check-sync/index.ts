// The check sync: one owner on the page for a player's checks once they are in the store (issue 24 item 2).
//
// Where "checked" lives, and who derives from it (a copy is a set of pin ids kept in step by hand; a view is
// read from one of them when asked):
//   owner across devices  the server (profile_checks of the active profile, with checkTime and the action log);
//   kept on this device   Dexie `checks` (the server-confirmed list) + `outbox` (changes not yet accepted), or a
//                         visitor's marks (visitor-checks.ts): what survives a reload. They are read only to
//                         publish into the store (checks.ts publishChecks), never by a view;
//   the page's one copy   `store.checks` (valtio, src/state): one Set changed in place (a tick copies no set), written
//                         only by its actions, each change logged in check-log.ts (`store.checksSeq` its revision). Every view on the page reads it: the pin page and the search page through
//                         `useFound` (hooks.ts; a server answer's own flag only until the store holds this
//                         player's), the pin menu, the route panel, a visitor's "남은 핀" list, the overlay;
//   the worker's copy     PinStore's one found Set (workers/pins), told by the bridge the log's changes
//                         (`updateChecked`) or the whole set on a reset (`setChecked`); its categories read that
//                         Set (CategoryPins.isFound), so hide-found, the layout and getPin derive from it;
//   the engine's copy     the Checked flag of each drawn pin: taken with the worker's pins, then moved by the
//                         log's changes (engine-bridge.ts): what a pin looks like;
//   derived, no ids kept  the progress counts (progress-sync.ts: moved by the log's changes, no request per tick),
//                         the route overlay's done stops.
// Counted in the same terms: in-memory copies of the found set on the page 4 -> 3 (store, worker, engine; the
// worker's per-category found arrays are gone: it held two); a reset or a category load refills no per-pin array
// (was a pass over every pin held); the pin and search pages decide "found" in one place; a visitor's "남은 핀"
// reads the store, not Dexie.
//
// This service keeps what is derived from the store's set in step (the progress counts) and says on the page
// where the sync stands (signals.ts), so tests wait on it rather than on time.
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
