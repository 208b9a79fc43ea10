import { shownRegionsStatus } from '../data/snapshot';
import { ko } from '../i18n/ko';
import { useStore } from '../state';

/**
 * Where the shown regions' pins stand, for players and tests: `data-state` is held, loading or failed (the store's
 * signal, data/snapshot.ts); a load that broke off says so while it is tried again.
 */
export function PinsLoadNotice() {
  const snap = useStore();
  const state = shownRegionsStatus(snap.mapRegion, snap.pins.snapshots);
  return (
    <p className="map-pins-notice" role="status" data-testid="pins-load" data-state={state}>
      {state === 'failed' ? ko.map.pinsRetrying : ''}
    </p>
  );
}
