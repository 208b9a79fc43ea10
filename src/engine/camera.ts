// Pure camera math: no DOM, no Pixi. The engine's camera state is {x, y, zoom} with (x, y)
// the world point at the centre of a viewport of `width`×`height` CSS pixels.
import type { CameraState, ScreenPoint, WorldPoint } from './types';

/** A viewport in CSS pixels. */
export interface Viewport {
  readonly width: number;
  readonly height: number;
}

/** Where the camera may go: the tile set's extent grown by padding, and the zoom range. */
export interface CameraBounds {
  readonly extent: readonly [number, number, number, number];
  readonly padding: number;
  readonly minZoom: number;
  readonly maxZoom: number;
}

/** Brands a world point. */
export function worldPoint(x: number, y: number): WorldPoint {
  return { x, y } as WorldPoint;
}

/** Brands a screen point. */
export function screenPoint(x: number, y: number): ScreenPoint {
  return { x, y } as ScreenPoint;
}

/** World → screen (CSS px from the viewport's top-left). */
export function worldToScreen(cam: CameraState, vp: Viewport, p: { x: number; y: number }): ScreenPoint {
  return screenPoint((p.x - cam.x) * cam.zoom + vp.width / 2, (p.y - cam.y) * cam.zoom + vp.height / 2);
}

/** Screen → world. */
export function screenToWorld(cam: CameraState, vp: Viewport, p: { x: number; y: number }): WorldPoint {
  return worldPoint((p.x - vp.width / 2) / cam.zoom + cam.x, (p.y - vp.height / 2) / cam.zoom + cam.y);
}

/** The zoom (power of two) a region's info `level` asks for: 2^(level − 3). */
export function zoomForLevel(level: number): number {
  return 2 ** (level - 3);
}

/** Clamps a zoom into the bounds' range. */
export function clampZoom(b: CameraBounds, zoom: number): number {
  return Math.min(b.maxZoom, Math.max(b.minZoom, zoom));
}

/**
 * Keeps the view inside extent+padding: the centre may move until the viewport's edge meets
 * the padded extent; when the view is wider than the padded extent the centre sits in its middle.
 */
export function clampCamera(b: CameraBounds, vp: Viewport, cam: CameraState): CameraState {
  const zoom = clampZoom(b, cam.zoom);
  const [x0, y0, x1, y1] = b.extent;
  const hw = vp.width / 2 / zoom;
  const hh = vp.height / 2 / zoom;
  return {
    x: clampAxis(cam.x, x0 - b.padding + hw, x1 + b.padding - hw),
    y: clampAxis(cam.y, y0 - b.padding + hh, y1 + b.padding - hh),
    zoom,
  };
}

function clampAxis(v: number, lo: number, hi: number): number {
  if (lo > hi) return (lo + hi) / 2;
  return Math.min(hi, Math.max(lo, v));
}

/** Zooms to `zoom` keeping the world point under screen point `anchor` where it is. */
export function zoomAbout(cam: CameraState, vp: Viewport, anchor: { x: number; y: number }, zoom: number): CameraState {
  const w = screenToWorld(cam, vp, anchor);
  return {
    x: w.x - (anchor.x - vp.width / 2) / zoom,
    y: w.y - (anchor.y - vp.height / 2) / zoom,
    zoom,
  };
}

/** The camera at `zoom` that shows world point `p` at screen point `at` (to center a pin beside a panel). */
export function placing(p: { x: number; y: number }, at: { x: number; y: number }, vp: Viewport, zoom: number): CameraState {
  return { x: p.x - (at.x - vp.width / 2) / zoom, y: p.y - (at.y - vp.height / 2) / zoom, zoom };
}

/** Moves the camera so the map follows a drag of (dx, dy) CSS pixels. */
export function panBy(cam: CameraState, dx: number, dy: number): CameraState {
  return { x: cam.x - dx / cam.zoom, y: cam.y - dy / cam.zoom, zoom: cam.zoom };
}

/** The world rectangle [minX, minY, maxX, maxY] the viewport shows, grown by `marginPx` CSS pixels. */
export function visibleWorldRect(cam: CameraState, vp: Viewport, marginPx = 0): [number, number, number, number] {
  const hw = (vp.width / 2 + marginPx) / cam.zoom;
  const hh = (vp.height / 2 + marginPx) / cam.zoom;
  return [cam.x - hw, cam.y - hh, cam.x + hw, cam.y + hh];
}

/**
 * Default camera bounds for a tile set: zoom out until the padded extent fits the viewport
 * (at least 1/64), zoom in to 4 (a scale-100 tile pixel as 4 CSS px).
 */
export function boundsFor(extent: readonly [number, number, number, number], padding: number, vp: Viewport): CameraBounds {
  const w = extent[2] - extent[0] + 2 * padding;
  const h = extent[3] - extent[1] + 2 * padding;
  const fit = Math.min(vp.width / w, vp.height / h);
  return { extent, padding, minZoom: Math.max(1 / 64, Math.min(fit, 1 / 8)), maxZoom: 4 };
}
