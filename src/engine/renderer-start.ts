// The map's renderer, started in its container's size (MapEngine.create): WebGL unless the options
// prefer another. Its start cost is counted in renderer-start.browser.test.ts.
// Pixi generates shader glue with new Function() unless this is loaded; our CSP has no 'unsafe-eval'.
import 'pixi.js/unsafe-eval';
import { autoDetectRenderer, WebGLRenderer, type Renderer } from 'pixi.js';
import type { MapEngineOptions } from './types';

export async function startRenderer(opts: MapEngineOptions): Promise<Renderer> {
  const el = opts.container;
  const options = {
    width: Math.max(1, el.clientWidth),
    height: Math.max(1, el.clientHeight),
    resolution: opts.resolution ?? window.devicePixelRatio ?? 1,
    autoDensity: true,
    antialias: false,
    backgroundAlpha: opts.background === 'transparent' ? 0 : 1,
    background: typeof opts.background === 'number' ? opts.background : 0x0b1220,
    // Tests and the frame benchmark read pixels back after a frame.
    preserveDrawingBuffer: true,
    eventMode: 'none',
  } as Parameters<typeof autoDetectRenderer>[0];
  if ((opts.preference ?? 'webgl') === 'webgl') {
    // Started directly: autoDetectRenderer first makes and throws away a WebGL context to ask
    // whether WebGL works, a second context start per page (0.3 s of main thread on a software
    // GPU). Without WebGL, init rejects here as autoDetectRenderer would.
    const gl = new WebGLRenderer();
    await gl.init(options);
    return gl;
  }
  return autoDetectRenderer({ ...options, preference: opts.preference });
}
