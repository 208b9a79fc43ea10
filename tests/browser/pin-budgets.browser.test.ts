// The counted budgets of the map with every category on, on the real server's demo world, the
// real pins worker and the store bridge: draw calls and buffer bytes per pan frame, nothing drawn
// while idle, and how much of the overview the pins cover. Counts only; no timings.
import { afterEach, describe, expect, it } from 'vitest';
import { MapEngine } from '../../src/engine/MapEngine';
import { createPinsWorker } from '../../workers/pins/client';
import { connectEngine } from '../../src/state/engine-bridge';
import { resetStore, setCategories, setLoadedCategory, setRegion } from '../../src/state/actions';
import { regionById } from '../../common/regions';

const MAX_DRAWS_PER_PAN_FRAME = 8;
const MAX_UPLOAD_BYTES_PER_PAN_FRAME = 16 * 1024;
const MAX_OVERVIEW_COVERAGE = 0.35;
const MIN_OVERVIEW_COVERAGE = 0.01;
/** Pan frames counted per zoom (each is a full 4K draw in SwiftShader: the test's main cost). */
const PAN_FRAMES = 6;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

async function allCategoryIds(): Promise<number[]> {
  const body = (await (await fetch('/api/v1/category/groups')).json()) as { result: unknown };
  const ids: number[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (Array.isArray(o.categories)) for (const c of o.categories as { id: number }[]) ids.push(c.id);
      else Object.values(o).forEach(walk);
    }
  };
  walk(body.result);
  return [...new Set(ids)];
}

