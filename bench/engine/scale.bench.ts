// Scale (issue 21 item 5): the real app (built client, real server on PGlite) with every category on, in headless
// Chromium at 1920×1080, region snapshots beside today's one request per category (?bench&pins=category) in one run,
// as ratios. Worlds:
//   fixture     the real-shaped import fixture (`npx tsx tools/world-fixture.ts --core`: 512 categories, 22,142 pins,
//               its 11 maps folded onto the 7 built-in regions)
//               imported into a fresh data folder
//   N           a demo world of N pins (`npm run seed -- --pins N`; 1,000,000 by default)
// For each world and path: a first visit turns every category on (and fills the server's caches), then
//   requests    pin requests of a start with an empty pin cache (pins-proto lists; the snapshot version check and
//               snapshots)
//   first pins  ms from navigation to the first frame drawn with pins (the engine's mark)
//   all pins    ms from navigation until the engine's pin count stops growing
//   warm        all pins again after a reload with the pin cache kept (IndexedDB)
//   B/pin       bytes a pin on the wire, as sent (compressed), over the pins drawn
//   longest     the longest main-thread task (Long Tasks API) of the cold start; with --profile also the longest
//               task's own script time (CPU profile; WebGL calls under Pixi's wrappers are the GPU's, and time a
//               starved machine gave no sample is nobody's: bench/support/task-split.ts), and what every task over
//               200 ms spent its time on
//   worker      the pins worker's JS heap where Chromium reports it (performance.memory) and an estimate (the pin
//               bytes on the wire + 40 B a pin of decoded arrays and index)
//   GPU         bytes in WebGL buffers plus the tile textures the engine's cache holds; hover pick p50/p99 (MapEngine.pickAt)
// Budgets (issue 21): fixture ≤ 4 requests and all pins ≤ 1.5 s; 1M first ≤ 1.5 s, all ≤ 4 s; warm ≤ 1 s; no task of
// our script over 50 ms; ≤ 10 B a pin. Printed beside each figure.
// Run: npm run bench -- scale            (fixture and 1,000,000 pins)
//      npx tsx bench/engine/scale.bench.ts fixture,200000 [--profile] [--timeline] [--paths snapshot]
// --profile writes each start's CPU profile to bench/results/scale-<world>-<path>-<cold|warm>.cpuprofile.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright';
import { buildClientIfStale } from '../../scripts/build-client';
import { FIRST_PINS_MARK } from '../../src/engine/types';
import { DB_NAME } from '../../src/data/db';
import { startServer, type StartedServer } from '../../tests/support/server';
import { CHROMIUM_ARGS } from '../../vite.config';
import { pixiNativeFrames, splitTasks, type CpuProfile, type ProfiledTask } from '../support/task-split';

const root = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const PROFILE = args.includes('--profile');
// Prints each start's requests (resource timing) and marks, from navigation, to see what waits on what.
const TIMELINE = args.includes('--timeline');
const PATH_ARG = args.includes('--paths') ? (args[args.indexOf('--paths') + 1] ?? '') : '';
const PATHS: PinPath[] = PATH_ARG ? (PATH_ARG.split(',') as PinPath[]) : ['category', 'snapshot'];
const WORLDS = (args.find((a) => !a.startsWith('--') && !PATH_ARG.includes(a)) ?? 'fixture,1000000').split(',');
type PinPath = 'snapshot' | 'category';
const W = 1920,
  H = 1080;

