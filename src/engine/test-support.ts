// Helpers for the engine's browser tests: real engines on a fixed 800×600 container, removed after
// each test; pin buffers from a short list; pixels read back from the canvas.
import { MapEngine } from './MapEngine';
import { emptyPins } from '../../common/pin-buffers';
import type { PinBuffers } from './types';

export const TEST_W = 800;
export const TEST_H = 600;
const engines: MapEngine[] = [];

/** An engine (WebGL, resolution 1, black background) on a fixed container at the page's top-left. */
export async function makeTestEngine(): Promise<MapEngine> {
  const el = document.createElement('div');
  el.style.cssText = `width:${TEST_W}px;height:${TEST_H}px;position:fixed;left:0;top:0`;
  document.body.appendChild(el);
  const engine = await MapEngine.create({ container: el, preference: 'webgl', resolution: 1, background: 0x000000 });
  engines.push(engine);
  return engine;
}

/** Disposes every engine made so far and removes its container (afterEach). */
export function disposeTestEngines(): void {
  for (const e of engines.splice(0)) {
    const parent = e.canvas.parentElement;
    e.dispose();
    parent?.remove();
  }
}

/** Pin buffers for a few pins (icon 0 and no floor unless given). */
export function pins(list: { id: number; x: number; y: number; icon?: number; z?: number }[]): PinBuffers {
  const b = emptyPins(list.length);
  list.forEach((p, i) => {
    b.ids[i] = p.id;
    b.x[i] = p.x;
    b.y[i] = p.y;
    b.z[i] = p.z ?? NaN;
    b.icon[i] = p.icon ?? 0;
  });
  return b;
}

/** The RGB of a test engine's canvas at a CSS pixel (resolution 1). */
export function pixel(engine: MapEngine, x: number, y: number): [number, number, number] {
  const c = document.createElement('canvas');
  c.width = TEST_W;
  c.height = TEST_H;
  const ctx = c.getContext('2d')!;
  ctx.drawImage(engine.canvas, 0, 0);
  const d = ctx.getImageData(Math.round(x), Math.round(y), 1, 1).data;
  return [d[0]!, d[1]!, d[2]!];
}

/** '#rrggbb' as RGB. */
export function hex(c: string): [number, number, number] {
  const v = parseInt(c.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}
