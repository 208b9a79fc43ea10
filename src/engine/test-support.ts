// Helpers for the engine's browser tests: real engines on a fixed 800×600 container, removed after each test.
import { MapEngine } from './MapEngine';

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
