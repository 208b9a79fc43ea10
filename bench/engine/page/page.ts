// The frame benchmark's page: the same generated pins drawn by our engine or by Leaflet (canvas
// renderer, canvas-drawn circle markers: how open game maps draw many pins), driven by the same
// camera script. bench/engine/frames.bench.ts loads it in headless Chromium.
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { MapEngine, type CameraState, type PinBuffers } from '../../../src/engine';
import { iconColor } from '../../../src/engine/icons';

/** Pins scattered over a box around the camera's path (deterministic). */
function makePins(n: number, cx: number, cy: number, w: number, h: number): PinBuffers {
  const b: PinBuffers = {
    ids: new Int32Array(n),
    x: new Float32Array(n),
    y: new Float32Array(n),
    z: new Float32Array(n).fill(NaN),
    icon: new Uint16Array(n),
    category: new Int32Array(n),
    region: new Uint8Array(n),
    flags: new Uint8Array(n),
  };
  let s = 12345;
  const rnd = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 4294967296;
  for (let i = 0; i < n; i++) {
    b.ids[i] = i + 1;
    b.x[i] = cx + (rnd() - 0.5) * w;
    b.y[i] = cy + (rnd() - 0.5) * h;
    b.icon[i] = i % 48;
    b.category[i] = i % 48;
  }
  return b;
}

/** The camera script: a slow circle while zooming in and out (frame i of n). */
export function cameraAt(i: number, base: CameraState): CameraState {
  const t = (i / 120) * Math.PI * 2;
  return { x: base.x + Math.cos(t) * 300, y: base.y + Math.sin(t) * 200, zoom: base.zoom * Math.pow(2, 0.5 * Math.sin(t * 0.5)) };
}

const longTasks = { count: 0, ms: 0 };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    longTasks.count++;
    longTasks.ms += e.duration;
  }
}).observe({ type: 'longtask', buffered: false });

const nextFrame = () => new Promise<number>((r) => requestAnimationFrame(r));
const container = document.getElementById('map')!;
let engine: MapEngine | null = null;
let map: L.Map | null = null;
let base: CameraState = { x: 0, y: 0, zoom: 0.5 };

async function setupEngine(n: number, cam: CameraState, tiles: boolean): Promise<number> {
  base = cam;
  const t0 = performance.now();
  engine = await MapEngine.create({ container, preference: 'webgl', ...(tiles ? {} : { tileBaseUrl: '/no-tiles' }) });
  engine.setCamera(cam);
  engine.setPins(makePins(n, cam.x, cam.y, 3200, 2000));
  engine.renderNow();
  // Reading a pixel waits until the GPU has really drawn the frame.
  const gl = (engine.canvas.getContext('webgl2') ?? engine.canvas.getContext('webgl'))!;
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
  return performance.now() - t0;
}

async function setupLeaflet(n: number, cam: CameraState): Promise<number> {
  base = cam;
  const t0 = performance.now();
  const renderer = L.canvas({ padding: 0.1 });
  map = L.map(container, {
    crs: L.CRS.Simple,
    zoomSnap: 0,
    zoomAnimation: false,
    fadeAnimation: false,
    markerZoomAnimation: false,
    preferCanvas: true,
    renderer,
    minZoom: -8,
    maxZoom: 4,
  });
  map.setView([-cam.y, cam.x], Math.log2(cam.zoom), { animate: false });
  const pins = makePins(n, cam.x, cam.y, 3200, 2000);
  const colors = Array.from({ length: 48 }, (_, i) => iconColor(i));
  const group = L.featureGroup();
  for (let i = 0; i < n; i++) {
    group.addLayer(
      L.circleMarker([-pins.y[i]!, pins.x[i]!], {
        renderer,
        radius: 9,
        weight: 2,
        color: '#ffffff',
        fillColor: colors[pins.icon[i]!],
        fillOpacity: 1,
        interactive: true,
      }),
    );
  }
  group.addTo(map);
  await nextFrame();
  await nextFrame();
  const ctx = (container.querySelector('canvas') as HTMLCanvasElement).getContext('2d')!;
  ctx.getImageData(0, 0, 1, 1);
  return performance.now() - t0;
}

/** Runs the camera script for `frames` frames; returns the engine's own per-frame stats when it is ours. */
async function run(
  frames: number,
): Promise<{ wallMs: number; longTasks: number; longTaskMs: number; engineMs?: number; engineMaxMs?: number; engineFrames?: number }> {
  longTasks.count = longTasks.ms = 0;
  if (engine) Object.assign(engine.frameStats, { frames: 0, totalMs: 0, maxMs: 0 });
  const t0 = performance.now();
  for (let i = 0; i < frames; i++) {
    const c = cameraAt(i, base);
    if (engine) engine.setCamera(c);
    else map!.setView([-c.y, c.x], Math.log2(c.zoom), { animate: false });
    await nextFrame();
  }
  await nextFrame();
  const wallMs = performance.now() - t0;
  const lt = { longTasks: longTasks.count, longTaskMs: longTasks.ms };
  if (!engine) return { wallMs, ...lt };
  const s = engine.frameStats;
  return { wallMs, ...lt, engineMs: s.totalMs / Math.max(1, s.frames), engineMaxMs: s.maxMs, engineFrames: s.frames };
}

Object.assign(window, { bench: { setupEngine, setupLeaflet, run, engine: () => engine } });
