import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MapEngine, PinFlag, MapMode } from '../engine';
import { createPinsWorker } from '../../workers/pins/client';
import { regionsSharingTileSet } from '../../common/regions';
import { store } from './store';
import {
  applyChecks,
  resetStore,
  setCategories,
  setFloor,
  setHideChecked,
  setHighlightedTags,
  setChecks,
  setLoadedCategory,
  setRegion,
  setSelectionIds,
} from './actions';
import { connectEngine } from './engine-bridge';
import { chooseTool, endTool, mapViewBounds, onRangeDrawn } from './map-commands';
import { pointer } from '../map/test-support';

let engine: MapEngine;
let worker: ReturnType<typeof createPinsWorker>;
let disconnect: () => void;
let container: HTMLDivElement;

const tick = (ms = 80) => new Promise((r) => setTimeout(r, ms));

async function until(fn: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = performance.now() + ms;
  while (!(await fn())) {
    if (performance.now() > end) throw new Error('timed out waiting');
    await tick(30);
  }
}

/** Pins of categories 1 and 2 drawn with a region: the region and the ones sharing its tile set. */
async function expectedCount(region: number): Promise<number> {
  let n = 0;
  for (const r of regionsSharingTileSet(region)) n += (await worker.api.getPins({ categories: [1, 2], region: r.id })).ids.length;
  return n;
}

beforeAll(async () => {
  resetStore();
  container = document.createElement('div');
  container.style.cssText = 'width:800px;height:600px;position:fixed;left:0;top:0';
  document.body.appendChild(container);
  engine = await MapEngine.create({ container, preference: 'webgl', resolution: 1 });
  worker = createPinsWorker();
  for (const id of [1, 2]) {
    const res = await worker.api.loadCategory(id);
    setLoadedCategory(id, { count: res.count, lastEdited: res.lastEdited });
  }
  setCategories([1, 2]);
  disconnect = connectEngine(engine, worker.api);
});

afterAll(() => {
  disconnect();
  engine.dispose();
  worker.dispose();
  container.remove();
});

describe('store → engine', () => {
  it('draws the enabled categories of the shown region', async () => {
    const want = await expectedCount(0);
    expect(want).toBeGreaterThan(0);
    await until(() => engine.debugInfo().pins === want);
  });

  it('follows the region, and re-queries the pins for it', async () => {
    setRegion(3);
    await tick();
    expect(engine.getSnapshot().regionId).toBe(3);
    const want = await expectedCount(3);
    await until(() => engine.debugInfo().pins === want);
  });

  it('a disabled category leaves the map', async () => {
    setRegion(0);
    setCategories([2]);
    let want = 0;
    for (const r of regionsSharingTileSet(0)) want += (await worker.api.getPins({ categories: [2], region: r.id })).ids.length;
    await until(() => engine.debugInfo().pins === want);
    setCategories([1, 2]);
    const all = await expectedCount(0);
    await until(() => engine.debugInfo().pins === all);
  });

  it('floor and mode', async () => {
    setFloor(-1);
    await tick();
    expect(engine.getSnapshot().floor).toBe(-1);
    setFloor(null);
    chooseTool('rect');
    await tick();
    expect(engine.getMode()).toBe(MapMode.RangeSelection);
    chooseTool('pan');
    await tick();
    expect(engine.getMode()).toBe(MapMode.Default);
  });

  it('checks and hide-checked reach the engine without a pins rebuild error', async () => {
    const { ids } = await worker.api.getPins({ categories: [1], region: 0 });
    setChecks([ids[0]!]);
    setHideChecked(true);
    await tick();
    setHideChecked(false);
    setChecks([]);
    await tick();
    expect(engine.debugInfo().pins).toBe(await expectedCount(0));
  });

  it('a check reaches the engine as one flag change, with no new pins', async () => {
    const { ids } = await worker.api.getPins({ categories: [1], region: 0 });
    const sets = engine.debugInfo().pinSets;
    applyChecks([ids[1]!], true);
    await until(() => (engine.pinFlags(ids[1]!) & PinFlag.Checked) !== 0);
    expect((await worker.api.getPin(ids[1]!))?.checked).toBe(true);
    applyChecks([ids[1]!], false);
    await until(() => (engine.pinFlags(ids[1]!) & PinFlag.Checked) === 0);
    expect((await worker.api.getPin(ids[1]!))?.checked).toBe(false);
    expect(engine.debugInfo().pinSets).toBe(sets);
  });

  it('highlighted tags restyle the flags of the pins carrying them, with no new pins', async () => {
    const { ids } = await worker.api.getPins({ categories: [1, 2], region: 0 });
    let tagged: { id: number; tag: number } | null = null;
    for (const id of ids) {
      const tag = (await worker.api.getPin(id))?.tagIds[0];
      if (tag !== undefined) {
        tagged = { id, tag };
        break;
      }
    }
    expect(tagged).not.toBeNull();
    const { id, tag } = tagged!;
    const carriers = (await worker.api.getPins({ categories: [1, 2], region: 0, tags: [tag] })).ids;
    const other = ids.find((p) => !carriers.includes(p))!;
    const sets = engine.debugInfo().pinSets;
    setHighlightedTags([tag]);
    await until(() => (engine.pinFlags(id) & PinFlag.Highlighted) !== 0);
    expect(engine.pinFlags(other) & PinFlag.Highlighted).toBe(0);
    setHighlightedTags([]);
    await until(() => (engine.pinFlags(id) & PinFlag.Highlighted) === 0);
    expect(engine.debugInfo().pinSets).toBe(sets);
  });
});

