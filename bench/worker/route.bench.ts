// The route planner's figures (issue 22): quality for 200 pins against the best tour of a long multi-start
// run (the same solver from 24 random orders, each with 4,000 kicks and no time limit), nearest neighbour
// alone beside it as the peer; and time for 1,000 pins through the real pins worker in headless Chromium,
// with the main thread's longest frame gap during the call (the thread stays free).
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import Alea from 'alea';
import { createServer } from 'vite';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS } from '../../vite.config';
import { routeLength, solveRoute, stepCost, type RouteStops } from '../../workers/pins/route-plan';
import { generateCategories } from './generate-pins';
import { pct, printTable, type Row } from './stats';

console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${cpus().length} cores`,
);

/** 200 stops: clustered like real pins (some on floors), or uniform over 2 km. */
function instance(kind: 'clustered' | 'uniform', seed: string): { stops: RouteStops; start: { x: number; y: number } } {
  const n = 200;
  if (kind === 'clustered') {
    const all = generateCategories(4000, 1, seed)[0]!.pins;
    const first = all[0]!;
    const pins = all.filter((p) => p.region === first.region);
    // The 200 pins nearest to a point: one player's area of the map.
    const near = pins
      .map((p) => ({ p, d: Math.hypot(p.coordX! - first.coordX!, p.coordY! - first.coordY!) }))
      .sort((a, b) => a.d - b.d)
      .slice(0, n)
      .map((e) => e.p);
    return {
      stops: { x: near.map((p) => p.coordX!), y: near.map((p) => p.coordY!), z: near.map((p) => p.coordZ ?? NaN) },
      start: { x: first.coordX! + 100, y: first.coordY! + 100 },
    };
  }
  const r = Alea(seed);
  const x: number[] = [],
    y: number[] = [],
    z: number[] = [];
  for (let i = 0; i < n; i++) {
    x.push(r() * 2000);
    y.push(r() * 2000);
    z.push(r() < 0.1 ? -1 : NaN);
  }
  return { stops: { x, y, z }, start: { x: 1000, y: 1000 } };
}

function nearestNeighbour(s: RouteStops, start: { x: number; y: number }): number[] {
  const left = new Set(Array.from({ length: s.x.length }, (_, i) => i));
  const out: number[] = [];
  let px = start.x,
    py = start.y,
    pz = NaN;
  while (left.size) {
    let best = -1,
      bd = Infinity;
    for (const i of left) {
      const d = stepCost(px, py, pz, s.x[i]!, s.y[i]!, s.z[i]!);
      if (d < bd) [bd, best] = [d, i];
    }
    left.delete(best);
    out.push(best);
    [px, py, pz] = [s.x[best]!, s.y[best]!, s.z[best]!];
  }
  return out;
}

const STARTS = 24;
const LONG_KICKS = 4000;
const quality: { instance: string; ours: number; best: number; nn: number; ratio: number; nnRatio: number; oursMs: number }[] = [];
for (const [kind, seed] of [
  ['clustered', 'q1'],
  ['clustered', 'q2'],
  ['clustered', 'q3'],
  ['uniform', 'q4'],
  ['uniform', 'q5'],
] as const) {
  const { stops, start } = instance(kind, seed);
  const t0 = performance.now();
  const ours = solveRoute(stops, start);
  const oursMs = performance.now() - t0;
  const r = Alea(`${seed}-multistart`);
  let best = ours.length;
  for (let k = 0; k < STARTS; k++) {
    const perm = Array.from({ length: stops.x.length }, (_, i) => i);
    for (let i = perm.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [perm[i], perm[j]] = [perm[j]!, perm[i]!];
    }
    best = Math.min(best, solveRoute(stops, start, { initial: perm, kicks: LONG_KICKS, budgetMs: Infinity, seed: k }).length);
  }
  const nn = routeLength(stops, start, nearestNeighbour(stops, start));
  quality.push({ instance: `${kind} ${seed}`, ours: ours.length, best, nn, ratio: ours.length / best, nnRatio: nn / best, oursMs });
  console.log(
    `${kind} ${seed}: ours ${ours.length.toFixed(0)} (${oursMs.toFixed(0)} ms), multi-start best ${best.toFixed(0)}, ratio ${(ours.length / best).toFixed(4)}; nearest neighbour alone ${(nn / best).toFixed(3)}`,
  );
}

// Time in the worker, in the browser.
const root = new URL('../../', import.meta.url).pathname;
const server = await createServer({
  root,
  configFile: false,
  logLevel: 'error',
  server: { port: 0, host: '127.0.0.1' },
  worker: { format: 'es' },
});
await server.listen();
const address = server.httpServer!.address();
const port = typeof address === 'object' && address ? address.port : 0;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
  headless: true,
});
let timing: { stops: number; times: number[]; gaps: number[] };
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`http://127.0.0.1:${port}/bench/worker/route.html`);
  await page.waitForFunction(() => 'runBench' in window, undefined, { timeout: 120_000 });
  timing = await page.evaluate(() =>
    (
      window as unknown as { runBench: (pins: number, runs: number) => Promise<{ stops: number; times: number[]; gaps: number[] }> }
    ).runBench(1000, 20),
  );
} finally {
  await browser.close();
  await server.close();
}

const worst = Math.max(...quality.map((q) => q.ratio));
const rows: Row[] = [
  {
    figure: '200 pins: ours / multi-start best (worst of 5)',
    median: pct(
      quality.map((q) => q.ratio),
      50,
    ),
    p99: worst,
    unit: 'ratio',
    target: '≤ 1.05',
    ok: worst <= 1.05,
  },
  {
    figure: '  peer: nearest neighbour alone / best',
    median: pct(
      quality.map((q) => q.nnRatio),
      50,
    ),
    p99: Math.max(...quality.map((q) => q.nnRatio)),
    unit: 'ratio',
    target: '',
    ok: null,
  },
  {
    figure: `planRoute ${timing.stops} pins in the worker (round trip)`,
    median: pct(timing.times, 50),
    p99: Math.max(...timing.times),
    unit: 'ms',
    target: '< 200',
    ok: pct(timing.times, 50) < 200,
  },
  {
    figure: '  main thread: longest frame gap meanwhile',
    median: pct(timing.gaps, 50),
    p99: Math.max(...timing.gaps),
    unit: 'ms',
    target: '≤ 50',
    ok: pct(timing.gaps, 50) <= 50,
  },
];
printTable(rows);
const file = new URL('../results/route.json', import.meta.url);
mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
const prev = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
writeFileSync(
  file,
  `${JSON.stringify({ ...prev, date: new Date().toISOString(), cores: cpus().length, loadavg: loadavg(), quality, timing, rows }, null, 2)}\n`,
);
