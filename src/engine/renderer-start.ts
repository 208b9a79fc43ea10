// The map's renderer, started in its container's size (MapEngine.create): WebGL unless the options
// prefer another. Its start cost is counted in renderer-start.browser.test.ts. A map route's page starts
// it early (startRendererEarly, from main.tsx), while its code and data are still loading; the first
// MapEngine.create that can use it takes it up.
// Pixi generates shader glue with new Function() unless this is loaded; our CSP has no 'unsafe-eval'.
import 'pixi.js/unsafe-eval';
import { autoDetectRenderer, DOMAdapter, getMaxFragmentPrecision, WebGLRenderer, type ICanvas, type Renderer } from 'pixi.js';
import type { MapEngineOptions } from './types';
import { warmUpPrograms } from './warm-up';

export async function startRenderer(opts: MapEngineOptions): Promise<Renderer> {
  const early = takeEarlyRenderer(opts);
  if (early) {
    const renderer = await early;
    const el = opts.container;
    renderer.resize(Math.max(1, el.clientWidth), Math.max(1, el.clientHeight));
    return renderer;
  }
  return startNow(opts, opts.container.clientWidth, opts.container.clientHeight);
}

async function startNow(opts: Omit<MapEngineOptions, 'container'>, width: number, height: number): Promise<Renderer> {
  const options = {
    width: Math.max(1, width),
    height: Math.max(1, height),
    resolution: opts.resolution ?? window.devicePixelRatio ?? 1,
    autoDensity: true,
    antialias: false,
    backgroundAlpha: opts.background === 'transparent' ? 0 : 1,
    background: typeof opts.background === 'number' ? opts.background : 0x0b1220,
    // Tests and the frame benchmark read pixels back after a frame.
    preserveDrawingBuffer: true,
    eventMode: 'none',
  } as const;
  if ((opts.preference ?? 'webgl') === 'webgl') {
    // Started directly: autoDetectRenderer first makes and throws away a WebGL context to ask
    // whether WebGL works, a second context start per page (0.3 s of main thread on a software GPU).
    // The context is made here, with the attributes Pixi's GlContextSystem asks for, so that it can
    // also answer Pixi's precision question (answerPrecisionProbe). Without WebGL this rejects as
    // autoDetectRenderer would.
    const canvas = document.createElement('canvas');
    const attributes: WebGLContextAttributes = {
      alpha: options.backgroundAlpha < 1,
      premultipliedAlpha: true,
      antialias: false,
      stencil: true,
      preserveDrawingBuffer: options.preserveDrawingBuffer,
      powerPreference: 'default',
    };
    const context = canvas.getContext('webgl2', attributes) ?? canvas.getContext('webgl', attributes);
    if (!context) throw new Error('This browser does not support WebGL.');
    answerPrecisionProbe(context);
    const gl = new WebGLRenderer();
    // Pixi's types say WebGL 2; its GlContextSystem takes a WebGL 1 context as well (initFromContext).
    await gl.init({ ...options, canvas, context: context as WebGL2RenderingContext });
    // Compiled now, while the pins are still on their way, not in the first frame that draws them.
    warmUpPrograms(gl);
    return gl;
  }
  return autoDetectRenderer({ ...options, preference: opts.preference });
}

/**
 * Pixi asks the highest fragment precision once per page (getMaxFragmentPrecision, in the first GlProgram made: the
 * renderer's init makes its pipes' programs before its context) of a WebGL context of its own: a throwaway canvas's
 * 'webgl' (getTestContext), a second context start per page. Asked here first, through the adapter Pixi makes that
 * canvas with, whose canvas answers with the renderer's own context. Pixi keeps that context as its probe, and
 * otherwise uses it only in a deprecated path (a Batcher made without maxTextures), which neither Pixi nor we take.
 */
function answerPrecisionProbe(context: WebGLRenderingContext | WebGL2RenderingContext): void {
  const adapter = DOMAdapter.get();
  DOMAdapter.set({ ...adapter, createCanvas: () => ({ getContext: () => context }) as unknown as ICanvas });
  try {
    getMaxFragmentPrecision();
  } finally {
    DOMAdapter.set(adapter);
  }
}

let early: Promise<Renderer> | null = null;

/**
 * Starts the map's renderer now, before the map's container exists: on a software GPU the context's start and the
 * programs' compile take the main thread for a few hundred ms, better spent while the page's code and data are still
 * on their way. Once per page; the first MapEngine.create with the default options takes it.
 *
 * It starts at 1×1: its drawing buffer is made once, when the engine sizes it to its container. Started in the
 * window's size, the buffer was made twice, since the map is narrower than the window beside the app's side rail
 * (each 0.2–0.4 s of main thread on a software GPU, as OBS and GPU-less machines have; renderer-start.browser.test.ts).
 */
export function startRendererEarly(): void {
  if (early) return;
  early = startNow({}, 1, 1);
  // A failure is the engine's to report when it takes the renderer up (MapView logs it).
  early.catch(() => {});
}

/** The renderer started early, once, for an engine with the default look (WebGL, the window's resolution, opaque). */
function takeEarlyRenderer(opts: MapEngineOptions): Promise<Renderer> | null {
  if (!early || (opts.preference ?? 'webgl') !== 'webgl' || opts.resolution !== undefined || opts.background !== undefined) return null;
  const r = early;
  early = null;
  return r;
}
