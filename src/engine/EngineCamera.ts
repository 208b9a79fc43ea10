// The engine's camera (EngineFrame holds one): where it looks, the viewport, the bounds of the
// region's tile set that clamp it, the 250 ms tween under way and the resize that follows the
// container. The camera math itself is camera.ts and camera-motion.ts; see LIFE-OF-A-FRAME.md.
import type { Region } from '../../common/regions';
import { boundsFor, clampCamera, type CameraBounds, type Viewport } from './camera';
import { tweenCamera, type Tween } from './camera-motion';
import type { CameraState } from './types';

export class EngineCamera {
  cam: CameraState = { x: 0, y: 0, zoom: 1 };
  bounds: CameraBounds;
  tween: Tween | null = null;
  /** Bumped by every move and resize: the tiles are looked at again when it moved. */
  version = 1;

  /**
   * `moved` hears every change of the camera; `touch` asks for a frame (a tween to advance);
   * `started` hears a tween begin (before its first frame moves the camera).
   */
  constructor(
    public vp: Viewport,
    region: Region,
    private readonly moved: () => void,
    private readonly touch: () => void,
    private readonly started: () => void = () => {},
  ) {
    this.bounds = boundsFor(region.info.extent, region.info.padding, vp);
  }

  /** Clamps the camera to a region's extent (and the zoom range) from now on. */
  fit(region: Region): void {
    this.bounds = boundsFor(region.info.extent, region.info.padding, this.vp);
  }

  /** Moves the camera at once, clamped; nothing happens when it stays where it is. */
  apply(c: CameraState): void {
    const next = clampCamera(this.bounds, this.vp, c);
    if (next.x === this.cam.x && next.y === this.cam.y && next.zoom === this.cam.zoom) return;
    this.cam = next;
    this.version++;
    this.moved();
  }

  startTween(to: CameraState, anchor?: { x: number; y: number }): void {
    this.tween = {
      from: { ...this.cam },
      to: clampCamera(this.bounds, this.vp, to),
      start: performance.now(),
      ...(anchor ? { anchor } : {}),
    };
    this.started();
    this.touch();
  }

  /** Advances the tween under way, if any, to time `now`. */
  step(now: number): void {
    if (!this.tween) return;
    const { cam, done } = tweenCamera(this.tween, now, this.vp);
    this.apply(cam);
    if (done) this.tween = null;
  }

  /** The container's new size (CSS px): the region's bounds follow, and the camera is clamped again. */
  resize(vp: Viewport, region: Region): void {
    this.vp = vp;
    this.fit(region);
    this.version++;
    this.apply(this.cam);
    this.touch();
  }
}
