import { afterEach, expect, it } from 'vitest';
import { getMaxFragmentPrecision } from 'pixi.js';
import { MapEngine } from './MapEngine';
import { startRendererEarly } from './renderer-start';
import { disposeTestEngines, makeTestEngine } from './test-support';

afterEach(disposeTestEngines);

// Starting a WebGL context is the costliest step of a map's start on a software GPU (0.1–0.3 s of
// main thread each here). This file is a fresh page: its first engine is a page's first map.
// autoDetectRenderer made a context only to ask whether WebGL works, and threw it away; Pixi asks the
// fragment precision of a WebGL 1 context of its own (getTestContext), which the map's context now answers.
it("a page's first map starts one WebGL context, its own: no support probe and no precision probe", async () => {
  const kinds: string[] = [];
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string, ...rest: unknown[]) {
    if (kind.startsWith('webgl')) kinds.push(kind);
    return (getContext as (...a: unknown[]) => unknown).call(this, kind, ...rest);
  } as typeof getContext;
  try {
    await makeTestEngine();
    expect(kinds).toEqual(['webgl2']);
    // The answer is the map's context's: WebGL 2 has high precision in fragment shaders.
    expect(getMaxFragmentPrecision()).toBe('highp');
    await makeTestEngine();
    expect(kinds).toEqual(['webgl2', 'webgl2']);
  } finally {
    HTMLCanvasElement.prototype.getContext = getContext;
  }
});

// The renderer started early (main.tsx) exists before the map's container: started in the window's size, its drawing
// buffer was made once for the window and again for the container (which the app's side rail makes narrower), each
// 0.2–0.4 s of main thread on a software GPU (the scale bench's longest tasks: CanvasPool.resizeCanvas). It starts at
// 1×1 now, and the engine sizes it once, to its container.
it('the early renderer makes its drawing buffer once, in the size of the map that takes it up', async () => {
  const sizes: string[] = [];
  const canvases: HTMLCanvasElement[] = [];
  const width = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, 'width')!;
  const height = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, 'height')!;
  const spy = (d: PropertyDescriptor, name: string): PropertyDescriptor => ({
    ...d,
    set(this: HTMLCanvasElement, v: number) {
      if (v > 1 && d.get!.call(this) !== v) {
        canvases.push(this);
        sizes.push(`${name}=${v}`);
      }
      d.set!.call(this, v);
    },
  });
  Object.defineProperty(HTMLCanvasElement.prototype, 'width', spy(width, 'width'));
  Object.defineProperty(HTMLCanvasElement.prototype, 'height', spy(height, 'height'));
  const el = document.createElement('div');
  el.style.cssText = 'width:301px;height:203px;position:fixed;left:0;top:0';
  document.body.appendChild(el);
  let engine: MapEngine | undefined;
  try {
    startRendererEarly();
    engine = await MapEngine.create({ container: el });
  } finally {
    Object.defineProperty(HTMLCanvasElement.prototype, 'width', width);
    Object.defineProperty(HTMLCanvasElement.prototype, 'height', height);
  }
  try {
    const dpr = window.devicePixelRatio;
    expect([window.innerWidth, window.innerHeight]).not.toEqual([301, 203]);
    expect(sizes.filter((_, i) => canvases[i] === engine!.canvas)).toEqual([
      `width=${Math.round(301 * dpr)}`,
      `height=${Math.round(203 * dpr)}`,
    ]);
  } finally {
    engine.dispose();
    el.remove();
  }
});
