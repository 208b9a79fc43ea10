// Issue 13: the worker's declutter/aggregate layout must reach the engine for exactly the pins it
// draws, also while many categories finish loading one after another (every category on).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MapEngine } from '../engine';
import { createPinsWorker } from '../../workers/pins/client';
import { regionsSharingTileSet } from '../../common/regions';
import { levelZoom } from '../../common/pin-levels';
import { ringIndex } from '../engine/aggregate-atlas';
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
  let pins = 0,
    onFloor = 0;
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
    await Promise.all(
      all.map(async (id, k) => {
        await tick(k * 7);
        const r = await worker.api.loadCategory(id);
        await tick(3 + (k % 5) * 4);
        setLoadedCategory(id, { count: r.count, lastEdited: r.lastEdited });
      }),
    );
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
    await until(
      () => engine.layoutInfo(0).laidOut && engine.layoutInfo(0).shown + engine.layoutInfo(0).aggregated === want.onFloor - found.length,
    );
    setHideChecked(false);
    setChecks([]);
    await until(() => engine.layoutInfo(0).laidOut && engine.layoutInfo(0).shown + engine.layoutInfo(0).aggregated === want.onFloor);
  });

  it('an aggregate counts its found pins, looks done when all are found, and a click zooms in on it', async () => {
    engine.setCamera({ x: 0, y: 0, zoom: levelZoom(1) });
    const firstAggregate = () => {
      for (let y = 20; y < 600; y += 12) {
        for (let x = 20; x < 800; x += 12) {
          const a = engine.aggregateAt(x, y);
          if (a && a.count > 1 && engine.pickAt(x, y) === null) return { a, x, y };
        }
      }
      return null;
    };
    await until(() => {
      engine.renderNow();
      return engine.layoutInfo(1).laidOut && firstAggregate() !== null;
    });
    const { a } = firstAggregate()!;
    expect(a.found).toBe(0);
    expect(ringIndex(a.found, a.count)).toBe(0);
    // Every pin found: every aggregate on screen is done.
    const { ids } = await worker.api.getPins({ categories: all });
    setChecks(Array.from(ids));
    await until(() => {
      engine.renderNow();
      const f = firstAggregate();
      return f !== null && f.a.found === f.a.count;
    });
    const done = firstAggregate()!;
    expect(ringIndex(done.a.found, done.a.count)).toBe(ringIndex(1, 1));
    setChecks([]);
    await until(() => {
      engine.renderNow();
      const f = firstAggregate();
      return f !== null && f.a.found === 0;
    });
    // A click on it zooms in on it (two levels closer), where its pins become dots or icons.
    const { a: target, x, y } = firstAggregate()!;
    const zoom = engine.getCamera().zoom;
    const r = engine.canvas.getBoundingClientRect();
    const fire = (type: string) =>
      engine.canvas.dispatchEvent(
        new PointerEvent(type, {
          clientX: r.left + x,
          clientY: r.top + y,
          pointerId: 1,
          pointerType: 'mouse',
          button: 0,
          buttons: type === 'pointerup' ? 0 : 1,
          bubbles: true,
        }),
      );
    fire('pointerdown');
    fire('pointerup');
    await until(() => Math.abs(engine.getCamera().zoom - zoom * 4) < 1e-6, 20_000);
    // Centred on it, or as close as the map's edge lets the camera go: it is on screen.
    const s = engine.worldToScreen({ x: target.x, y: target.y });
    expect(s.x).toBeGreaterThanOrEqual(0);
    expect(s.x).toBeLessThanOrEqual(800);
    expect(s.y).toBeGreaterThanOrEqual(0);
    expect(s.y).toBeLessThanOrEqual(600);
  });
});
