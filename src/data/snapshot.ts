// The map's pins come as one snapshot per region (issue 21): a version check (every region's version), then the
// region's snapshot from IndexedDB when it is still current (warm start: no pin bytes downloaded), else from the
// network, streamed into the pins worker and drawn as it comes. Versions are per region: an edit in one region leaves
// the snapshots kept of the others current. Every category of the region is then held: turning categories on is a filter.
// Live edits arrive on top as changes (live-pins.ts). The per-category path (categories.ts) stays for the opened
// pin's category and the search page.
import * as Comlink from 'comlink';
import type { PinsWorkerApi, SnapshotLoadResult, SnapshotProgress } from '../../workers/pins/api';
import { keptIsCurrent, regionVersionOf, type SnapshotVersions } from '../../common/pin-snapshot';
import { regionsSharingTileSet } from '../../common/regions';
import { api, ApiClientError } from '../api';
import { setRegionSnapshot, store, subscribeStore } from '../state';
import { localDb, type PinsStoreDb } from './db';
import { keys, paths } from './keys';
import { queryClient } from './query-client';
import type { CategoryGroup } from './types';

/** The worker calls the snapshot path uses. */
export type SnapshotWorker = Pick<PinsWorkerApi, 'loadSnapshot' | 'loadSnapshotBytes'>;

/** How a region's pins were had. */
export type SnapshotSource = 'cached' | 'fetched' | 'offline' | 'none';

/** The snapshot versions now, or null when the server cannot be reached. */
export async function snapshotVersions(): Promise<SnapshotVersions | null> {
  try {
    return await api.get<SnapshotVersions>(paths.pinSnapshot, { suppressToast: true });
  } catch (e) {
    if (e instanceof ApiClientError && e.unreachable) return null;
    throw e;
  }
}

function categoryIcons(): Record<number, number> {
  const groups = queryClient.getQueryData<CategoryGroup[]>(keys.categoryGroups) ?? [];
  const icons: Record<number, number> = {};
  for (const g of groups) for (const c of g.categories) if (c.icon != null) icons[c.id] = c.icon;
  return icons;
}

/**
 * Puts a region's pins in the worker: after a version check, from IndexedDB when the kept snapshot is still current
 * (or the server cannot be reached), else from the network (kept for next time). The map draws as blocks arrive.
 */
export async function ensureRegionSnapshot(
  region: number,
  worker: SnapshotWorker,
  db: PinsStoreDb = localDb(),
  checked: Promise<SnapshotVersions | null> = snapshotVersions(),
): Promise<SnapshotSource> {
  const [versions, row] = await Promise.all([checked, db.snaps.get(region).catch(() => undefined)]);
  const onProgress = Comlink.proxy((p: SnapshotProgress) => setRegionSnapshot(region, { version: p.version, done: false }));
  const opts = { icons: categoryIcons() };
  const held = (r: SnapshotLoadResult) => setRegionSnapshot(region, { version: r.version, done: true });
  if (row && (versions === null || keptIsCurrent(versions, region, row.version))) {
    held(await worker.loadSnapshotBytes(region, row.bytes, opts, onProgress));
    return versions === null ? 'offline' : 'cached';
  }
  if (versions === null) return 'none';
  const res = await worker.loadSnapshot(region, regionVersionOf(versions, region), opts, onProgress);
  held(res);
  if (res.bytes) await db.snaps.put({ region, version: res.version, bytes: res.bytes, pins: res.pins }).catch(() => undefined);
  return 'fetched';
}

/**
 * Keeps the snapshots of the regions the map shows (the chosen region and those sharing its tile set) in the worker:
 * each is loaded once per session (live edits keep it current after). Returns the function that stops it.
 */
export function startRegionSnapshots(worker: SnapshotWorker, db: PinsStoreDb = localDb()): () => void {
  const asked = new Set<number>();
  const load = () => {
    const todo = regionsSharingTileSet(store.mapRegion).filter(({ id }) => !asked.has(id) && !store.pins.snapshots[id]);
    if (!todo.length) return;
    // One version check for the regions shown together.
    const checked = snapshotVersions();
    for (const { id } of todo) {
      asked.add(id);
      // A failed load is asked again with the next change of region.
      void ensureRegionSnapshot(id, worker, db, checked).then(
        (source) => source === 'none' && asked.delete(id),
        () => asked.delete(id),
      );
    }
  };
  load();
  return subscribeStore(load);
}

/**
 * Resolves once the pins of the regions the map shows are all held (their snapshots fully read), or with false after
 * `timeoutMs` (offline with nothing kept, a failed load: the question is then answered from what is held). A question
 * over every pin of the view ("nearest unfound") waits on it: asked while the snapshot still streams in, it would
 * answer from part of the pins, or from none.
 */
export function whenShownRegionsHeld(timeoutMs = 5_000): Promise<boolean> {
  const held = () => regionsSharingTileSet(store.mapRegion).every(({ id }) => store.pins.snapshots[id]?.done === true);
  if (held()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      stop();
      resolve(ok);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    const stop = subscribeStore(() => held() && finish(true));
  });
}

/** Loads the snapshots the map holds again after a bulk change (an import): one version check, then the regions that moved. */
export async function reloadRegionSnapshots(worker: SnapshotWorker, db: PinsStoreDb = localDb()): Promise<void> {
  const versions = await snapshotVersions().catch(() => null);
  if (!versions) return;
  // A region whose held snapshot is still current keeps it (with the live edits applied on top since).
  const moved = Object.entries(store.pins.snapshots)
    .filter(([id, held]) => !keptIsCurrent(versions, Number(id), held.version))
    .map(([id]) => Number(id));
  const checked = Promise.resolve(versions);
  await Promise.all(moved.map((id) => ensureRegionSnapshot(id, worker, db, checked).catch(() => 'none')));
}
