// Frames with 100,000 pins in view while panning and zooming, in headless Chromium: our engine
// and, in the same run, Leaflet with canvas circle markers (the peer). Main-thread time per frame
// comes from Chromium's own task accounting (CDP Performance.getMetrics TaskDuration) around the
// same scripted camera path; time to first full draw from creation to a drawn, read-back frame.
// Run: npx tsx bench/engine/frames.bench.ts [pins=100000] [frames=240] [viewport=1280x800] [peers=engine,leaflet]
// (a streamer's screen: … 100000 60 3840x2160 engine)
import { createServer } from 'node:http';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { chromium, type Page } from 'playwright';
import { CHROMIUM_ARGS } from '../../vite.config';

const root = fileURLToPath(new URL('../..', import.meta.url));
const outDir = join(root, '.tmp', 'bench-engine-frames');
const PINS = Number(process.argv[2] ?? 100_000);
const FRAMES = Number(process.argv[3] ?? 240);
const [vw, vh] = (process.argv[4] ?? '1280x800').split('x').map(Number);
const VIEW = { width: vw!, height: vh! };
const PEERS = (process.argv[5] ?? 'engine,leaflet').split(',');
const CAMERA = { x: 0, y: 0, zoom: 0.5 };

await build({
  root: join(root, 'bench/engine/page'),
  base: './',
  logLevel: 'warn',
  configFile: false,
  build: { outDir, emptyOutDir: true, sourcemap: false },
});

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.png': 'image/png' };
const server = createServer((req, res) => {
  const path = join(outDir, decodeURIComponent((req.url ?? '/').split('?')[0]!).replace(/^\/$/, '/index.html'));
  if (!path.startsWith(outDir) || !existsSync(path)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(readFileSync(path));
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;

// 2D canvases are rasterised in software on the page's own thread (as without a GPU), so the
// peer's drawing cost is counted where it lands; under SwiftShader "GPU" raster it would move to
// the (emulated) GPU process and take minutes per run. WebGL is unaffected by the flag.
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [...CHROMIUM_ARGS, '--disable-accelerated-2d-canvas'],
});

interface PeerResult {
  peer: string;
  firstDrawMs: number;
  mainThreadMsPerFrame: number;
  scriptMsPerFrame: number;
  fps: number;
  longTasks: number;
  engineMsPerFrame?: number;
  engineMaxMs?: number;
}

/** Chromium's own counters for a page (one CDP session: enabling again would reset them). */
async function metricsOf(page: Page): Promise<() => Promise<Record<string, number>>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  return async () => {
    const m = await cdp.send('Performance.getMetrics');
    return Object.fromEntries(m.metrics.map((x) => [x.name, x.value]));
  };
}

async function measure(peer: 'engine' | 'leaflet'): Promise<PeerResult> {
  const log = (m: string) => console.error(`  [${peer}] ${m}`);
  const page = await browser.newPage({ viewport: VIEW, deviceScaleFactor: 1 });
  page.on('pageerror', (e) => console.error(`[${peer}]`, e.message));
  await page.goto(url);
  const metrics = await metricsOf(page);
  log('page loaded');
  await page.waitForFunction(() => 'bench' in window);
  const firstDrawMs = await page.evaluate(
    ([p, n, cam]) => {
      const b = (
        window as unknown as {
          bench: { setupEngine(n: number, c: unknown, t: boolean): Promise<number>; setupLeaflet(n: number, c: unknown): Promise<number> };
        }
      ).bench;
      return p === 'engine' ? b.setupEngine(n as number, cam, false) : b.setupLeaflet(n as number, cam);
    },
    [peer, PINS, CAMERA] as const,
  );
  log(`first full draw ${Math.round(firstDrawMs as number)} ms`);
  // Warm up (shader compile, first uploads), then measure the scripted path.
  await page.evaluate(() => (window as unknown as { bench: { run(n: number): Promise<unknown> } }).bench.run(30));
  const before = await metrics();
  const r = await page.evaluate(
    (n) =>
      (
        window as unknown as {
          bench: {
            run(n: number): Promise<{ wallMs: number; longTasks: number; engineMs?: number; engineMaxMs?: number; engineFrames?: number }>;
          };
        }
      ).bench.run(n),
    FRAMES,
  );
  const after = await metrics();
  log(
    `ran ${FRAMES} frames in ${Math.round(r.wallMs)} ms; main-thread ${(((after.TaskDuration! - before.TaskDuration!) * 1000) / FRAMES).toFixed(2)} ms/frame; engine ${r.engineMs?.toFixed(2) ?? '—'} ms/frame`,
  );
  if (peer === 'engine') {
    await page.screenshot({ path: join(root, '.tmp', 'h4a', 'bench-engine.png') }).catch(() => {});
  } else {
    await page.screenshot({ path: join(root, '.tmp', 'h4a', 'bench-leaflet.png') }).catch(() => {});
  }
  await page.close();
  const task = ((after.TaskDuration! - before.TaskDuration!) * 1000) / FRAMES;
  const script = ((after.ScriptDuration! - before.ScriptDuration!) * 1000) / FRAMES;
  return {
    peer,
    firstDrawMs: firstDrawMs as number,
    mainThreadMsPerFrame: task,
    scriptMsPerFrame: script,
    fps: (FRAMES * 1000) / r.wallMs,
    longTasks: r.longTasks,
    ...(r.engineMs !== undefined ? { engineMsPerFrame: r.engineMs, engineMaxMs: r.engineMaxMs! } : {}),
  };
}

mkdirSync(join(root, '.tmp', 'h4a'), { recursive: true });
const ours = await measure('engine');
const leaflet = PEERS.includes('leaflet') ? await measure('leaflet') : null;
await browser.close();
server.close();

const f = (v: number | undefined, d = 2) => (v === undefined ? '—' : v.toFixed(d));
console.log(
  `\n${PINS.toLocaleString('en')} pins in view, ${FRAMES} frames of pan+zoom, ${VIEW.width}×${VIEW.height}, headless Chromium (SwiftShader WebGL)`,
);
console.log('peer      first draw ms  main-thread ms/frame  script ms/frame  engine ms/frame (max)  fps    long tasks');
for (const r of leaflet ? [ours, leaflet] : [ours]) {
  console.log(
    `${r.peer.padEnd(9)} ${f(r.firstDrawMs, 0).padStart(13)}  ${f(r.mainThreadMsPerFrame).padStart(20)}  ${f(r.scriptMsPerFrame).padStart(15)}  ${`${f(r.engineMsPerFrame)} (${f(r.engineMaxMs)})`.padStart(21)}  ${f(r.fps, 1).padStart(5)}  ${String(r.longTasks).padStart(10)}`,
  );
}
const ratio = leaflet ? leaflet.mainThreadMsPerFrame / ours.mainThreadMsPerFrame : null;
const firstRatio = leaflet ? leaflet.firstDrawMs / ours.firstDrawMs : null;
if (ratio !== null && firstRatio !== null)
  console.log(`\nLeaflet / ours: main-thread time per frame ×${ratio.toFixed(1)} (goal ≥ 10), first full draw ×${firstRatio.toFixed(1)}`);
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
writeFileSync(
  join(root, 'bench', 'results', `frames-${VIEW.width}x${VIEW.height}.json`),
  JSON.stringify(
    {
      pins: PINS,
      frames: FRAMES,
      viewport: VIEW,
      browser: 'headless Chromium, SwiftShader WebGL',
      ours,
      leaflet,
      ratio: { mainThreadPerFrame: ratio, firstDraw: firstRatio },
    },
    null,
    2,
  ),
);
