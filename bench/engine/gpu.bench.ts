// Real-GPU frame times: the real app (built client, real server, demo world of N pins) at
// 3840×2160 with every category on, panning and zooming for a fixed script; reports the rAF
// interval distribution, GPU time per frame from EXT_disjoint_timer_query_webgl2 where the
// browser has it, the first-pins time and the longest main-thread task. Peer: the same script
// at each pin count (60k → 200k → 1M), reported as ratios to 60k.
//
//   npm run bench -- gpu                       (60000, 200000 and 1000000 pins; needs a real GPU)
//   npx tsx bench/engine/gpu.bench.ts 6000 4   (pins list, seconds per pass)
//   GPU_BENCH_SWIFTSHADER=1 …                  (no GPU: SwiftShader, to check the bench itself runs)
//   GPU_BENCH_ARGS='--use-angle=vulkan …'      (Chromium flags for the machine's GPU)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright';
import { buildClientIfStale } from '../../scripts/build-client';
import { FIRST_PINS_MARK } from '../../src/engine/types';
import { startServer } from '../../tests/support/server';
import { CHROMIUM_ARGS } from '../../vite.config';

const root = fileURLToPath(new URL('../..', import.meta.url));
const COUNTS = (process.argv[2] ?? '60000,200000,1000000').split(',').map(Number);
const SECONDS = Number(process.argv[3] ?? 10);
const W = 3840,
  H = 2160;
const GPU_ARGS =
  process.env.GPU_BENCH_SWIFTSHADER === '1'
    ? CHROMIUM_ARGS
    : (process.env.GPU_BENCH_ARGS?.split(' ').filter(Boolean) ?? [
        '--ignore-gpu-blocklist',
        '--enable-gpu-rasterization',
        '--use-angle=vulkan',
        '--enable-features=Vulkan',
        '--disable-vulkan-surface',
      ]);

interface Result {
  pins: number;
  renderer: string;
  firstPinsMs: number;
  frames: number;
  raf: { p50: number; p95: number; p99: number; max: number };
  gpuMs: { p50: number; p95: number; p99: number; max: number } | null;
  longestTaskMs: number;
  jsHeapMb: number | null;
}

const pct = (xs: number[], p: number) =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]! : NaN;
const dist = (xs: number[]) => ({ p50: pct(xs, 50), p95: pct(xs, 95), p99: pct(xs, 99), max: Math.max(...xs) });