describe('engine → store', () => {
  it('a range drawn on the map selects the pins inside it (worker query)', async () => {
    setRegion(0);
    // Zoomed out so the drawn rectangle covers many pins.
    engine.setCamera({ ...engine.getCamera(), zoom: 0.05 });
    await tick();
    chooseTool('rect');
    await tick();
    // Pages hear the ranges drawn through map-commands (the route planner's lasso), not from the engine.
    const drawn: string[] = [];
    const off = onRangeDrawn((e) => drawn.push(e.shape));
    pointer(engine, 'pointerdown', 100, 100);
    pointer(engine, 'pointermove', 400, 300);
    pointer(engine, 'pointermove', 700, 500);
    pointer(engine, 'pointerup', 700, 500);
    off();
    expect(drawn).toEqual(['rect']);
    await until(() => store.selection.ids.length > 0);
    const a = engine.screenToWorld({ x: 100, y: 100 });
    const b = engine.screenToWorld({ x: 700, y: 500 });
    const tl = engine.screenToWorld({ x: 0, y: 0 });
    const br = engine.screenToWorld({ x: engine.canvas.clientWidth, y: engine.canvas.clientHeight });
    expect(mapViewBounds()).toEqual([tl.x, tl.y, br.x, br.y]);
    let expected: number[] = [];
    for (const r of regionsSharingTileSet(0)) {
      expected = expected.concat([
        ...(await worker.api.queryRect(Math.min(a.x, b.x), Math.min(a.y, b.y), Math.max(a.x, b.x), Math.max(a.y, b.y), {
          categories: [1, 2],
          region: r.id,
        })),
      ]);
    }
    expect([...store.selection.ids].sort()).toEqual(expected.sort());
  });

  it('a range answered after the player discarded the selection does not bring it back', async () => {
    setRegion(0);
    engine.setCamera({ ...engine.getCamera(), zoom: 0.05 });
    chooseTool('rect');
    await tick();
    pointer(engine, 'pointerdown', 100, 100);
    pointer(engine, 'pointermove', 700, 500);
    pointer(engine, 'pointerup', 700, 500);
    // Discarded (the confirmation's 버리기) before the worker answered the drawn range.
    endTool();
    setSelectionIds([]);
    // The worker answers in order: once a later query is answered, the range's was too.
    await worker.api.queryRect(0, 0, 1, 1, { categories: [1], region: 0 });
    await tick();
    expect(store.selection.ids).toEqual([]);
  });

  it('ranges drawn one after another, answered late, all count (ending the tool keeps them)', async () => {
    chooseTool('rect');
    await tick();
    pointer(engine, 'pointerdown', 100, 100);
    pointer(engine, 'pointermove', 400, 300);
    pointer(engine, 'pointerup', 400, 300);
    pointer(engine, 'pointerdown', 400, 300);
    pointer(engine, 'pointermove', 700, 500);
    pointer(engine, 'pointerup', 700, 500);
    endTool();
    await worker.api.queryRect(0, 0, 1, 1, { categories: [1], region: 0 });
    await tick();
    const box = (x0: number, y0: number, x1: number, y1: number) =>
      [engine.screenToWorld({ x: x0, y: y0 }), engine.screenToWorld({ x: x1, y: y1 })] as const;
    let expected: number[] = [];
    for (const [a, b] of [box(100, 100, 400, 300), box(400, 300, 700, 500)]) {
      for (const r of regionsSharingTileSet(0)) {
        expected = expected.concat([...(await worker.api.queryRect(a.x, a.y, b.x, b.y, { categories: [1, 2], region: r.id }))]);
      }
    }
    expect(expected.length).toBeGreaterThan(0);
    expect([...store.selection.ids].sort()).toEqual([...new Set(expected)].sort());
    setSelectionIds([]);
  });

  it('a click in location selection sets the temp pin at that world point', async () => {
    chooseTool('location');
    await tick();
    pointer(engine, 'pointerdown', 400, 300);
    pointer(engine, 'pointerup', 400, 300);
    await until(() => store.tempPin != null);
    const w = engine.screenToWorld({ x: 400, y: 300 });
    expect(store.tempPin!.x).toBeCloseTo(w.x, 0);
    expect(store.tempPin!.y).toBeCloseTo(w.y, 0);
    expect(store.tempPin!.region).toBe(0);
  });

  it('after disconnecting, store changes no longer reach the engine', async () => {
    disconnect();
    disconnect = () => {};
    // The page's requests find no map.
    expect(mapViewBounds()).toBeNull();
    setRegion(5);
    await tick();
    expect(engine.getSnapshot().regionId).toBe(0);
  });
});