/** Counts draw calls and bytes given to buffer uploads on the engine's WebGL context. */
function countGl(canvas: HTMLCanvasElement): { draws: number; bytes: number } {
  const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGL2RenderingContext;
  const c = { draws: 0, bytes: 0 };
  const wrap = (name: string, fn: (args: unknown[]) => void) => {
    const rec = gl as unknown as Record<string, (...a: unknown[]) => unknown>;
    const orig = rec[name];
    if (!orig) return;
    rec[name] = function (this: unknown, ...a: unknown[]) {
      fn(a);
      return orig.apply(gl, a);
    };
    cleanups.push(() => delete rec[name]);
  };
  for (const d of ['drawElements', 'drawArrays', 'drawElementsInstanced', 'drawArraysInstanced']) wrap(d, () => c.draws++);
  const size = (a: unknown) =>
    typeof a === 'number' ? a : ArrayBuffer.isView(a) ? a.byteLength : a instanceof ArrayBuffer ? a.byteLength : 0;
  wrap('bufferData', (a) => (c.bytes += size(a[1])));
  wrap(
    'bufferSubData',
    (a) =>
      (c.bytes +=
        a[3] !== undefined && ArrayBuffer.isView(a[2])
          ? (a[3] as number) * (a[2] as ArrayBufferView & { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT || size(a[2])
          : size(a[2])),
  );
  return c;
}

function pixels(engine: MapEngine, w: number, h: number): Uint8ClampedArray {
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  const ctx = c.getContext('2d')!;
  ctx.drawImage(engine.canvas, 0, 0);
  return ctx.getImageData(0, 0, w, h).data;
}

async function until(fn: () => boolean, what: () => unknown, ms = 90_000): Promise<void> {
  const end = performance.now() + ms;
  while (!fn()) {
    if (performance.now() > end) throw new Error(`timed out waiting: ${JSON.stringify(what())}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Lets the tiles of the view load (the test server draws them on demand, slowly on a busy
 * machine); tiles still loading after `ms` only mean more frames are drawn, which idleFrames
 * accounts for, so this never fails a test.
 */
async function settleTiles(engine: MapEngine, ms = 20_000): Promise<void> {
  await until(
    () => {
      engine.renderNow();
      return engine.getSnapshot().tilesLoading === 0;
    },
    () => null,
    ms,
  ).catch(() => {});
  engine.renderNow();
}

/** What the tile cache holds and loads: a frame drawn while it changes was a tile's, not idle. */
function tileState(engine: MapEngine): string {
  const c = engine.debugInfo().cache;
  return `${c.textures}|${c.loading}|${c.destroyed}|${engine.getSnapshot().tilesLoading}`;
}

/** Draws counted over idle frames in which no tile arrived (a tile arriving is a reason to draw). */
async function idleDraws(engine: MapEngine, counts: { draws: number }): Promise<number> {
  for (let tries = 0; tries < 100; tries++) {
    const before = tileState(engine);
    counts.draws = 0;
    for (let f = 0; f < 3; f++) engine.renderNow();
    if (tileState(engine) === before) return counts.draws;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('tiles kept arriving: no idle frames to count');
}

async function appMap(w: number, h: number): Promise<MapEngine> {
  resetStore();
  const el = document.createElement('div');
  el.style.cssText = `width:${w}px;height:${h}px;position:fixed;left:0;top:0`;
  document.body.appendChild(el);
  const engine = await MapEngine.create({ container: el, preference: 'webgl', resolution: 1 });
  const worker = createPinsWorker();
  const ids = await allCategoryIds();
  expect(ids.length).toBeGreaterThan(10);
  for (const id of ids) {
    const res = await worker.api.loadCategory(id);
    setLoadedCategory(id, { count: res.count, lastEdited: res.lastEdited });
  }
  setCategories(ids);
  setRegion(0);
  const disconnect = connectEngine(engine, worker.api);
  cleanups.push(() => {
    disconnect();
    engine.dispose();
    worker.dispose();
    el.remove();
  });
  return engine;
}

for (const [w, h] of (import.meta.env.VITE_BUDGET_ONLY_HD
  ? [[1920, 1080]]
  : [
      [1920, 1080],
      [3840, 2160],
    ]) as [number, number][]) {
  describe(`every category on at ${w}×${h}`, () => {
    it(
      'pans within the draw-call and upload budgets, draws nothing while idle, and the overview stays readable',
      { timeout: 360_000 },
      async () => {
        const engine = await appMap(w, h);
        const region = regionById(0);
        // The overview: the whole region in view.
        engine.setCamera({ x: region.info.centerX, y: region.info.centerY, zoom: 1 / 64 });
        await until(
          () => {
            engine.renderNow();
            return engine.debugInfo().pins > 0 && engine.debugInfo().aggregates > 0;
          },
          () => {
            const d = engine.debugInfo();
            return [d.pins, d.level, d.aggregates, engine.getSnapshot().tilesLoading];
          },
        );
        await settleTiles(engine);
        const counts = countGl(engine.canvas);
        // Pan frames at the overview (aggregates and dots), at small icons (1/4) and full icons (½):
        // only uniforms and the camera change. (Zoom ½ draws the same as 1 on scale-50 tiles, a
        // quarter of the tile work at 4K.)
        for (const zoom of [engine.getCamera().zoom, 0.25, 0.5]) {
          engine.setCamera({ x: region.info.centerX, y: region.info.centerY, zoom });
          await settleTiles(engine);
          for (let f = 0; f < PAN_FRAMES; f++) {
            const cam = engine.getCamera();
            engine.setCamera({ x: cam.x + 3 / cam.zoom, y: cam.y + 1 / cam.zoom, zoom: cam.zoom });
            counts.draws = 0;
            counts.bytes = 0;
            engine.renderNow();
            // The overview may show the whole region, where the camera cannot pan.
            const moved = engine.getCamera().x !== cam.x || engine.getCamera().y !== cam.y;
            expect(counts.draws > 0, `a frame drawn at zoom ${zoom}`).toBe(moved);
            expect(counts.draws, `draw calls at zoom ${zoom}`).toBeLessThanOrEqual(MAX_DRAWS_PER_PAN_FRAME);
            expect(counts.bytes, `upload bytes at zoom ${zoom}`).toBeLessThanOrEqual(MAX_UPLOAD_BYTES_PER_PAN_FRAME);
          }
          // Nothing moves: nothing is drawn.
          expect(await idleDraws(engine, counts), `draws while idle at zoom ${zoom}`).toBe(0);
        }
        // Coverage at the overview: the pixels pins and aggregates change.
        engine.setCamera({ x: region.info.centerX, y: region.info.centerY, zoom: 1 / 64 });
        await settleTiles(engine);
        // Both pictures from the same tiles (a tile arriving between them would count as pins).
        let without: Uint8ClampedArray, withPins: Uint8ClampedArray;
        for (let tries = 0; ; tries++) {
          const before = tileState(engine);
          engine.setPinsVisible(false);
          engine.renderNow();
          without = pixels(engine, w, h);
          engine.setPinsVisible(true);
          engine.renderNow();
          withPins = pixels(engine, w, h);
          if (tileState(engine) === before) break;
          if (tries > 50) throw new Error('tiles kept arriving: no stable overview to compare');
          await new Promise((r) => setTimeout(r, 500));
        }
        let changed = 0;
        for (let i = 0; i < without.length; i += 4) {
          if (
            Math.abs(without[i]! - withPins[i]!) +
              Math.abs(without[i + 1]! - withPins[i + 1]!) +
              Math.abs(without[i + 2]! - withPins[i + 2]!) >
            24
          )
            changed++;
        }
        const coverage = changed / (w * h);
        console.log(`${w}×${h} overview: ${engine.debugInfo().aggregates} aggregates, pins cover ${(coverage * 100).toFixed(1)} %`);
        expect(coverage).toBeLessThanOrEqual(MAX_OVERVIEW_COVERAGE);
        expect(coverage).toBeGreaterThanOrEqual(MIN_OVERVIEW_COVERAGE);
      },
    );
  });
}
