// Scale: the real app (built client, real server on PGlite) with a demo world of N pins (default
// 1,000,000) and every category on, in headless Chromium at 1920×1080:
//   seed        `npm run seed -- --pins N` into a fresh data folder (wall time)
//   first pins  ms from navigation to the first frame drawn with pins (the engine's mark)
//   all pins    ms from navigation until the engine holds every pin of the world
//   worker      the pins worker's JS heap where Chromium reports it (performance.memory) and an
//               estimate of its typed arrays (the pins-proto bytes it keeps + 40 B a pin of
//               decoded arrays and index)
//   GPU         bytes in WebGL buffers (every bufferData counted per buffer, freed ones taken off)
//               plus the tile textures the engine's cache holds
//   hover pick  p99 of MapEngine.pickAt over 2,000 points of the overview and a middle zoom
//   longest     the longest main-thread task (Long Tasks API) from navigation to the end
//   --profile   also a CPU profile of the page's main thread from navigation to every pin: its
//               longest task of our own script, and the native calls (WebGL context creation,
//               shader link: the GPU's work, on SwiftShader) behind every task over 200 ms
// Peer: the same run at the app's default demo world (60,000 pins), reported as ratios.
// Run: npm run bench -- scale            (1,000,000 and 60,000 pins)
//      npx tsx bench/engine/scale.bench.ts 200000,60000 [--profile]
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { buildClientIfStale } from '../../scripts/build-client';
import { FIRST_PINS_MARK } from '../../src/engine/types';
import { DB_NAME } from '../../src/data/db';
import { startServer } from '../../tests/support/server';
import { CHROMIUM_ARGS } from '../../vite.config';
import { splitTasks, type CpuProfile, type ProfiledTask } from '../support/task-split';

const root = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const PROFILE = args.includes('--profile');
const COUNTS = (args.find((a) => !a.startsWith('--')) ?? '1000000,60000').split(',').map(Number);
const W = 1920,
  H = 1080;

interface Result {
  pins: number;
  seedS: number;
  firstPinsMs: number;
  allPinsMs: number;
  drawnPins: number;
  workerHeapMb: number | null;
  workerEstimateMb: number;
  gpuBufferMb: number;
  tileTextureMb: number;
  pickP50Ms: number;
  pickP99Ms: number;
  longestTaskMs: number;
  /** With --profile: the main thread's tasks, longest first. */
  tasks?: ProfiledTask[];
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
const mb = (b: number) => b / 2 ** 20;

/** Counts WebGL buffer bytes (per buffer, so re-uploads replace and deletes free) and long tasks, before the app runs. */
function instrument(): void {
  const w = window as unknown as { __scale: { longest: number; bufferBytes: () => number } };
  const sizes = new Map<WebGLBuffer, number>();
  for (const Ctx of [WebGLRenderingContext, WebGL2RenderingContext]) {
    const proto = Ctx.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
    const bufferData = proto.bufferData!;
    proto.bufferData = function (this: WebGL2RenderingContext, ...a: unknown[]) {
      const target = a[0] as number;
      const bound = this.getParameter(
        target === this.ELEMENT_ARRAY_BUFFER ? this.ELEMENT_ARRAY_BUFFER_BINDING : this.ARRAY_BUFFER_BINDING,
      ) as WebGLBuffer | null;
      const src = a[1];
      const bytes =
        typeof src === 'number' ? src : ArrayBuffer.isView(src) ? src.byteLength : src instanceof ArrayBuffer ? src.byteLength : 0;
      if (bound) sizes.set(bound, bytes);
      return bufferData.apply(this, a);
    };
    const del = proto.deleteBuffer!;
    proto.deleteBuffer = function (this: WebGL2RenderingContext, ...a: unknown[]) {
      sizes.delete(a[0] as WebGLBuffer);
      return del.apply(this, a);
    };
  }
  w.__scale = { longest: 0, bufferBytes: () => [...sizes.values()].reduce((s, b) => s + b, 0) };
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) w.__scale.longest = Math.max(w.__scale.longest, e.duration);
  }).observe({ type: 'longtask', buffered: true });
}

