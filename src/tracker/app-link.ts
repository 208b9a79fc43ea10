import { setFloor, setPlayerPosition, setRegion, setTracking, store } from '../state';
import { tracker } from './tracker';
import type { TrackerStore } from './TrackerStore';

let linked: (() => void) | undefined;

/**
 * Forwards the tracker to the app store, which the engine bridge draws: positions become
 * `tracking.position` (rotation in radians from +x, clockwise), the session becomes
 * `tracking.{connected, mode, url, code}`, and while following, the map switches to the
 * player's region and floor. Idempotent; returns the unlink function.
 */
export function linkTrackerToApp(source: TrackerStore = tracker): () => void {
  if (linked) return linked;
  let firstSample = true;
  const offStatus = source.onStatus((now) => {
    const t = now.target;
    setTracking({
      connected: now.status === 'connected',
      mode: t && now.status !== 'closed' && now.status !== 'failed' ? t.mode : 'off',
      url: t?.mode === 'local' ? t.url : undefined,
      code: t?.mode === 'external' ? t.code : undefined,
    });
    if (now.status === 'closed' || now.status === 'failed') {
      setPlayerPosition(undefined);
      firstSample = true;
    }
  });
  const offPosition = source.onPosition((s) => {
    // The first position of a session turns follow on; panning by hand pauses it in the engine.
    if (firstSample) {
      firstSample = false;
      setTracking({ follow: true });
    }
    if (store.tracking.follow) {
      if (store.mapRegion !== s.regionId) setRegion(s.regionId);
      if (store.floor !== s.floor) setFloor(s.floor);
    }
    setPlayerPosition({ x: s.x, y: s.y, z: s.info.z, region: s.regionId, floor: s.floor, rotation: s.heading });
  });
  linked = () => {
    offStatus();
    offPosition();
    linked = undefined;
  };
  return linked;
}

/** After a reload: links the tracker to the app and reconnects to the target this tab remembered. */
export function resumeTrackerSession(): boolean {
  linkTrackerToApp();
  return tracker.resume();
}
