// The browser figures of the pins worker: handing 100,000 pins to the main thread through the
// real worker (Comlink + transfer) in headless Chromium, against the same pins as an array of
// objects (structured clone), plus decode + index inside the browser's worker.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { createServer } from 'vite';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS } from '../../vite.config';
import { pct, printTable, type Row } from './stats';

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
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`http://127.0.0.1:${port}/bench/worker/handoff.html`);
  await page.waitForFunction(() => 'runBench' in window, undefined, { timeout: 120_000 });
  const r = await page.evaluate(() =>
    (
      window as unknown as {
        runBench: () => Promise<{
          pins: number;
          coldMs: number;
          warmMs: number[];
          handoff: number[];
          hover: number[];
          objectsMs: number[];
          rawMs: number[];
        }>;
      }
    ).runBench(),
  );
  const rows: Row[] = [];
  const cold = r.pins / (r.coldMs / 1000);
  const warm = r.pins / (pct(r.warmMs, 50) / 1000);
  rows.push({
    figure: `decode + index ${r.pins} pins in the worker, warm`,
    median: warm,
    p99: r.pins / (Math.max(...r.warmMs) / 1000),
    unit: 'pins/s',
    target: '≥ 500,000',
    ok: warm >= 500_000,
  });
  rows.push({ figure: '  the same, first load (cold JIT)', median: cold, p99: cold, unit: 'pins/s', target: '', ok: null });
  rows.push({
    figure: `handoff getPins() ${r.pins} pins (round trip)`,
    median: pct(r.handoff, 50),
    p99: pct(r.handoff, 99),
    unit: 'ms',
    target: '≤ 10',
    ok: pct(r.handoff, 50) <= 10,
  });
  rows.push({
    figure: '  peer: same pins as objects (clone)',
    median: pct(r.objectsMs, 50),
    p99: pct(r.objectsMs, 99),
    unit: 'ms',
    target: '',
    ok: null,
  });
  rows.push({
    figure: '  bare postMessage transfer, no Comlink',
    median: pct(r.rawMs, 50),
    p99: pct(r.rawMs, 99),
    unit: 'ms',
    target: '',
    ok: null,
  });
  rows.push({
    figure: 'hover pick round trip through the worker',
    median: pct(r.hover, 50),
    p99: pct(r.hover, 99),
    unit: 'ms',
    target: '',
    ok: null,
  });
  printTable(rows);
  const ratios = { handoffVsObjects: Math.round((pct(r.objectsMs, 50) / pct(r.handoff, 50)) * 10) / 10 };
  console.log('ratios (× faster):', ratios);
  const file = new URL('../results/worker.json', import.meta.url);
  mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
  const prev = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  writeFileSync(
    file,
    `${JSON.stringify({ ...prev, browser: { date: new Date().toISOString(), chromium: browser.version(), cores: cpus().length, loadavg: loadavg(), rows, ratios } }, null, 2)}\n`,
  );
} finally {
  await browser.close();
  await server.close();
}
