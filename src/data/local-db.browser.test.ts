import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PinList } from '../../proto';
import { createPinsWorker } from '../../workers/pins/client';
import { store } from '../state';
import { api } from '../api';
import { localDb, readSettings, saveSettings, DEFAULT_SETTINGS } from './db';
import { emergencyReport, REPORTED_KEY } from './emergency';
import { startDataLayer, type DataLayer } from './startup';
import { freshProfile, requestsTo, simulateReload } from './test-support';
import type { CategoryGroup } from './types';

let worker: ReturnType<typeof createPinsWorker> | null = null;
let layer: DataLayer | null = null;

async function start(): Promise<DataLayer> {
  worker?.dispose();
  worker = createPinsWorker();
  // SPEC §4's per-category cache (the map's default is region snapshots: snapshot.browser.test.ts).
  layer = await startDataLayer(worker.api, undefined, { pins: 'category' });
  return layer;
}

function stop(): void {
  layer?.stop();
  layer = null;
  worker?.dispose();
  worker = null;
}

async function serverLastEdited(id: number): Promise<number> {
  const groups = await api.get<CategoryGroup[]>('/api/v1/category/groups');
  const c = groups.flatMap((g) => g.categories).find((c) => c.id === id);
  if (!c) throw new Error(`server has no category ${id}`);
  return c.lastEdited;
}

function pinListBytes(categoryId: number, lastEdited: number, ids: number[]): ArrayBuffer {
  const bytes = PinList.encode({ categoryId, lastEdited, pins: ids.map((id, i) => ({ id, coordX: i, coordY: i, catNum: i + 1, categoryId, region: 0, tagIds: [], tags: [] })) }).finish();
  return bytes.slice().buffer as ArrayBuffer;
}

beforeEach(freshProfile);
afterEach(stop);

describe("first run and the 'pins store v2' settings", () => {
  it('first run (no settings): fetches categories 1 and 2 and saves the default settings', async () => {
    expect(await readSettings()).toBeNull();
    const { result } = await start();
    expect(result.firstRun).toBe(true);
    expect(result.categories?.fetched.sort()).toEqual([1, 2]);
    expect(await readSettings()).toMatchObject({ ...DEFAULT_SETTINGS, enabledCategories: [1, 2] });
    const rows = await localDb().cats.toArray();
    expect(rows.map((r) => r.id).sort()).toEqual([1, 2]);
    // Cached as Blobs (a reference through postMessage and IndexedDB, no clone on the main thread).
    expect(rows.every((r) => r.bytes instanceof Blob && r.bytes.size > 0)).toBe(true);
    expect(rows.find((r) => r.id === 1)!.lastEdited).toBe(await serverLastEdited(1));
    expect(Object.keys(store.pins.categories).map(Number).sort()).toEqual([1, 2]);
  });

  it('a later start is not a first run and keeps the stored settings', async () => {
    await start();
    stop();
    simulateReload();
    await saveSettings({ hideChecked: true });
    const { result } = await start();
    expect(result.firstRun).toBe(false);
    expect(store.homeFilters.hideChecked).toBe(true);
  });

  it('restores a known lastRegion at start-up', async () => {
    await saveSettings({ lastRegion: 3, enabledCategories: [] });
    await start();
    expect(store.mapRegion).toBe(3);
    expect(store.homeFilters.region).toBe(3);
  });

  it('ignores an unknown lastRegion (stays on the default region 0)', async () => {
    await saveSettings({ lastRegion: 42, enabledCategories: [] });
    await start();
    expect(store.mapRegion).toBe(0);
  });

  it('saves the region shown as lastRegion', async () => {
    await start();
    store.mapRegion = 5;
    await new Promise((r) => setTimeout(r, 50));
    expect((await readSettings())?.lastRegion).toBe(5);
  });
});

describe('category cache refresh by lastEdited', () => {
  it('loads unchanged categories from IndexedDB and fetches only the changed ones', async () => {
    await start();
    stop();
    simulateReload();
    // Category 2 unchanged on the server, but its cached bytes hold pins the server never had:
    // if they show up in the worker, the pins came from IndexedDB and not from the network.
    const edited2 = await serverLastEdited(2);
    await localDb().cats.put({ id: 2, lastEdited: edited2, bytes: pinListBytes(2, edited2, [900001, 900002, 900003]) });
    // Category 1 cached with an older lastEdited: it must be fetched again.
    await localDb().cats.put({ id: 1, lastEdited: 1, bytes: pinListBytes(1, 1, [910001]) });

    const { result } = await start();
    expect(result.categories?.cached).toEqual([2]);
    expect(result.categories?.fetched).toEqual([1]);
    const w = worker!.api;
    expect(await w.getPin(900001)).not.toBeNull();
    expect(await w.getPin(910001)).toBeNull();
    expect(store.pins.categories[2]?.count).toBe(3);
    expect((await localDb().cats.get(1))!.lastEdited).toBe(await serverLastEdited(1));
  });

  it('drops a cached category the server no longer lists', async () => {
    await saveSettings({ enabledCategories: [] });
    await localDb().cats.put({ id: 987654, lastEdited: 5, bytes: pinListBytes(987654, 5, [1]) });
    const { result } = await start();
    expect(result.categories?.dropped).toEqual([987654]);
    expect(await localDb().cats.get(987654)).toBeUndefined();
  });
});

describe('emergency report (once, guarded by isReported)', () => {
  it('sends flagged records once, then never again', async () => {
    await localDb().checks.bulkPut([
      { userId: 424242, checkTime: 5, pinIds: [1, 2] },
      { userId: 7, checkTime: 5, pinIds: [3] },
    ]);
    const before = requestsTo('/api/v1/auth/emergency');
    // Visitors cannot report: the records wait and the flag stays unset.
    await expect(emergencyReport([424242])).rejects.toMatchObject({ errClazz: 'requires_login' });
    expect(localStorage.getItem(REPORTED_KEY)).toBeNull();
    expect(requestsTo('/api/v1/auth/emergency')).toBe(before + 1);
  });

  it('with nothing flagged, start-up sets the flag without a request; later start-ups skip', async () => {
    const before = requestsTo('/api/v1/auth/emergency');
    expect(await emergencyReport([])).toBe(0);
    expect(localStorage.getItem(REPORTED_KEY)).toBe('true');
    expect(await emergencyReport([7])).toBe(0);
    expect(requestsTo('/api/v1/auth/emergency')).toBe(before);
  });
});
