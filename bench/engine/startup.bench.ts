// Start-up to first pins on screen, with the demo world of 60,000 pins served by the real server
// (built client, embedded database) on this machine, in headless Chromium:
//   cold:     a fresh browser profile: the pins come over the network (pins-proto).
//   warm:     a reload: the pins come from IndexedDB, the network only confirms lastEdited.
//   cold/all: every category on (60,000 pins), IndexedDB's pin cache emptied, then a reload.
//   warm/all: every category on, a reload.
//   …/slow:   the two all-categories starts again through a 20 Mbit/s, 40 ms line (a pacing
//             proxy), where the cache's worth shows; on loopback the network is nearly free.
// Each figure is the engine's 'map:first-pins' performance mark: ms from navigation start to
// the first frame drawn with pins (its detail says how many). Median of RUNS.
// Run: npx tsx bench/engine/startup.bench.ts [runs=5]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { Transform } from 'node:stream';
import { chromium, type Page } from 'playwright';
import { buildClientIfStale } from '../../scripts/build-client';
import { FIRST_PINS_MARK } from '../../src/engine/types';
import { DB_NAME } from '../../src/data/db';
import { startServer } from '../../tests/support/server';
import { CHROMIUM_ARGS } from '../../vite.config';

const root = fileURLToPath(new URL('../..', import.meta.url));
const RUNS = Number(process.argv[2] ?? 5);
const PINS = 60_000;

await buildClientIfStale();
const server = await startServer({ SEED_PINS: String(PINS), RATE_LIMIT: '0' });
const line = await slowLine(server.url);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });

interface Sample {
  ms: number;
  pins: number;
}

/** Waits for the first-pins mark of the page's current document. */
async function firstPins(page: Page): Promise<Sample> {
  const handle = await page.waitForFunction(
    (name) => {
      const m = performance.getEntriesByName(name)[0] as PerformanceMark | undefined;
      return m ? { ms: m.startTime, pins: (m.detail as { pins: number }).pins } : null;
    },
    FIRST_PINS_MARK,
    { timeout: 120_000, polling: 50 },
  );
  return (await handle.jsonValue()) as Sample;
}

/** Empties the pin cache in IndexedDB (settings, checks and the outbox stay). */
async function dropPinCache(page: Page): Promise<void> {
  await page.evaluate(
    (name) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('cats', 'readwrite');
          tx.objectStore('cats').clear();
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    DB_NAME,
  );
}

/**
 * A 20 Mbit/s line with 40 ms of latency in front of the server: an HTTP proxy that delays each
 * response and paces every body through one shared line. (Chromium's own network emulation does
 * not reach the pins worker's fetches, so it would understate a cold start.)
 */
async function slowLine(target: string, mbit = 20, latencyMs = 40): Promise<{ url: string; close(): void }> {
  const bytesPerMs = (mbit * 1e6) / 8 / 1000;
  let lineFreeAt = 0;
  const upstream = new URL(target);
  const proxy = createHttpServer((req, res) => {
    const up = httpRequest(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, host: upstream.host } },
      (ur) => {
        setTimeout(() => {
          res.writeHead(ur.statusCode ?? 502, ur.headers);
          const pace = new Transform({
            transform(chunk: Buffer, _enc, done) {
              const now = performance.now();
              lineFreeAt = Math.max(now, lineFreeAt) + chunk.length / bytesPerMs;
              setTimeout(() => done(null, chunk), lineFreeAt - now);
            },
          });
          ur.pipe(pace).pipe(res);
        }, latencyMs);
      },
    );
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(proxy.address() as { port: number }).port}`, close: () => proxy.close() };
}

/** Turns every category on and lets them be cached; then a warm reload, and a reload with the pin cache emptied. */
async function allCategoriesWarmThenCold(page: Page): Promise<[Sample, Sample]> {
  await page.getByRole('button', { name: '전체 선택' }).first().click();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  await page.reload();
  const warm = await firstPins(page);
  await page.waitForLoadState('networkidle');
  await dropPinCache(page);
  await page.reload();
  return [warm, await firstPins(page)];
}

type Case = 'cold' | 'warm' | 'coldAll' | 'warmAll' | 'coldAllSlow' | 'warmAllSlow';
const samples: Record<Case, Sample[]> = { cold: [], warm: [], coldAll: [], warmAll: [], coldAllSlow: [], warmAllSlow: [] };
for (let run = 0; run < RUNS; run++) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'ko-KR' });
  const page = await context.newPage();
  await page.goto(server.url + '/');
  samples.cold.push(await firstPins(page));
  // Let the first visit finish writing its cache before reloading.
  await page.waitForLoadState('networkidle');
  await page.reload();
  samples.warm.push(await firstPins(page));
  const [warmAll, coldAll] = await allCategoriesWarmThenCold(page);
  samples.warmAll.push(warmAll);
  samples.coldAll.push(coldAll);
  // The same on the slow line (another origin, so its own IndexedDB).
  await page.goto(line.url + '/');
  await firstPins(page);
  const [warmAllSlow, coldAllSlow] = await allCategoriesWarmThenCold(page);
  samples.warmAllSlow.push(warmAllSlow);
  samples.coldAllSlow.push(coldAllSlow);
  await context.close();
  console.error(
    `  run ${run + 1}/${RUNS}: cold ${samples.cold.at(-1)!.ms.toFixed(0)} ms, warm ${samples.warm.at(-1)!.ms.toFixed(0)} ms, cold/all ${samples.coldAll.at(-1)!.ms.toFixed(0)} ms, warm/all ${samples.warmAll.at(-1)!.ms.toFixed(0)} ms, slow line: cold/all ${samples.coldAllSlow.at(-1)!.ms.toFixed(0)} ms, warm/all ${samples.warmAllSlow.at(-1)!.ms.toFixed(0)} ms`,
  );
}
await browser.close();
line.close();
await server.stop();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const summary = Object.fromEntries(
  Object.entries(samples).map(([k, v]) => [
    k,
    { medianMs: median(v.map((s) => s.ms)), pins: median(v.map((s) => s.pins)), runs: v.map((s) => Math.round(s.ms)) },
  ]),
);
console.log(
  `\nStart-up to first pins on screen, ${PINS.toLocaleString('en')} pins in the demo world, 1440×900, headless Chromium, median of ${RUNS}`,
);
console.log('start           ms to first pins   pins in that frame');
for (const [k, v] of Object.entries(summary))
  console.log(`${k.padEnd(14)}  ${v.medianMs.toFixed(0).padStart(16)}   ${String(v.pins).padStart(18)}`);
console.log(
  `\nwarm / cold: ×${(summary.cold!.medianMs / summary.warm!.medianMs).toFixed(2)} faster (default categories), ×${(summary.coldAll!.medianMs / summary.warmAll!.medianMs).toFixed(2)} faster (all categories), ×${(summary.coldAllSlow!.medianMs / summary.warmAllSlow!.medianMs).toFixed(2)} faster (all categories, 20 Mbit/s)`,
);
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
writeFileSync(
  join(root, 'bench', 'results', 'startup.json'),
  JSON.stringify({ pins: PINS, viewport: '1440x900', browser: 'headless Chromium, SwiftShader WebGL', summary }, null, 2),
);
