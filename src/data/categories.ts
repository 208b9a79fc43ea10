import { setFetchingPins, setLoadedCategory } from '../state';
import { localDb, type PinsStoreDb } from './db';
import type { DataWorker } from './pins-worker';
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
 * The category cache refresh of SPEC §4: every cached category (and every wanted one) is
 * loaded into the worker; one whose lastEdited differs from the server's list, or that is not
 * cached yet, is fetched again; the rest load from IndexedDB without touching the network.
 */
export async function syncCategories(
  groups: readonly CategoryGroup[],
  wanted: readonly number[],
  worker: Loader,
  db: PinsStoreDb = localDb(),
): Promise<CategorySyncResult> {
  const server = categoriesById(groups);
  const cachedRows = await db.cats.toArray();
  const result: CategorySyncResult = { fetched: [], cached: [], dropped: [] };
  const ids = new Set([...cachedRows.map((c) => c.id), ...wanted]);
  setFetchingPins(true);
  try {
    await Promise.all(
      [...ids].map(async (id) => {
        const summary = server.get(id);
        const row = cachedRows.find((c) => c.id === id);
        if (!summary) {
          if (row) {
            await db.cats.delete(id);
            result.dropped.push(id);
          }
          return;
        }
        if (row && row.lastEdited === summary.lastEdited) {
          const loaded = await worker.loadCategoryBytes(id, row.bytes, { icon: summary.icon });
          setLoadedCategory(id, { count: loaded.count, lastEdited: loaded.lastEdited });
          result.cached.push(id);
        } else {
          await fetchCategory(id, summary, worker, db);
          result.fetched.push(id);
        }
      }),
    );
  } finally {
    setFetchingPins(false);
  }
  return result;
}
