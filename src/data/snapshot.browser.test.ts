// Issue 21: every category on costs a version check and one snapshot per shown region, not a request per category;
// a returning player with nothing changed draws every pin after the version check alone. Real Chromium, real
// IndexedDB, the real server and the real pins service (on the main thread here, so its fetches are counted).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../api';
import { regionsSharingTileSet } from '../../common/regions';
import { store, whenStore } from '../state';
import { SNAPSHOT_STALL_MS, createPinsService } from '../../workers/pins/pins-service';
import { localDb, saveSettings } from './db';
import { checkSnapshotVersionEarly } from './early';
import { startDataLayer, type DataLayer } from './startup';
import { freshProfile, requestsTo, signInLocal, simulateReload } from './test-support';
import { shownRegionsStatus } from './snapshot';
import type { CategoryGroup } from './types';
import type { SnapshotProgress } from '../../workers/pins/api';

let layer: DataLayer | null = null;
const realFetch = window.fetch;
afterEach(async () => {
  layer?.stop();
  layer = null;
  window.fetch = realFetch;
  await arm({ clear: true });
});

/** Arms a fault in the test server's next answers (tests/support/faults.ts: the server closes the connection mid-body). */
async function arm(fault: { path: string; kind: 'cut' | 'status'; times: number } | { clear: true }): Promise<{ spoiled: number }> {
  const res = await fetch('/api/__test/faults', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(fault) });
  return ((await res.json()) as { result: { spoiled: number } }).result;
}

/** Resolves once the store says the shown regions' pins are `want` (the signal the UI and journeys read). */
function shownRegions(want: 'held' | 'failed'): Promise<boolean> {
  return whenStore(() => shownRegionsStatus() === want);
}
beforeEach(freshProfile);

/** Pin requests of any kind seen so far (the service runs on this thread: its fetches are in resource timing). */
const pinRequests = (since = 0) => requestsTo('/api/v1/pins/', since) + requestsTo('/pins-proto', since);