interface Result {
  world: string;
  path: PinPath;
  requests: number;
  firstPinsMs: number;
  allPinsMs: number;
  drawnPins: number;
  warmFirstPinsMs: number;
  warmAllPinsMs: number;
  warmRequests: number;
  bytesPerPin: number;
  workerHeapMb: number | null;
  workerEstimateMb: number;
  gpuBufferMb: number;
  tileTextureMb: number;
  pickP50Ms: number;
  pickP99Ms: number;
  longestTaskMs: number;
  warmLongestTaskMs: number;
  /** With --profile: the main thread's tasks of the cold start, longest first. */
  tasks?: ProfiledTask[];
  /** With --profile: the same for the warm start. */
  warmTasks?: ProfiledTask[];
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
const mb = (b: number) => b / 2 ** 20;
// Which profile frames are WebGL calls under Pixi's wrappers (the built client's source maps).
const isGpuFrame = pixiNativeFrames(join(root, 'dist'));
const isPinRequest = (url: string) => url.includes('/pins-proto') || url.includes('/api/v1/pins/snapshot');

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

/** A fresh data folder holding the world: the real-shaped fixture imported, or a demo world of N pins seeded. */
function makeWorld(world: string): { dataDir: string; seedS: number } {
  const dataDir = mkdtempSync(join(tmpdir(), 'wuwa-scale-'));
  const t0 = Date.now();
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
  const step = (what: string, argv: string[]) => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', ...argv], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error(`${what} failed`);
  };
  if (world === 'fixture') {
    const out = mkdtempSync(join(tmpdir(), 'wuwa-fixture-'));
    // --core: the 11 maps folded onto the 7 built-in regions, so region 0 (where the map opens) holds its share.
    step('world fixture', ['tools/world-fixture.ts', '--out', out, '--core']);
    step('import of the fixture', ['server/import/cli.ts', join(out, 'world.json')]);
  } else step(`seeding ${world} pins`, ['server/seed/cli.ts', '--pins', world]);
  const seedS = (Date.now() - t0) / 1000;
  console.error(`  ${world}: world made in ${seedS.toFixed(0)} s`);
  return { dataDir, seedS };
}