/** Installs the frame recorder: rAF timestamps, a GPU timer query per frame, long tasks. */
async function record(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __bench: { raf: number[]; gpu: number[]; longest: number; on: boolean } };
    w.__bench = { raf: [], gpu: [], longest: 0, on: false };
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) w.__bench.longest = Math.max(w.__bench.longest, e.duration);
    }).observe({ type: 'longtask', buffered: true });
    const canvas = document.querySelector('canvas')!;
    const gl = canvas.getContext('webgl2');
    const ext = gl?.getExtension('EXT_disjoint_timer_query_webgl2') as { TIME_ELAPSED_EXT: number; GPU_DISJOINT_EXT: number } | null;
    const pending: WebGLQuery[] = [];
    let open: WebGLQuery | null = null;
    const tick = (t: number) => {
      if (w.__bench.on) w.__bench.raf.push(t);
      if (gl && ext) {
        if (open) {
          gl.endQuery(ext.TIME_ELAPSED_EXT);
          pending.push(open);
          open = null;
        }
        while (pending.length && gl.getQueryParameter(pending[0]!, gl.QUERY_RESULT_AVAILABLE)) {
          const q = pending.shift()!;
          if (w.__bench.on && !gl.getParameter(ext.GPU_DISJOINT_EXT)) w.__bench.gpu.push(gl.getQueryParameter(q, gl.QUERY_RESULT) / 1e6);
          gl.deleteQuery(q);
        }
        open = gl.createQuery();
        gl.beginQuery(ext.TIME_ELAPSED_EXT, open!);
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

async function run(pins: number): Promise<Result> {
  const server = await startServer({ SEED_PINS: String(pins), RATE_LIMIT: '0' });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: GPU_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: W, height: H }, locale: 'ko-KR' });
    const page = await context.newPage();
    await page.goto(server.url + '/');
    await page.getByRole('button', { name: '전체 선택' }).first().click();
    await page.waitForLoadState('networkidle');
    await page.reload();
    const t0 = Date.now();
    await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, FIRST_PINS_MARK, { timeout: 300_000 });
    const firstPinsMs = await page.evaluate((m) => performance.getEntriesByName(m)[0]!.startTime, FIRST_PINS_MARK);
    await page.waitForLoadState('networkidle');
    console.error(`  ${pins}: first pins ${firstPinsMs.toFixed(0)} ms (${Date.now() - t0} ms wall)`);
    await record(page);
    const renderer = await page.evaluate(() => {
      const gl = document.querySelector('canvas')!.getContext('webgl2');
      const dbg = gl?.getExtension('WEBGL_debug_renderer_info');
      return dbg ? String(gl!.getParameter(dbg.UNMASKED_RENDERER_WEBGL)) : 'unknown';
    });
    await page.evaluate(() => {
      (window as unknown as { __bench: { on: boolean } }).__bench.on = true;
    });
    // The script: wheel out to the overview, drag across it, wheel in, drag again, for SECONDS each.
    await page.mouse.move(W / 2, H / 2);
    for (const phase of ['out', 'in'] as const) {
      for (let k = 0; k < 6; k++) {
        await page.mouse.wheel(0, phase === 'out' ? 400 : -400);
        await page.waitForTimeout(60);
      }
      const end = Date.now() + SECONDS * 1000;
      let dir = 1;
      while (Date.now() < end) {
        await page.mouse.down();
        for (let s = 0; s < 30; s++) await page.mouse.move(W / 2 + dir * s * 20, H / 2 + dir * s * 8);
        await page.mouse.up();
        dir = -dir;
      }
    }
    const b = await page.evaluate(() => {
      const x = (window as unknown as { __bench: { raf: number[]; gpu: number[]; longest: number } }).__bench;
      const mem = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
      return { raf: x.raf, gpu: x.gpu, longest: x.longest, heap: mem ? mem.usedJSHeapSize / 2 ** 20 : null };
    });
    const intervals = b.raf.slice(1).map((t, i) => t - b.raf[i]!);
    return {
      pins,
      renderer,
      firstPinsMs,
      frames: intervals.length,
      raf: dist(intervals),
      gpuMs: b.gpu.length ? dist(b.gpu) : null,
      longestTaskMs: b.longest,
      jsHeapMb: b.heap,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

await buildClientIfStale();
const results: Result[] = [];
for (const n of COUNTS) results.push(await run(n));
const f = (x: number) => x.toFixed(1).padStart(7);
console.log(`\nFrame times, real app at ${W}×${H}, every category on, ${SECONDS} s out + ${SECONDS} s in per pin count`);
console.log('pins        rAF p50   p95     p99     max   | GPU p50  p99    | first pins ms | longest task ms | heap MB | renderer');
for (const r of results) {
  console.log(
    `${String(r.pins).padEnd(10)} ${f(r.raf.p50)} ${f(r.raf.p95)} ${f(r.raf.p99)} ${f(r.raf.max)} | ${r.gpuMs ? `${f(r.gpuMs.p50)} ${f(r.gpuMs.p99)}` : '   (no timer queries)'} | ${f(r.firstPinsMs)} | ${f(r.longestTaskMs)} | ${r.jsHeapMb?.toFixed(0) ?? '-'} | ${r.renderer}`,
  );
}
const base = results[0]!;
for (const r of results.slice(1)) console.log(`${r.pins} / ${base.pins} pins: rAF p99 ×${(r.raf.p99 / base.raf.p99).toFixed(2)}`);
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
writeFileSync(join(root, 'bench', 'results', 'gpu.json'), JSON.stringify({ viewport: `${W}x${H}`, seconds: SECONDS, results }, null, 2));
