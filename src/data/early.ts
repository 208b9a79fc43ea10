// The start's first requests (issue 21), sent by src/early-start.ts (index.html's first script) before the app's
// code (React, Pixi, the pages: about 2.4 s of module loading and evaluation at load 24 here) has run, so the first
// snapshot request waits on one round of requests. Start-up takes them up: react-query holds
// the category list, takeEarlyVersion() the version check. This module imports no page, engine or store code.
import { getPinsWorker } from '../../workers/pins/client';
import type { SnapshotVersions } from '../../common/pin-snapshot';
import { api, ApiClientError } from '../api';
import { keys, paths } from './keys';
import { queryClient } from './query-client';
import type { CategoryGroup } from './types';
import { isMapRoute, isOverlayRoute } from '../map-routes';

/** How start-up runs. */
export interface StartOptions {
  /**
   * Where the map's pins come from: region snapshots (default, issue 21) or one request per category (SPEC §4); or
   * none, where the page loads the pins it draws itself (the stream overlay).
   */
  pins?: 'snapshot' | 'category' | 'none';
  /**
   * Called once the stored settings are in the store, before `me` or anything else is asked for: a page applies the
   * address's view then, so a slow `me` (offline, a busy server) never holds the map on the stored region.
   */
  onSettingsApplied?: () => void;
}

/**
 * The pins path a page's address asks for: none on the stream overlay; the scale bench's `?bench&pins=category`
 * compares today's.
 */
export function startOptionsOf(search: string, pathname = '/'): StartOptions {
  if (isOverlayRoute(pathname)) return { pins: 'none' };
  const q = new URLSearchParams(search);
  return q.has('bench') && q.get('pins') === 'category' ? { pins: 'category' } : {};
}

/** The category list (react-query's, fetched once: its icons go with the snapshots). */
export function fetchGroups(): Promise<CategoryGroup[]> {
  return queryClient.fetchQuery({ queryKey: keys.categoryGroups, queryFn: () => api.get<CategoryGroup[]>(paths.categoryGroups, { suppressToast: true }) });
}

/** The snapshot versions now (the world's and every region's), or null when the server cannot be reached. */
export async function snapshotVersions(): Promise<SnapshotVersions | null> {
  try {
    return await api.get<SnapshotVersions>(paths.pinSnapshot, { suppressToast: true });
  } catch (e) {
    if (e instanceof ApiClientError && e.unreachable) return null;
    throw e;
  }
}

let early: Promise<SnapshotVersions | null> | null = null;
let earlyAt = 0;
/** How old an early version check may be when taken: older, a start asks again (edits since would be missed). */
const EARLY_VERSION_MS = 10_000;
/** Sends the start's version check now; the first startRegionSnapshots takes it up instead of asking again. */
export function checkSnapshotVersionEarly(): void {
  if (!early) earlyAt = Date.now();
  early ??= snapshotVersions();
  // Its failure is the start's to handle (it retries with the next change of region), not an unhandled rejection.
  early.catch(() => {});
}

/** The version check sent early, once and while fresh (null when none was, it was taken, or it is stale). */
export function takeEarlyVersion(): Promise<SnapshotVersions | null> | null {
  const v = early;
  early = null;
  return v && Date.now() - earlyAt <= EARLY_VERSION_MS ? v : null;
}

/**
 * The early requests a page's address asks for: the map's start (null where no map is shown: /login, /overlay, which
 * runs its own pins, and the pages the map is not behind, which ask for what they need when they need it; a map
 * opened later starts it then).
 */
export function earlyStartOf(pathname: string, search: string): StartOptions | null {
  return isMapRoute(pathname) ? startOptionsOf(search) : null;
}

/** The pins worker's script, the category list and (for region snapshots) the version check, all at once. */
export function sendEarlyRequests(opts: StartOptions = {}): void {
  getPinsWorker();
  fetchGroups().catch(() => {});
  if (opts.pins !== 'category') checkSnapshotVersionEarly();
}
