// The planned route on the map (issue 22): a numbered line whose stops batch into the overlay's draw calls,
// nothing drawn while idle, and the next stop highlighted. Counts and pixels only; no timings.
import { afterEach, describe, expect, it } from 'vitest';
import { disposeTestEngines, makeTestEngine, pins, pixel, TEST_H as H, TEST_W as W } from './test-support';
import type { MapEngine } from './MapEngine';

afterEach(disposeTestEngines);

/** Counts the draw calls made on the engine's WebGL context; restore() unwraps. */
function countDraws(engine: MapEngine): { draws: number; restore(): void } {
  const gl = (engine.canvas.getContext('webgl2') ?? engine.canvas.getContext('webgl')) as unknown as Record<
    string,
    (...a: unknown[]) => unknown
  >;
  const c = { draws: 0, restore: () => {} };
  const names = ['drawElements', 'drawArrays', 'drawElementsInstanced', 'drawArraysInstanced'].filter((n) => gl[n]);
  for (const n of names) {
    const orig = gl[n]!;
    gl[n] = function (...a: unknown[]) {
      c.draws++;
      return orig.apply(gl, a);
    };
  }
  c.restore = () => names.forEach((n) => delete gl[n]);
  return c;
}

/** A route of n stops on a spiral around (0, 0), some on floor -1. */
function spiral(n: number) {
  const x: number[] = [],
    y: number[] = [],
    floor: number[] = [];
  for (let k = 0; k < n; k++) {
    const a = k * 0.4;
    x.push(Math.cos(a) * (20 + k * 2));
    y.push(Math.sin(a) * (20 + k * 2));
    floor.push(k % 7 === 3 ? -1 : NaN);
  }
  return { x, y, floor };
}

describe('the route overlay', () => {
  it('draws 300 numbered stops within 8 draw calls a pan frame, and nothing while idle', async () => {
    const engine = await makeTestEngine();
    engine.setPins(pins(Array.from({ length: 50 }, (_, i) => ({ id: i + 1, x: (i % 10) * 40 - 200, y: Math.floor(i / 10) * 40 - 100 }))));
    engine.setCamera({ x: 0, y: 0, zoom: 1 });
    const s = spiral(300);
    engine.setRoute({ ...s, next: 5, done: s.x.map((_, k) => k < 5) });
    engine.setPlayer({ x: 0, y: 0, heading: 0 });
    engine.renderNow();
    const c = countDraws(engine);
    try {
      for (let f = 0; f < 6; f++) {
        const cam = engine.getCamera();
        engine.setCamera({ x: cam.x + 7, y: cam.y + 3, zoom: cam.zoom });
        c.draws = 0;
        engine.renderNow();
        expect(c.draws, `pan frame ${f}`).toBeGreaterThan(0);
        expect(c.draws, `pan frame ${f}`).toBeLessThanOrEqual(8);
      }
      // Let the player's glide finish, then nothing moves: nothing is drawn.
      await new Promise((r) => setTimeout(r, 400));
      engine.renderNow();
      c.draws = 0;
      for (let f = 0; f < 3; f++) engine.renderNow();
      expect(c.draws).toBe(0);
      // Marking a stop found (a new `next`) is one frame, then idle again.
      engine.setRoute({ ...s, next: 6, done: s.x.map((_, k) => k < 6) });
      c.draws = 0;
      engine.renderNow();
      expect(c.draws).toBeGreaterThan(0);
      expect(c.draws).toBeLessThanOrEqual(8);
      c.draws = 0;
      engine.renderNow();
      expect(c.draws).toBe(0);
    } finally {
      c.restore();
    }
  });

  it('highlights the next stop and hides the route when cleared', async () => {
    const engine = await makeTestEngine();
    engine.setCamera({ x: 0, y: 0, zoom: 1 });
    engine.setRoute({ x: [0, 100], y: [0, 0], floor: [NaN, NaN], next: 0, done: [false, false] });
    engine.renderNow();
    // The next stop's gold ring (0xffd166, radius 20) above its centre, at the view's centre.
    const ring = pixel(engine, W / 2, H / 2 - 20);
    expect(ring[0]).toBeGreaterThan(180);
    expect(ring[1]).toBeGreaterThan(120);
    expect(ring[2]).toBeLessThan(140);
    engine.setRoute(null);
    engine.renderNow();
    const gone = pixel(engine, W / 2, H / 2 - 20);
    expect(gone[0]).toBeLessThan(60);
  });
});