/** Resolves once the snapshots of every region shown with region 0 are whole (the store's own signal). */
function snapshotsDone(): Promise<boolean> {
  const regions = regionsSharingTileSet(0).map((r) => r.id);
  return whenStore(() => regions.every((r) => store.pins.snapshots[r]?.status === 'held'));
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
    // A request's resource-timing entry is recorded when its loader ends, which may come a moment after the store
    // held the last bytes (a clean-clone run counted 3 of the 4): waited for, and the count still exact.
    await expect.poll(() => pinRequests() - before, { timeout: 5_000 }).toBe(1 + regions.length);
    expect(pinRequests() - before).toBeLessThanOrEqual(4);
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

    // Counted from the new start on: a request of the stopped layer still under way is none of this start's.
    const startedAt = performance.now();
    const svc = createPinsService();
    layer = await startDataLayer(svc);
    await snapshotsDone();
    expect(requestsTo('/api/v1/pins/snapshot/', startedAt)).toBe(0);
    const regions = regionsSharingTileSet(0).map((r) => r.id);
    // One version check, nothing else.
    expect(pinRequests(startedAt)).toBe(1);
    expect((await svc.getPins({ regions, categories: all })).ids.length).toBe(await regionTotal(regions));
  });

  // Each on a region of its own that no other test here loads: a whole snapshot stays in the browser's HTTP cache
  // (immutable), and a request it answers never reaches the server's fault.
  for (const [kind, region] of [['cut', 1], ['status', 3]] as const) {
    it(`a region whose snapshot ${kind === 'cut' ? 'is cut mid-stream' : 'answers 503'} is asked for again: every pin held, within the budget`, async () => {
      const all = await everyCategory();
      await saveSettings({ enabledCategories: all, lastRegion: region });
      const regions = regionsSharingTileSet(region).map((r) => r.id);
      // The server's first answer for the region's snapshot breaks off (the connection closes after half its bytes).
      const armedAt = await arm({ path: `/api/v1/pins/snapshot/${region}/`, kind, times: 1 });
      const before = pinRequests();
      const svc = createPinsService();
      const started = performance.now();
      layer = await startDataLayer(svc);
      await shownRegions('failed');
      expect(store.pins.snapshots[region]?.status).toBe('failed');
      // Known as broken when it breaks, not once the stall timer gives up on it (the dev server's proxy kept the
      // browser's answer open after the server's closed early: a cut read as a stall).
      expect(performance.now() - started).toBeLessThan(SNAPSHOT_STALL_MS);
      // Tried again by itself (no change of region, no reload), and then whole.
      await shownRegions('held');
      expect((await arm({ path: '/none', kind, times: 0 })).spoiled).toBe(armedAt.spoiled + 1);
      const held = await svc.getPins({ regions, categories: all });
      expect(held.ids.length).toBe(await regionTotal(regions));
      // No pin twice: the retry replaced what the cut load had taken.
      expect(new Set(held.ids).size).toBe(held.ids.length);
      // One version check and the shown regions' snapshots, plus the retry (its own version check and the region).
      expect(pinRequests() - before).toBeLessThanOrEqual(1 + regions.length + 2);
      // The broken load was not kept for the next start: the kept snapshot is the whole one.
      const kept = await localDb().snaps.get(region);
      expect(kept?.pins).toBe(held.ids.filter((_, i) => held.region[i] === region).length);
    });
  }

  it('asks for the snapshots without waiting on `me`, after the one version check sent early', async () => {
    const all = await everyCategory();
    await saveSettings({ enabledCategories: all, lastRegion: 0 });
    // `me` is held until the first snapshot is asked for (at most 10 s): a start that waits on it asks late.
    let snapshotAsked = () => {};
    const asked = new Promise<void>((r) => (snapshotAsked = r));
    let meAnswered = false;
    window.fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href);
      if (url.pathname !== '/api/v1/me') return realFetch(input, init);
      await Promise.race([asked, new Promise((r) => setTimeout(r, 10_000))]);
      const res = await realFetch(input, init);
      meAnswered = true;
      return res;
    };
    const svc = createPinsService();
    let askedBeforeMe: boolean | null = null;
    const loadSnapshot: typeof svc.loadSnapshot = (...a) => {
      askedBeforeMe ??= !meAnswered;
      snapshotAsked();
      return svc.loadSnapshot(...a);
    };
    const versionChecks = () =>
      performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname === '/api/v1/pins/snapshot').length;
    const before = versionChecks();
    // main.tsx sends it beside the world's request; start-up takes it up rather than asking again.
    checkSnapshotVersionEarly();
    layer = await startDataLayer({ ...svc, loadSnapshot });
    await snapshotsDone();
    expect(askedBeforeMe).toBe(true);
    expect(versionChecks() - before).toBe(1);
  });

  it("a progress report that reaches the page after the load's answer leaves the region held", async () => {
    // In the app the worker's answer and its progress reports come through two message ports (Comlink's reply and the
    // proxied callback's own channel), with no order between them: under load a report came after the answer, set the
    // region back to 'loading' for good, and "nearest unfound" and the route planner waited 30 s for it (CI, stop 37).
    const all = await everyCategory();
    await saveSettings({ enabledCategories: all, lastRegion: 0 });
    const port = new MessageChannel();
    const late: (() => void)[] = [];
    let delivered = () => {};
    const allDelivered = new Promise<void>((r) => (delivered = r));
    port.port2.onmessage = (e: MessageEvent) => {
      for (const report of late.splice(0)) report();
      if (e.data === 'end') delivered();
    };
    const regions = regionsSharingTileSet(0).map((r) => r.id);
    let answered = 0;
    let allAnswered = () => {};
    const answers = new Promise<void>((r) => (allAnswered = r));
    const svc = createPinsService();
    const held = <T>(answer: Promise<T>) =>
      answer.then((r) => {
        // The reports held back go out through another port, so they arrive after the answer.
        port.port1.postMessage(null);
        if (++answered === regions.length) allAnswered();
        return r;
      });
    const lateReports = (onProgress?: (p: SnapshotProgress) => unknown) => onProgress && ((p: SnapshotProgress) => void late.push(() => onProgress(p)));
    const loadSnapshot: typeof svc.loadSnapshot = (region, version, opts, onProgress) =>
      held(svc.loadSnapshot(region, version, opts, lateReports(onProgress)));
    const loadSnapshotBytes: typeof svc.loadSnapshotBytes = (region, bytes, opts, onProgress) =>
      held(svc.loadSnapshotBytes(region, bytes, opts, lateReports(onProgress)));
    layer = await startDataLayer({ ...svc, loadSnapshot, loadSnapshotBytes });
    await answers;
    // Messages of one port keep their order: this one comes after every answer's.
    port.port1.postMessage('end');
    await allDelivered;
    expect(late).toHaveLength(0);
    expect(shownRegionsStatus()).toBe('held');
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
      // The edited region is downloaded, once; the unchanged ones come from IndexedDB (no download). A fetch's
      // resource-timing entry is queued after its body ends, so it may come a moment after the region is held:
      // waited for here (a CI run read 0 too early), and only then are the others' counts read.
      await expect.poll(() => count(edited) - was.get(edited)!).toBe(1);
      for (const r of unchanged) expect(count(r) - was.get(r)!, `region ${r}`).toBe(0);
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
