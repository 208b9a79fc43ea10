import { setFetchingPins, setLoadedCategory, store } from '../state';
import { localDb, type PinsStoreDb } from './db';
import { dataWorker, type DataWorker } from './pins-worker';
import type { CategoryGroup, CategorySummary } from './types';

/** Categories fetched on a first run (SPEC §4). */
export const FIRST_RUN_CATEGORIES: readonly number[] = [1, 2];

/** What a category sync did. */
export interface CategorySyncResult {
  /** Fetched from the server (new or whose lastEdited changed). */
  fetched: number[];
  /** Loaded from IndexedDB with no network. */
  cached: number[];
  /** Cached categories the server no longer lists (dropped from the cache). */
  dropped: number[];
}

/** Every category of the groups, by id. */
export function categoriesById(groups: readonly CategoryGroup[]): Map<number, CategorySummary> {
  const byId = new Map<number, CategorySummary>();
  for (const g of groups) for (const c of g.categories) byId.set(c.id, c);
  return byId;
}

type Loader = Pick<DataWorker, 'loadCategory' | 'loadCategoryBytes'>;

/** Fetches one category through the worker and caches its bytes. */
export async function fetchCategory(id: number, summary: CategorySummary | undefined, worker: Loader, db: PinsStoreDb = localDb()): Promise<void> {
  const res = await worker.loadCategory(id, { icon: summary?.icon });
  await db.cats.put({ id, lastEdited: res.lastEdited, bytes: res.bytes, count: res.count, name: summary?.name });
  setLoadedCategory(id, { count: res.count, lastEdited: res.lastEdited });
}

/**
 * Puts one category's pins in the worker: from the local cache when it holds the server's
 * lastEdited, else from the network (refreshing the cache). Without the server's summary the
 * cache cannot be known current, so the pins are fetched. Says which it did.
 */
export async function ensureCategoryLoaded(id: number, summary: CategorySummary | undefined, worker: Loader, db: PinsStoreDb = localDb()): Promise<'cached' | 'fetched'> {
  const row = summary ? await db.cats.get(id) : undefined;
  if (row && summary && row.lastEdited === summary.lastEdited) {
    const loaded = await worker.loadCategoryBytes(id, row.bytes, { icon: summary.icon });
    setLoadedCategory(id, { count: loaded.count, lastEdited: loaded.lastEdited });
    return 'cached';
  }
  await fetchCategory(id, summary, worker, db);
  return 'fetched';
}

/**
 * The category cache refresh of SPEC §4: every cached category (and every wanted one) is
 * loaded into the worker (ensureCategoryLoaded: from IndexedDB when current, else from the
 * network); a cached category the server no longer lists is dropped.
 */
export async function syncCategories(
  groups: readonly CategoryGroup[],
  wanted: readonly number[],
  worker: Loader,
  db: PinsStoreDb = localDb(),
): Promise<CategorySyncResult> {
  const server = categoriesById(groups);
  const cachedIds = new Set(await db.cats.toCollection().primaryKeys());
  const result: CategorySyncResult = { fetched: [], cached: [], dropped: [] };
  const ids = new Set([...cachedIds, ...wanted]);
  setFetchingPins(true);
  try {
    await Promise.all(
      [...ids].map(async (id) => {
        const summary = server.get(id);
        if (summary) return void result[await ensureCategoryLoaded(id, summary, worker, db)].push(id);
        if (cachedIds.has(id)) {
          await db.cats.delete(id);
          result.dropped.push(id);
        }
      }),
    );
  } finally {
    setFetchingPins(false);
  }
  return result;
}

const loadingAll = new Set<number>();
/**
 * Loads every category into the worker without showing it on the map (search covers all regions
 * and categories), three at a time.
 */
export async function loadAllCategories(groups: readonly CategoryGroup[], worker: Loader = dataWorker(), db: PinsStoreDb = localDb()): Promise<void> {
  const todo = groups.flatMap((g) => g.categories).filter((c) => !store.pins.categories[c.id] && !loadingAll.has(c.id));
  todo.forEach((c) => loadingAll.add(c.id));
  const run = async () => {
    for (let c = todo.shift(); c; c = todo.shift()) {
      try {
        await ensureCategoryLoaded(c.id, c, worker, db);
      } catch {
        // One category failing leaves the rest searchable.
      } finally {
        loadingAll.delete(c.id);
      }
    }
  };
  await Promise.all([run(), run(), run()]);
}
