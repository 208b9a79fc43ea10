// The map's pins come as one snapshot per region (issue 21): a version check, then the region's snapshot from
// IndexedDB when it is that version (warm start: no pin bytes downloaded), else from the network, streamed into the
// pins worker and drawn as it comes. Every category of the region is then held: turning categories on is a filter.
// Live edits arrive on top as changes (live-pins.ts). The per-category path (categories.ts) stays for the opened
// pin's category and the search page.
import * as Comlink from 'comlink';
import type { PinsWorkerApi, SnapshotLoadResult, SnapshotProgress } from '../../workers/pins/api';
import { regionsSharingTileSet } from '../../common/regions';
import { setRegionSnapshot, store, subscribeStore } from '../state';
import { localDb, type PinsStoreDb } from './db';
import { keys } from './keys';
import { snapshotVersion, takeEarlyVersion } from './early';
import { queryClient } from './query-client';
import type { CategoryGroup } from './types';

/** The worker calls the snapshot path uses. */
export type SnapshotWorker = Pick<PinsWorkerApi, 'loadSnapshot' | 'loadSnapshotBytes'>;

/** How a region's pins were had. */
export type SnapshotSource = 'cached' | 'fetched' | 'offline' | 'none';


function categoryIcons(): Record<number, number> {
  const groups = queryClient.getQueryData<CategoryGroup[]>(keys.categoryGroups) ?? [];
  const icons: Record<number, number> = {};
  for (const g of groups) for (const c of g.categories) if (c.icon != null) icons[c.id] = c.icon;
  return icons;
}

/**
 * Puts a region's pins in the worker: after a version check, from IndexedDB when the kept snapshot is that version
 * (or the server cannot be reached), else from the network (kept for next time). The map draws as blocks arrive.
 */
export async function ensureRegionSnapshot(
  region: number,
  worker: SnapshotWorker,
  db: PinsStoreDb = localDb(),
  checked: Promise<number | null> = snapshotVersion(),
): Promise<SnapshotSource> {
  const [version, row] = await Promise.all([checked, db.snaps.get(region).catch(() => undefined)]);
  const onProgress = Comlink.proxy((p: SnapshotProgress) => setRegionSnapshot(region, { version: p.version, done: false }));
  const opts = { icons: categoryIcons() };
  const held = (r: SnapshotLoadResult) => setRegionSnapshot(region, { version: r.version, done: true });
  if (row && (version === null || row.version === version)) {
    held(await worker.loadSnapshotBytes(region, row.bytes, opts, onProgress));
    return version === null ? 'offline' : 'cached';
  }
  if (version === null) return 'none';
  const res = await worker.loadSnapshot(region, version, opts, onProgress);
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
    // One version check for the regions shown together (the first start's was sent early).
    const checked = takeEarlyVersion() ?? snapshotVersion();
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

/** Loads the snapshots the map holds again after a bulk change (an import): one version check, then each region's newer one. */
export async function reloadRegionSnapshots(worker: SnapshotWorker, db: PinsStoreDb = localDb()): Promise<void> {
  const checked = snapshotVersion();
  await Promise.all(Object.keys(store.pins.snapshots).map((id) => ensureRegionSnapshot(Number(id), worker, db, checked).catch(() => 'none')));
}