async function run(pins: number): Promise<Result> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wuwa-scale-'));
  const t0 = Date.now();
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'server/seed/cli.ts', '--pins', String(pins)], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: 'inherit',
  });
  if (seeded.status !== 0) throw new Error(`seeding ${pins} pins failed`);
  const seedS = (Date.now() - t0) / 1000;
  console.error(`  ${pins}: seeded in ${seedS.toFixed(0)} s`);
  const server = await startServer({ RATE_LIMIT: '0' }, { dataDir });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: W, height: H }, locale: 'ko-KR' });
    const page = await context.newPage();
    // A million pins take a while to serve on a 2-core machine: the figures are the point, not a deadline.
    page.setDefaultTimeout(300_000);
    page.setDefaultNavigationTimeout(300_000);
    // Every category on, remembered in the browser's settings; then a start with an empty pin cache.
    await page.goto(server.url + '/');
    await page.getByRole('button', { name: '전체 선택' }).first().click();
    await page.waitForTimeout(1000);
    await context.clearCookies();
    await page.evaluate(
      (name) =>
        new Promise<void>((resolve) => {
          const open = indexedDB.open(name);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('cats')) {
              db.close();
              resolve();
              return;
            }
            const tx = db.transaction('cats', 'readwrite');
            tx.objectStore('cats').clear();
            tx.oncomplete = () => {
              db.close();
              resolve();
            };
          };
          open.onerror = () => resolve();
        }),
      DB_NAME,
    );
    // tsx compiles with esbuild's keepNames, which wraps functions in `__name(...)`: the page needs it too.
    await page.addInitScript('globalThis.__name = globalThis.__name || ((f) => f);');
    await page.addInitScript(instrument);
    let protoBytes = 0;
    page.on('response', (r) => {
      if (r.url().includes('/pins-proto'))
        void r
          .body()
          .then((b) => (protoBytes += b.length))
          .catch(() => {});
    });
    const cdp = PROFILE ? await context.newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(server.url + '/?bench');
    const firstPinsMs = (await (
      await page.waitForFunction((m) => performance.getEntriesByName(m)[0]?.startTime ?? null, FIRST_PINS_MARK, {
        timeout: 600_000,
        polling: 50,
      })
    ).jsonValue()) as number;
    // Every pin: the engine's pin count stops growing once every category is in (polled from the page's clock).
    const allPins = (await (
      await page.waitForFunction(
        () => {
          const w = window as unknown as {
            mapEngine?: { debugInfo(): { pins: number } };
            __last?: { pins: number; t: number; stable: number };
          };
          const n = w.mapEngine?.debugInfo().pins ?? 0;
          const last = w.__last ?? { pins: -1, t: 0, stable: 0 };
          if (n !== last.pins) w.__last = { pins: n, t: performance.now(), stable: 0 };
          else last.stable++;
          return w.__last && w.__last.stable >= 40 && n > 0 ? { pins: n, t: w.__last.t } : null;
        },
        undefined,
        { timeout: 900_000, polling: 100 },
      )
    ).jsonValue()) as { pins: number; t: number };
    await page.waitForLoadState('networkidle');
    const tasks = cdp ? splitTasks((await cdp.send('Profiler.stop')).profile as CpuProfile) : undefined;
    console.error(`  ${pins}: first pins ${firstPinsMs.toFixed(0)} ms, all ${allPins.pins} pins ${allPins.t.toFixed(0)} ms`);

    // Hover picks at the overview and a middle zoom, on a grid of points over the screen.
    const picks = await page.evaluate(
      ({ W, H }) => {
        const e = (
          window as unknown as {
            mapEngine: {
              getCamera(): { x: number; y: number; zoom: number };
              setCamera(c: { x: number; y: number; zoom: number }): void;
              pickAt(x: number, y: number): number | null;
              renderNow(): void;
            };
          }
        ).mapEngine;
        const out: number[] = [];
        const cam = e.getCamera();
        for (const zoom of [cam.zoom, 0.25]) {
          e.setCamera({ x: cam.x, y: cam.y, zoom });
          e.renderNow();
          for (let i = 0; i < 1000; i++) {
            const x = (((i * 37) % 100) / 100) * W,
              y = (((i * 61) % 97) / 97) * H;
            const t = performance.now();
            e.pickAt(x, y);
            out.push(performance.now() - t);
          }
        }
        e.setCamera(cam);
        return out;
      },
      { W, H },
    );
    const mem = await page.evaluate(() => {
      const w = window as unknown as {
        __scale: { longest: number; bufferBytes(): number };
        mapEngine: { debugInfo(): { cache: { bytes: number } } };
      };
      return { longest: w.__scale.longest, buffers: w.__scale.bufferBytes(), tiles: w.mapEngine.debugInfo().cache.bytes };
    });
    // The worker's own heap where the browser tells it (performance.memory), else only the estimate.
    const worker = page.workers().find((wk) => wk.url().includes('pins'));
    const workerHeap = worker
      ? await worker
          .evaluate(() => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? null)
          .catch(() => null)
      : null;
    const workerHeapMb = workerHeap === null ? null : mb(workerHeap);
    return {
      pins,
      seedS,
      firstPinsMs,
      allPinsMs: allPins.t,
      drawnPins: allPins.pins,
      workerHeapMb,
      workerEstimateMb: mb(protoBytes + allPins.pins * 40),
      gpuBufferMb: mb(mem.buffers),
      tileTextureMb: mb(mem.tiles),
      pickP50Ms: pct(picks, 50),
      pickP99Ms: pct(picks, 99),
      longestTaskMs: mem.longest,
      tasks,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

await buildClientIfStale();
const results: Result[] = [];
for (const n of COUNTS) results.push(await run(n));
const f = (x: number | null, d = 0) => (x === null ? '-' : x.toFixed(d)).padStart(9);
console.log(`\nScale, real app at ${W}×${H}, every category on, headless Chromium (SwiftShader), cold pin cache`);
console.log(
  'pins        seed s   first ms    all ms  worker heap MB  worker est MB  GPU buf MB  tiles MB  pick p50 ms  pick p99 ms  longest task ms',
);
for (const r of results) {
  console.log(
    `${String(r.pins).padEnd(10)}${f(r.seedS)}${f(r.firstPinsMs)}${f(r.allPinsMs)}${f(r.workerHeapMb, 1)}      ${f(r.workerEstimateMb, 1)}    ${f(r.gpuBufferMb, 1)} ${f(r.tileTextureMb, 1)}    ${f(r.pickP50Ms, 3)}    ${f(r.pickP99Ms, 3)}     ${f(r.longestTaskMs)}`,
  );
}
for (const r of results) {
  if (!r.tasks) continue;
  const script = [...r.tasks].sort((a, b) => b.scriptMs - a.scriptMs)[0];
  const over = r.tasks.filter((k) => k.ms > 200);
  console.log(`${r.pins} pins, main-thread profile: longest task of our script ${script ? script.scriptMs.toFixed(0) : '-'} ms`);
  for (const k of over)
    console.log(
      `  task ${k.ms.toFixed(0)} ms at ${k.atMs.toFixed(0)} ms: script ${k.scriptMs.toFixed(0)} ms, ${k.topNative ? `${k.topNative.name} ${k.topNative.ms.toFixed(0)} ms` : 'no native call'}`,
    );
}
const peer = results.at(-1)!;
for (const r of results.slice(0, -1)) {
  console.log(
    `${r.pins} / ${peer.pins} pins: all pins ×${(r.allPinsMs / peer.allPinsMs).toFixed(2)}, pick p99 ×${(r.pickP99Ms / peer.pickP99Ms).toFixed(2)}, GPU buffers ×${(r.gpuBufferMb / peer.gpuBufferMb).toFixed(2)}`,
  );
}
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
writeFileSync(join(root, 'bench', 'results', 'scale.json'), JSON.stringify({ viewport: `${W}x${H}`, results }, null, 2));