/** The engine's pin count once it stops growing (4 s without a change), and when it last changed. */
async function allPinsHeld(page: Page): Promise<{ pins: number; t: number }> {
  return (await (
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
}

async function firstPins(page: Page): Promise<number> {
  return (await (
    await page.waitForFunction((m) => performance.getEntriesByName(m)[0]?.startTime ?? null, FIRST_PINS_MARK, {
      timeout: 600_000,
      polling: 50,
    })
  ).jsonValue()) as number;
}

const longestTask = (page: Page) => page.evaluate(() => (window as unknown as { __scale: { longest: number } }).__scale.longest);

/** With --timeline: the page's requests and marks since navigation, in order. */
async function printTimeline(page: Page, label: string): Promise<void> {
  const rows = await page.evaluate(() =>
    [
      ...performance.getEntriesByType('resource').map((e) => {
        const r = e as PerformanceResourceTiming;
        const u = new URL(r.name);
        // Through the service worker: when it was asked, and when the request left it.
        const sw = r.workerStart > 0 ? ` (service worker ${r.workerStart.toFixed(0)}, sent ${r.requestStart.toFixed(0)})` : '';
        return { at: r.startTime, end: r.responseEnd, what: `${u.pathname}${u.search}`.slice(0, 90) + sw, kb: r.transferSize / 1024 };
      }),
      ...performance.getEntriesByType('mark').map((e) => ({ at: e.startTime, end: e.startTime, what: `mark ${e.name}`, kb: 0 })),
      ...performance.getEntriesByType('navigation').flatMap((e) => {
        const n = e as PerformanceNavigationTiming;
        return [
          { at: n.startTime, end: n.responseEnd, what: `navigation (document; service worker ${n.workerStart.toFixed(0)})`, kb: 0 },
          { at: n.domInteractive, end: n.domContentLoadedEventEnd, what: 'DOM interactive → DOMContentLoaded', kb: 0 },
        ];
      }),
    ].sort((a, b) => a.at - b.at),
  );
  // The pins worker's marks (pins-service.ts: snapshot reads, the last pin set built), on the page's clock.
  const origin = await page.evaluate(() => performance.timeOrigin);
  for (const worker of page.workers()) {
    const marks = await worker
      .evaluate(() =>
        performance
          .getEntries()
          .filter((e) => e.name.startsWith('pins:'))
          .map((e) => ({
            at: e.startTime + performance.timeOrigin,
            ms: e.duration,
            what: `worker ${e.name} ${JSON.stringify((e as PerformanceMark).detail ?? '')}`,
          })),
      )
      .catch(() => []);
    for (const m of marks) rows.push({ at: m.at - origin, end: m.at - origin + m.ms, what: m.what, kb: 0 });
  }
  rows.sort((a, b) => a.at - b.at);
  console.error(`  timeline, ${label}:`);
  for (const r of rows)
    console.error(`    ${r.at.toFixed(0).padStart(6)} → ${r.end.toFixed(0).padStart(6)}  ${r.kb.toFixed(1).padStart(7)} KB  ${r.what}`);
}

/** With --profile, each start's CPU profile goes to bench/results/ (open it in Chrome's Performance panel). */
function saveProfile(name: string, profile: CpuProfile): void {
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(join(root, 'bench', 'results', `scale-${name}.cpuprofile`), JSON.stringify(profile));
}

async function run(world: string, path: PinPath, server: StartedServer, browser: Browser): Promise<Result> {
  const context = await browser.newContext({ viewport: { width: W, height: H }, locale: 'ko-KR' });
  // A million pins take a while to serve on a 2-core machine: the figures are the point, not a deadline.
  const newPage = async () => {
    const p = await context.newPage();
    p.setDefaultTimeout(300_000);
    p.setDefaultNavigationTimeout(300_000);
    return p;
  };
  try {
    let page = await newPage();
    const url = `${server.url}/?bench${path === 'category' ? '&pins=category' : ''}`;
    // Every category on, remembered in the browser's settings (this visit also fills the server's caches); then a
    // start with an empty pin cache.
    await page.goto(url);
    await page.getByRole('button', { name: '전체 선택' }).first().click();
    await allPinsHeld(page);
    await context.clearCookies();
    // A new player's browser: nothing in its HTTP cache either (the snapshots are immutable, the lists revalidate).
    await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
    await page.evaluate(
      (name) =>
        new Promise<void>((resolve) => {
          const open = indexedDB.open(name);
          open.onsuccess = () => {
            const db = open.result;
            const stores = ['cats', 'snaps'].filter((s) => db.objectStoreNames.contains(s));
            if (!stores.length) {
              db.close();
              resolve();
              return;
            }
            const tx = db.transaction(stores, 'readwrite');
            for (const s of stores) tx.objectStore(s).clear();
            tx.oncomplete = () => {
              db.close();
              resolve();
            };
          };
          open.onerror = () => resolve();
        }),
      DB_NAME,
    );
    let requests = 0;
    let wireBytes = 0;
    const sizes: Promise<void>[] = [];
    // Each start in a tab of its own, as a player's new tab (the storage and HTTP cache are the context's), the
    // previous one closed first: on the same tab the previous map's teardown (its WebGL context, worker and a million
    // pins' arrays) ran into the next start (DOMContentLoaded 0.4 s after navigation in a cold start, 1.1–1.3 s in
    // the warm one that followed it; 0.26 s with that page left to rest first).
    const startPage = async (): Promise<CDPSession | null> => {
      await page.close();
      page = await newPage();
      // tsx compiles with esbuild's keepNames, which wraps functions in `__name(...)`: the page needs it too.
      await page.addInitScript('globalThis.__name = globalThis.__name || ((f) => f);');
      await page.addInitScript(instrument);
      page.on('requestfinished', (r) => {
        if (!isPinRequest(r.url())) return;
        requests++;
        sizes.push(
          r
            .sizes()
            .then((z) => void (wireBytes += z.responseBodySize))
            .catch(() => {}),
        );
      });
      if (!PROFILE) return null;
      const session = await context.newCDPSession(page);
      await session.send('Profiler.enable');
      await session.send('Profiler.setSamplingInterval', { interval: 200 });
      await session.send('Profiler.start');
      return session;
    };
    let cdp = await startPage();
    await page.goto(url);
    const firstPinsMs = await firstPins(page);
    const allPins = await allPinsHeld(page);
    await page.waitForLoadState('networkidle');
    await Promise.all(sizes);
    if (TIMELINE) await printTimeline(page, `${world} ${path} cold`);
    const coldRequests = requests;
    const coldWire = wireBytes;
    const coldProfile = cdp ? ((await cdp.send('Profiler.stop')).profile as CpuProfile) : null;
    const tasks = coldProfile ? splitTasks(coldProfile, { isGpuFrame }) : undefined;
    if (coldProfile) saveProfile(`${world}-${path}-cold`, coldProfile);
    console.error(
      `  ${world} ${path}: ${coldRequests} pin requests, first pins ${firstPinsMs.toFixed(0)} ms, all ${allPins.pins} pins ${allPins.t.toFixed(0)} ms`,
    );

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

    // Warm start: a new tab again, with the pin cache kept.
    cdp = await startPage();
    requests = 0;
    await page.goto(url);
    const warmFirstPinsMs = await firstPins(page);
    const warm = await allPinsHeld(page);
    await page.waitForLoadState('networkidle');
    const warmLongestTaskMs = await longestTask(page);
    if (TIMELINE) await printTimeline(page, `${world} ${path} warm`);
    const warmProfile = cdp ? ((await cdp.send('Profiler.stop')).profile as CpuProfile) : null;
    const warmTasks = warmProfile ? splitTasks(warmProfile, { isGpuFrame }) : undefined;
    if (warmProfile) saveProfile(`${world}-${path}-warm`, warmProfile);
    console.error(`  ${world} ${path}: warm, ${requests} pin requests, all ${warm.pins} pins ${warm.t.toFixed(0)} ms`);
    return {
      world,
      path,
      requests: coldRequests,
      firstPinsMs,
      allPinsMs: allPins.t,
      drawnPins: allPins.pins,
      warmFirstPinsMs,
      warmAllPinsMs: warm.t,
      warmRequests: requests,
      bytesPerPin: coldWire / allPins.pins,
      workerHeapMb: workerHeap === null ? null : mb(workerHeap),
      workerEstimateMb: mb(coldWire + allPins.pins * 40),
      gpuBufferMb: mb(mem.buffers),
      tileTextureMb: mb(mem.tiles),
      pickP50Ms: pct(picks, 50),
      pickP99Ms: pct(picks, 99),
      longestTaskMs: mem.longest,
      warmLongestTaskMs,
      tasks,
      warmTasks,
    };
  } finally {
    await context.close();
  }
}

await buildClientIfStale();
const results: Result[] = [];
for (const world of WORLDS) {
  const { dataDir } = makeWorld(world);
  const server = await startServer({ RATE_LIMIT: '0', SEED_PINS: '0' }, { dataDir });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    for (const path of PATHS) results.push(await run(world, path, server, browser));
  } catch (e) {
    // A server that died under a big world (a 1M run once refused connections right after it started) says why here.
    console.error(`  ${world}: the server's output:\n${server.output().slice(-4000)}`);
    throw e;
  } finally {
    await browser.close();
    await server.stop();
  }
}

const f = (x: number | null, d = 0) => (x === null ? '-' : x.toFixed(d)).padStart(9);
console.log(
  `\nScale, real app at ${W}×${H}, every category on, headless Chromium (SwiftShader); load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(
  'world     path        requests  first ms    all ms   warm first  warm all  B/pin  drawn pins  longest task ms  warm longest  pick p99 ms  GPU buf MB  worker est MB',
);
for (const r of results)
  console.log(
    `${r.world.padEnd(10)}${r.path.padEnd(10)}${f(r.requests)}${f(r.firstPinsMs)}${f(r.allPinsMs)}   ${f(r.warmFirstPinsMs)}${f(r.warmAllPinsMs)}${f(r.bytesPerPin, 1).slice(2)}  ${f(r.drawnPins).padStart(10)}  ${f(r.longestTaskMs).padStart(15)}  ${f(r.warmLongestTaskMs).padStart(12)}  ${f(r.pickP99Ms, 3).padStart(11)}  ${f(r.gpuBufferMb, 1).padStart(10)}  ${f(r.workerEstimateMb, 1).padStart(13)}`,
  );
// Snapshot / per category, and the issue's budgets.
const x = (a: number, b: number) => (b ? `×${(a / b).toFixed(2)}` : '-');
for (const world of WORLDS) {
  const s = results.find((r) => r.world === world && r.path === 'snapshot');
  const c = results.find((r) => r.world === world && r.path === 'category');
  if (s && c)
    console.log(
      `${world}: snapshot / per category: requests ${x(s.requests, c.requests)}, first pins ${x(s.firstPinsMs, c.firstPinsMs)}, all pins ${x(s.allPinsMs, c.allPinsMs)}, warm ${x(s.warmAllPinsMs, c.warmAllPinsMs)}, B/pin ${x(s.bytesPerPin, c.bytesPerPin)}, longest task ${x(s.longestTaskMs, c.longestTaskMs)}`,
    );
  if (s) {
    const fixture = world === 'fixture';
    const checks: [string, number, number][] = [
      ...(fixture
        ? ([
            ['pin requests', s.requests, 4],
            ['all pins ms', s.allPinsMs, 1500],
          ] as [string, number, number][])
        : []),
      ...(!fixture
        ? ([
            ['first pins ms', s.firstPinsMs, 1500],
            ['all pins ms', s.allPinsMs, 4000],
          ] as [string, number, number][])
        : []),
      ['warm all pins ms', s.warmAllPinsMs, 1000],
      // Our script's longest task where profiled, else the Long Tasks API's longest task (script, GPU and all).
      s.tasks && s.warmTasks
        ? ['longest own task ms', Math.max(...[...s.tasks, ...s.warmTasks].map((k) => k.scriptMs)), 50]
        : ['longest task ms', Math.max(s.longestTaskMs, s.warmLongestTaskMs), 50],
      ['bytes a pin', s.bytesPerPin, 10],
    ];
    console.log(
      `${world} snapshot budgets: ${checks.map(([k, v, b]) => `${k} ${v.toFixed(v < 20 ? 1 : 0)} (≤ ${b}${v <= b ? ' ok' : ' OVER'})`).join(', ')}`,
    );
  }
}
for (const r of results)
  for (const [start, tasks] of [
    ['cold', r.tasks],
    ['warm', r.warmTasks],
  ] as const) {
    if (!tasks) continue;
    const script = [...tasks].sort((a, b) => b.scriptMs - a.scriptMs)[0];
    const over = tasks.filter((k) => k.ms > 200 || k.scriptMs > 50);
    console.log(
      `${r.world} ${r.path} ${start}, main-thread profile: longest task of our script ${script ? `${script.scriptMs.toFixed(0)} ms (at ${script.atMs.toFixed(0)} ms, ${script.ms.toFixed(0)} ms long, GPU ${script.gpuMs.toFixed(0)} ms)` : '-'}`,
    );
    for (const k of over)
      console.log(
        `  task ${k.ms.toFixed(0)} ms at ${k.atMs.toFixed(0)} ms: script ${k.scriptMs.toFixed(0)} ms, GPU ${k.gpuMs.toFixed(0)} ms, unsampled ${k.unsampledMs.toFixed(0)} ms, ${k.topNative ? `${k.topNative.name} ${k.topNative.ms.toFixed(0)} ms` : 'no native call'}`,
      );
  }
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
writeFileSync(
  join(root, 'bench', 'results', 'scale.json'),
  JSON.stringify(
    {
      viewport: `${W}x${H}`,
      loadAverage: loadavg(),
      results: results.map(({ tasks, warmTasks, ...r }) => ({ ...r, tasks: tasks?.slice(0, 10), warmTasks: warmTasks?.slice(0, 10) })),
    },
    null,
    2,
  ),
);
