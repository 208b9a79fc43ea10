// The camera's 250 ms tween (double-click, keys, setCamera with animate): an ease-out from one
// camera to another, zooming about an anchor when one is given.
import { zoomAbout, type Viewport } from './camera';
import type { CameraState } from './types';

const ANIMATION_MS = 250;

/** A camera animation: from, to, its start time and the screen point a zoom keeps still. */
export interface Tween {
  from: CameraState;
  to: CameraState;
  start: number;
  anchor?: { x: number; y: number };
}

/** The camera at time `now` along tween `tw`, and whether the tween has arrived. */
export function tweenCamera(tw: Tween, now: number, vp: Viewport): { cam: CameraState; done: boolean } {
  const k = Math.min(1, (now - tw.start) / ANIMATION_MS);
  const e = 1 - Math.pow(1 - k, 3);
  const zoom = tw.from.zoom * Math.pow(tw.to.zoom / tw.from.zoom, e);
  if (tw.anchor && tw.from.zoom !== tw.to.zoom) {
    // Zooming about a point: keep the anchored world point under the pointer all the way.
    return { cam: k >= 1 ? tw.to : zoomAbout(tw.from, vp, tw.anchor, zoom), done: k >= 1 };
  }
  return { cam: { x: tw.from.x + (tw.to.x - tw.from.x) * e, y: tw.from.y + (tw.to.y - tw.from.y) * e, zoom }, done: k >= 1 };
}
