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

// The address this page was loaded with, read when this module is first evaluated: before the map (which imports it)
// can write its resting camera into the address bar. Forgotten once the app goes to another path.
let loaded: { pathname: string; search: string } | null =
  typeof window === 'undefined' ? null : { pathname: window.location.pathname, search: window.location.search };

/**
 * The query string a route was opened with: the page's address as loaded while the app is still at the path it was
 * loaded at, else `search`. The map writes its camera into the address bar when it first comes to rest, which can be
 * before a page loaded on demand first renders; that camera is the map's, not the link's (a pin link then never flew
 * to its pin: tests/e2e/journeys/small-things.spec.ts).
 */
export function openedSearch(pathname: string, search: string): string {
  return loaded && loaded.pathname === pathname ? loaded.search : search;
}

/** The app is at `pathname` now: the address it was loaded with no longer names the route shown once it leaves. */
export function routeShown(pathname: string): void {
  if (loaded && loaded.pathname !== pathname) loaded = null;
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
