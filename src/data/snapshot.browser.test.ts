// Issue 21: every category on costs a version check and one snapshot per shown region, not a request per category;
// a returning player with nothing changed draws every pin after the version check alone. Real Chromium, real
// IndexedDB, the real server and the real pins service (on the main thread here, so its fetches are counted).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../api';
import { regionsSharingTileSet } from '../../common/regions';
import { store, subscribeStore } from '../state';
import { createPinsService } from '../../workers/pins/pins-service';
import { localDb, saveSettings } from './db';
import { startDataLayer, type DataLayer } from './startup';
import { freshProfile, requestsTo, signInLocal, simulateReload } from './test-support';
import type { CategoryGroup } from './types';

let layer: DataLayer | null = null;
afterEach(() => {
  layer?.stop();
  layer = null;
});
beforeEach(freshProfile);

/** Pin requests of any kind seen so far (the service runs on this thread: its fetches are in resource timing). */
const pinRequests = () => requestsTo('/api/v1/pins/') + requestsTo('/pins-proto');

/** Resolves once the snapshots of every region shown with region 0 are whole (the store's own signal). */
function snapshotsDone(): Promise<void> {
  const regions = regionsSharingTileSet(0).map((r) => r.id);
  const done = () => regions.every((r) => store.pins.snapshots[r]?.done);
  return new Promise((resolve) => {
    if (done()) return resolve();
    const off = subscribeStore(() => {
      if (!done()) return;
      off();
      resolve();
    });
  });
}

async function everyCategory(): Promise<number[]> {
  const groups = await api.get<CategoryGroup[]>('/api/v1/category/groups');
  return groups.flatMap((g) => g.categories.map((c) => c.id));
}

async function regionTotal(regions: number[]): Promise<number> {
  const { rows } = await api.get<{ rows: { region: number; total: number }[] }>('/api/v1/pin/progress');
  return rows.filter((r) => regions.includes(r.region)).reduce((s, r) => s + r.total, 0);
}

describe('region snapshots', () => {
  it('every category on: at most 4 pin requests, every pin of the shown regions held, kept for the next start', async () => {
    const all = await everyCategory();
    expect(all.length).toBeGreaterThan(4);
    await saveSettings({ enabledCategories: all, lastRegion: 0 });
    const before = pinRequests();
    const svc = createPinsService();
    layer = await startDataLayer(svc);
    await snapshotsDone();
    const regions = regionsSharingTileSet(0).map((r) => r.id);
    expect(pinRequests() - before).toBeLessThanOrEqual(4);
    expect(pinRequests() - before).toBe(1 + regions.length);
    const held = await svc.getPins({ regions, categories: all });
    expect(held.ids.length).toBe(await regionTotal(regions));
    // Turning categories off and on again is a filter over what is held: no request.
    store.homeFilters.categories = all.slice(0, 2);
    store.homeFilters.categories = all;
    await new Promise((r) => setTimeout(r, 0));
    expect(pinRequests() - before).toBe(1 + regions.length);
    const kept = await localDb().snaps.toArray();
    expect(kept.map((k) => k.region).sort()).toEqual([...regions].sort());
    expect(kept.every((k) => k.bytes instanceof Blob && k.bytes.size > 0)).toBe(true);
  });

  it('a returning player with nothing changed gets every pin after the version check alone', async () => {
    const all = await everyCategory();
    await saveSettings({ enabledCategories: all, lastRegion: 0 });
    layer = await startDataLayer(createPinsService());
    await snapshotsDone();
    layer.stop();
    simulateReload();

    const snapshotsBefore = requestsTo('/api/v1/pins/snapshot/');
    const checksBefore = pinRequests();
    const svc = createPinsService();
    layer = await startDataLayer(svc);
    await snapshotsDone();
    expect(requestsTo('/api/v1/pins/snapshot/')).toBe(snapshotsBefore);
    const regions = regionsSharingTileSet(0).map((r) => r.id);
    // One version check, nothing else.
    expect(pinRequests() - checksBefore).toBe(1);
    expect((await svc.getPins({ regions, categories: all })).ids.length).toBe(await regionTotal(regions));
  });

  it('after an edit in another region, a returning player downloads that region alone and sees the edit', async () => {
    const all = await everyCategory();
    await saveSettings({ enabledCategories: all, lastRegion: 0 });
    const regions = regionsSharingTileSet(0).map((r) => r.id);
    expect(regions.length).toBeGreaterThan(1);
    // The first visit keeps every shown region's snapshot.
    layer = await startDataLayer(createPinsService());
    await snapshotsDone();
    layer.stop();
    const kept = await localDb().snaps.toArray();
    expect(kept.map((k) => k.region).sort()).toEqual([...regions].sort());

    // Someone edits a pin of one shown region (the last) while the player is away.
    const edited = regions[regions.length - 1]!;
    const unchanged = regions.filter((r) => r !== edited);
    await signInLocal(`snapshot-edit-${Date.now()}@example.com`);
    const before = await api.get<{ regions: Record<string, number> }>('/api/v1/pins/snapshot');
    const held = createPinsService();
    await held.loadSnapshotBytes(edited, kept.find((k) => k.region === edited)!.bytes);
    const target = (await held.getPins({ regions: [edited] })).ids[0]!;
    const { result: pin } = (await (await fetch(`/api/v1/pin/${target}`, { credentials: 'include' })).json()) as {
      result: { coordX: number; coordY: number };
    };
    const patch = (coordX: number) =>
      fetch(`/api/v1/pin/${target}`, {
        method: 'PATCH',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ coordX }),
      }).then((r) => r.json() as Promise<{ error: unknown }>);
    expect((await patch(pin.coordX + 0.5)).error).toBeNull();
    // The server has heard it (the version call names the region's new version).
    await expect
      .poll(async () => (await api.get<{ regions: Record<string, number> }>('/api/v1/pins/snapshot')).regions[edited])
      .toBeGreaterThan(before.regions[edited]!);
    try {
      simulateReload();
      const count = (r: number) => requestsTo(`/api/v1/pins/snapshot/${r}/`);
      const was = new Map(regions.map((r) => [r, count(r)]));
      const svc = createPinsService();
      layer = await startDataLayer(svc);
      await snapshotsDone();
      // The unchanged regions come from IndexedDB (no download); the edited one is downloaded, once.
      for (const r of unchanged) expect(count(r) - was.get(r)!, `region ${r}`).toBe(0);
      expect(count(edited) - was.get(edited)!).toBe(1);
      // The edit shows, and every pin of the shown regions is held.
      const got = await svc.getPins({ regions: [edited] });
      const at = Array.from(got.ids).indexOf(target);
      expect(at).toBeGreaterThanOrEqual(0);
      expect(got.x[at]).toBe(Math.fround(pin.coordX + 0.5));
      expect((await svc.getPins({ regions, categories: all })).ids.length).toBe(await regionTotal(regions));
      // What is kept now: the edited region at its new version, the others as they were.
      const now = await localDb().snaps.toArray();
      for (const r of unchanged) expect(now.find((k) => k.region === r)!.version).toBe(kept.find((k) => k.region === r)!.version);
      expect(now.find((k) => k.region === edited)!.version).toBeGreaterThan(kept.find((k) => k.region === edited)!.version);
    } finally {
      // The shared test server's pin goes back where it was.
      await patch(pin.coordX);
    }
  });
});
