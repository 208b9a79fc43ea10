import type { CameraState } from '../engine';
import { isKnownRegion } from '../../common/regions';

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

/** The filters a share link carries; undefined = not in the link (the receiver's own stay). */
export interface UrlFilters {
  categories: number[] | undefined;
  /** A floor depth, null for the base map. */
  floor: number | null | undefined;
  tags: number[] | undefined;
}

function ids(v: string | null): number[] | undefined {
  if (v == null) return undefined;
  return v
    .split(',')
    .filter((s) => /^\d+$/.test(s))
    .map(Number)
    .filter((n) => n > 0);
}

/** Reads ?c= (categories), ?f= (floor, 'base' for the base map) and ?t= (highlighted tags). */
export function readUrlFilters(search: string): UrlFilters {
  const p = new URLSearchParams(search);
  const f = p.get('f');
  return {
    categories: ids(p.get('c')),
    floor: f == null ? undefined : f === 'base' ? null : /^-?\d+$/.test(f) ? Number(f) : undefined,
    tags: ids(p.get('t')),
  };
}

/** Writes categories, floor and highlighted tags into a query string, keeping any other parameters. */
export function writeUrlFilters(
  search: string,
  f: { categories: readonly number[]; floor: number | null; tags: readonly number[] },
): string {
  const p = new URLSearchParams(search);
  p.set('c', f.categories.join(','));
  p.set('f', f.floor == null ? 'base' : String(f.floor));
  p.set('t', f.tags.join(','));
  return `?${p.toString().replace(/%2C/g, ',')}`;
}
