import type { CameraState } from '../../engine';
import { isKnownRegion } from '../../regions';

/** The view a link carries: region and camera (SPEC "the URL reflects region, camera and the open pin"). */
export interface UrlView {
  region: number | null;
  camera: CameraState | null;
}

/** Reads ?r=&x=&y=&z= (z is the zoom); anything malformed is ignored. */
export function readUrlView(search: string): UrlView {
  const p = new URLSearchParams(search);
  const r = Number(p.get('r'));
  const x = Number(p.get('x'));
  const y = Number(p.get('y'));
  const z = Number(p.get('z'));
  const hasCam = p.has('x') && p.has('y') && Number.isFinite(x) && Number.isFinite(y);
  return {
    region: p.has('r') && isKnownRegion(r) ? r : null,
    camera: hasCam ? { x, y, zoom: p.has('z') && Number.isFinite(z) && z > 0 ? z : 1 } : null,
  };
}

/** Writes region and camera into a query string, keeping any other parameters. */
export function writeUrlView(search: string, region: number, camera: CameraState): string {
  const p = new URLSearchParams(search);
  p.set('r', String(region));
  p.set('x', String(Math.round(camera.x)));
  p.set('y', String(Math.round(camera.y)));
  p.set('z', camera.zoom.toFixed(3).replace(/\.?0+$/, ''));
  return `?${p.toString()}`;
}
