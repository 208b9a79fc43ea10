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
import { setRegionSnapshot, store, subscribeStore, whenStore, type RegionSnapshotState } from '../state';
import { localDb, type PinsStoreDb } from './db';
import { keys } from './keys';
import { snapshotVersions, takeEarlyVersion } from './early';
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
 * Puts a region's pins in the worker: after a version check, from IndexedDB when the kept snapshot is still current
 * (or the server cannot be reached), else from the network (kept for next time). The map draws as blocks arrive.
 * The store says where it stands (store.pins.snapshots): `loading`, then `held`, or `failed` when it broke off or
 * nothing could be had (the call then throws, or says 'none').
 */
export async function ensureRegionSnapshot(
  region: number,
  worker: SnapshotWorker,
  db: PinsStoreDb = localDb(),
  checked: Promise<SnapshotVersions | null> = snapshotVersions(),
): Promise<SnapshotSource> {
  const taken = () => store.pins.snapshots[region]?.version ?? 0;
  setRegionSnapshot(region, { version: taken(), status: 'loading' }, false);
  // The worker's answer and its progress reports come through two message ports, with no order between them: a
  // report that arrives once the load has settled is old news, and would set a held region back to loading for good.
  let settled = false;
  try {
    const [versions, row] = await Promise.all([checked, db.snaps.get(region).catch(() => undefined)]);
    const onProgress = Comlink.proxy((p: SnapshotProgress) => {
      if (!settled) setRegionSnapshot(region, { version: p.version, status: 'loading' });
    });
    const opts = { icons: categoryIcons() };
    const held = (r: SnapshotLoadResult) => {
      settled = true;
      setRegionSnapshot(region, { version: r.version, status: 'held' });
    };
    if (row && (versions === null || keptIsCurrent(versions, region, row.version))) {
      held(await worker.loadSnapshotBytes(region, row.bytes, opts, onProgress));
      return versions === null ? 'offline' : 'cached';
    }
    if (versions === null) {
      setRegionSnapshot(region, { version: taken(), status: 'failed' }, false);
      return 'none';
    }
    const res = await worker.loadSnapshot(region, regionVersionOf(versions, region), opts, onProgress);
    held(res);
    if (res.bytes) await db.snaps.put({ region, version: res.version, bytes: res.bytes, pins: res.pins }).catch(() => undefined);
    return 'fetched';
  } catch (e) {
    // The blocks that came before the break stay drawn (a retry's first block replaces them), but the region is not
    // held: a question over all of its pins waits for the retry.
    settled = true;
    setRegionSnapshot(region, { version: taken(), status: 'failed' });
    throw e;
  }
}

/** How long a region whose snapshot load failed waits before it is asked for again: 1, 2, 4, 8, 16, then every 30 s. */
export const SNAPSHOT_RETRY_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000] as const;

/**
 * Keeps the snapshots of the regions the map shows (the chosen region and those sharing its tile set) in the worker:
 * each is loaded once per session (live edits keep it current after). A load that fails (a network error, a 5xx, a
 * body cut or stalled mid-stream) is tried again after SNAPSHOT_RETRY_MS, and at once when the connection comes back
 * (while offline it waits for that). Returns the function that stops it.
 */
