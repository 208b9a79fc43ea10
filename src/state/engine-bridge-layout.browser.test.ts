// Issue 13: the worker's declutter/aggregate layout must reach the engine for exactly the pins it
// draws, also while many categories finish loading one after another (every category on).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MapEngine } from '../engine';
import { createPinsWorker } from '../../workers/pins/client';
import { regionsSharingTileSet } from '../../common/regions';
import { levelZoom } from '../../common/pin-levels';
import { resetStore, setCategories, setChecks, setHideChecked, setLoadedCategory, setRegion } from './actions';
import { connectEngine } from './engine-bridge';
import type { CategoryGroup } from '../data/types';

let engine: MapEngine;
let worker: ReturnType<typeof createPinsWorker>;
let disconnect: () => void;
let container: HTMLDivElement;
let all: number[] = [];

const tick = (ms = 80) => new Promise((r) => setTimeout(r, ms));

async function until(fn: () => boolean | Promise<boolean>, ms = 8000): Promise<void> {
  const end = performance.now() + ms;
  while (!(await fn())) {
    if (performance.now() > end) throw new Error('timed out waiting');
    await tick(30);
  }
}

/** The pins of these categories drawn with region 0 (and those sharing its tile set), and those on the base map. */
async function expected(categories: number[]): Promise<{ pins: number; onFloor: number }> {
  let pins = 0, onFloor = 0;
  for (const r of regionsSharingTileSet(0)) {
    pins += (await worker.api.getPins({ categories, region: r.id })).ids.length;
    onFloor += (await worker.api.getPins({ categories, region: r.id, floor: null })).ids.length;
  }
  return { pins, onFloor };
}

/** At the furthest overview every pin on the floor is a dot or counted in a marker. */
function expectOverviewCoversAll(onFloor: number): void {
  const info = engine.layoutInfo(0);
  expect(info.laidOut).toBe(true);
  expect(info.shown + info.aggregated).toBe(onFloor);
  // Aggregated: far fewer markers than pins.
  expect(info.shown).toBeLessThan(onFloor);
}

beforeAll(async () => {
  resetStore();
  container = document.createElement('div');
  container.style.cssText = 'width:800px;height:600px;position:fixed;left:0;top:0';
  document.body.appendChild(container);
  engine = await MapEngine.create({ container, preference: 'webgl', resolution: 1 });
  worker = createPinsWorker();
  const res = await fetch('/api/v1/category/groups');
  const groups = ((await res.json()) as { result: CategoryGroup[] }).result;
  all = groups.flatMap((g) => g.categories.map((c) => c.id));
  setRegion(0);
  disconnect = connectEngine(engine, worker.api);
});

afterAll(() => {
  disconnect();
  engine.dispose();
  worker.dispose();
  container.remove();
});

describe('layout of every category, loaded one after another', () => {
  it('the applied layout covers every pin once the last category has loaded', async () => {
    expect(all.length).toBeGreaterThan(10);
    engine.setCamera({ zoom: levelZoom(0) });
    // Every category on at once; each is loaded like the app does (worker load, then the store
    // learns of it a moment later, after the local cache write), so loads land in the worker
    // between the bridge's pin and layout calls.
    setCategories(all);
    await Promise.all(all.map(async (id, k) => {
      await tick(k * 7);
      const r = await worker.api.loadCategory(id);
      await tick(3 + (k % 5) * 4);
      setLoadedCategory(id, { count: r.count, lastEdited: r.lastEdited });
    }));
    const want = await expected(all);
    expect(new Set((await worker.api.getPins({ categories: all })).category).size).toBe(all.length);
    await until(() => engine.debugInfo().pins === want.pins);
    await until(() => engine.layoutInfo(0).laidOut);
    expectOverviewCoversAll(want.onFloor);
    // Close up every pin is drawn.
    expect(engine.layoutInfo(8).shown).toBe(want.pins);
  });

  it('checks and hide-found lay out again for the same pins, while a category reloads', async () => {
    const { ids } = await worker.api.getPins({ categories: all, region: 0, floor: null });
    const found = Array.from(ids.slice(0, 50));
    // A category reloads in the worker while the checks' layout is computed.
    const reload = worker.api.loadCategory(all[0]!);
    setChecks(found);
    setHideChecked(true);
    const r = await reload;
    await tick(10);
    setLoadedCategory(all[0]!, { count: r.count, lastEdited: r.lastEdited });
    const want = await expected(all);
    await until(() => engine.layoutInfo(0).laidOut && engine.layoutInfo(0).shown + engine.layoutInfo(0).aggregated === want.onFloor - found.length);
    setHideChecked(false);
    setChecks([]);
    await until(() => engine.layoutInfo(0).laidOut && engine.layoutInfo(0).shown + engine.layoutInfo(0).aggregated === want.onFloor);
  });
});