export function startRegionSnapshots(worker: SnapshotWorker, db: PinsStoreDb = localDb()): () => void {
  const running = new Set<number>();
  /** Failed tries in a row, by region. */
  const failures = new Map<number, number>();
  const waits = new Map<number, ReturnType<typeof setTimeout>>();
  let online = store.connection.online;
  let stopped = false;
  const due = (id: number) => {
    if (running.has(id) || waits.has(id)) return false;
    const status = store.pins.snapshots[id]?.status;
    return status === undefined || (status === 'failed' && store.connection.online);
  };
  const failed = (id: number) => {
    const n = failures.get(id) ?? 0;
    failures.set(id, n + 1);
    if (stopped) return;
    const wait = setTimeout(() => {
      waits.delete(id);
      load();
    }, SNAPSHOT_RETRY_MS[Math.min(n, SNAPSHOT_RETRY_MS.length - 1)]);
    waits.set(id, wait);
  };
  const load = () => {
    if (stopped) return;
    // The connection is back: regions that failed meanwhile are asked for now, not at the end of their wait.
    if (store.connection.online && !online) {
      for (const [id, wait] of waits) {
        clearTimeout(wait);
        waits.delete(id);
      }
    }
    online = store.connection.online;
    const todo = regionsSharingTileSet(store.mapRegion).filter(({ id }) => due(id));
    if (!todo.length) return;
    // One version check for the regions shown together (the first start's was sent early).
    const checked = takeEarlyVersion() ?? snapshotVersions();
    for (const { id } of todo) {
      running.add(id);
      void ensureRegionSnapshot(id, worker, db, checked)
        .then(
          (source) => (source === 'none' ? failed(id) : failures.delete(id)),
          () => failed(id),
        )
        .finally(() => running.delete(id));
    }
  };
  load();
  const off = subscribeStore(load);
  return () => {
    stopped = true;
    off();
    for (const wait of waits.values()) clearTimeout(wait);
    waits.clear();
  };
}

/** Whether every region the map shows is held whole, some load is still under way, or some load failed. */
export function shownRegionsStatus(
  region = store.mapRegion,
  snapshots: Readonly<Record<number, RegionSnapshotState>> = store.pins.snapshots,
): RegionSnapshotState['status'] {
  const states = regionsSharingTileSet(region).map(({ id }) => snapshots[id]?.status ?? 'loading');
  if (states.every((s) => s === 'held')) return 'held';
  return states.includes('failed') ? 'failed' : 'loading';
}

/**
 * Resolves once the pins of the regions the map shows are all held (their snapshots fully read), or with false as
 * soon as a load failed (offline with nothing kept, a retry still to come) or after `timeoutMs`: the question is then
 * answered from what is held. A question over every pin of the view ("nearest unfound") waits on it: asked while the
 * snapshot still streams in, it would answer from part of the pins, or from none. A load under way is waited for
 * well past a slow first visit's (CI: one took over 5 s, and the answer came from part of the pins).
 */
export async function whenShownRegionsHeld(timeoutMs = 30_000): Promise<boolean> {
  const settled = await whenStore(() => shownRegionsStatus() !== 'loading', timeoutMs);
  return settled && shownRegionsStatus() === 'held';
}

/**
 * Resolves once no region's snapshot is loading (a load under way ends held or failed). A pin event waits for it, as
 * does reading the snapshots again: a snapshot answered before an edit would take the edit back when it is read.
 */
export function whenNoSnapshotLoads(): Promise<unknown> {
  return whenStore(() => !Object.values(store.pins.snapshots).some((s) => s.status === 'loading'));
}

/**
 * Loads the snapshots the map holds again after a bulk change (an import) or a gap in the event stream: one version
 * check, then the held regions that moved. A load under way is let finish first (two loads of one region at once
 * would mix their blocks, and it may have been answered before the change); a failed one is its retry's.
 */
export async function reloadRegionSnapshots(worker: SnapshotWorker, db: PinsStoreDb = localDb()): Promise<void> {
  await whenNoSnapshotLoads();
  const versions = await snapshotVersions().catch(() => null);
  if (!versions) return;
  // A region whose held snapshot is still current keeps it (with the live edits applied on top since).
  const moved = Object.entries(store.pins.snapshots)
    .filter(([id, held]) => held.status === 'held' && !keptIsCurrent(versions, Number(id), held.version))
    .map(([id]) => Number(id));
  const checked = Promise.resolve(versions);
  await Promise.all(moved.map((id) => ensureRegionSnapshot(id, worker, db, checked).catch(() => 'none')));
}
