// Tile generation cost: ms to draw and to encode one tile (1024 and 512 px), and the time to
// generate the tiles of a first view of huanglong, in-thread and on the 2-thread worker pool.
// Run: npx tsx bench/tiles/tiles.bench.ts   (writes bench/results/tiles.json)
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { encodeWebp, renderTileRgba, type TileRequest } from '../../server/tiles/render';
import { TileWorkerPool } from '../../server/tiles/worker-pool';
import { featuresOf } from '../../server/tiles/features';
import { detailTexture } from '../../server/tiles/palette';
import { TILE_SETS } from '../../common/regions';

// Wall time suffers on a shared, oversubscribed machine; CPU time (process.cpuUsage) is the cost itself.
interface Row {
  case: string;
  px: number;
  tiles: number;
  drawMs: number;
  encodeMs: number;
  totalMs: number;
  drawCpuMs: number;
  encodeCpuMs: number;
  encodeShare: number;
  kb: number;
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function measure(name: string, reqs: TileRequest[]): Promise<Row> {
  const draw: number[] = [];
  const enc: number[] = [];
  const drawCpu: number[] = [];
  const encCpu: number[] = [];
  let bytes = 0;
  let px = 0;
  for (const req of reqs) {
    const c0 = cpuMs();
    const t0 = performance.now();
    const tile = renderTileRgba(req);
    const t1 = performance.now();
    const c1 = cpuMs();
    const webp = await encodeWebp(tile);
    const t2 = performance.now();
    drawCpu.push(c1 - c0);
    encCpu.push(cpuMs() - c1);
    draw.push(t1 - t0);
    enc.push(t2 - t1);
    bytes += webp.length;
    px = tile.size;
  }
  const d = median(draw);
  const e = median(enc);
  const dc = median(drawCpu);
  const ec = median(encCpu);
  return {
    case: name,
    px,
    tiles: reqs.length,
    drawMs: d,
    encodeMs: e,
    totalMs: d + e,
    drawCpuMs: dc,
    encodeCpuMs: ec,
    encodeShare: ec / (dc + ec),
    kb: bytes / reqs.length / 1024,
  };
}

const grid = (set: string, scale: 100 | 50 | 25, c0: number, r0: number, nc: number, nr: number, sub?: string): TileRequest[] => {
  const out: TileRequest[] = [];
  for (let r = 0; r < nr; r++) for (let c = 0; c < nc; c++) out.push({ set, scale, col: c0 + c, row: r0 + r, ...(sub ? { sub } : {}) });
  return out;
};

// Warm-up: the road network and detail texture are built once per process (reported separately).
const tw = performance.now();
for (const s of TILE_SETS) featuresOf(s.name);
detailTexture();
const setupMs = performance.now() - tw;
await measure('warm-up', grid('huanglong', 100, 0, 0, 2, 1));

const rows: Row[] = [
  await measure('huanglong 1024 @100', grid('huanglong', 100, -2, 0, 4, 2)),
  await measure('huanglong 1024 @25', grid('huanglong', 25, -1, -1, 3, 2)),
  await measure('deepocean 1024 @50', grid('deepocean', 50, -1, -1, 2, 2)),
  await measure('blackshores 512 @100', grid('blackshores', 100, -2, -2, 3, 2)),
  await measure('vaultbase 512 @100', grid('vaultbase', 100, 2, 0, 3, 2)),
  await measure('avinullin 512 @50', grid('avinullin', 50, -1, -1, 2, 2)),
  await measure('sub cave 512 @100', grid('huanglong', 100, 0, 0, 3, 2, 'gorges_cave')),
  await measure('sub interior 512 @100', grid('vaultbase', 100, 0, 0, 3, 2, 'vault_b1')),
];

// A first view of huanglong: 3×3 scale-25 tiles plus 4×3 scale-100 tiles around the centre.
const firstView = [...grid('huanglong', 25, -1, -1, 3, 3), ...grid('huanglong', 100, -2, 0, 4, 3)];
const t0 = performance.now();
for (const req of firstView) await encodeWebp(renderTileRgba(req));
const inThreadMs = performance.now() - t0;
const pool = await TileWorkerPool.start(2);
// Fresh tiles of the same scales (not yet drawn in this process), so neither run profits from the other.
const viewForPool = firstView.map((r) => (r.scale === 25 ? { ...r, col: r.col + 2 } : { ...r, col: r.col + 4, row: r.row + 3 }));
await Promise.all(grid('huanglong', 25, -2, 2, 2, 1).map(async (r) => encodeWebp(await pool.draw(r)))); // warm workers
const t1 = performance.now();
await Promise.all(viewForPool.map(async (r) => encodeWebp(await pool.draw(r))));
const poolMs = performance.now() - t1;
await pool.close();

console.log(
  `machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load average ${loadavg()[0]!.toFixed(1)}, node ${process.version}; one-time setup ${setupMs.toFixed(0)} ms`,
);
console.log('medians per tile         px    tiles  draw wall  encode wall  draw cpu  encode cpu  encode % (cpu)   KB');
for (const r of rows) {
  console.log(
    `${r.case.padEnd(24)} ${String(r.px).padStart(5)} ${String(r.tiles).padStart(6)} ${r.drawMs.toFixed(1).padStart(10)} ${r.encodeMs.toFixed(1).padStart(12)} ${r.drawCpuMs.toFixed(1).padStart(9)} ${r.encodeCpuMs.toFixed(1).padStart(11)} ${(r.encodeShare * 100).toFixed(0).padStart(14)}% ${r.kb.toFixed(0).padStart(5)}`,
  );
}
console.log(
  `first view of huanglong (${firstView.length} tiles: 9 @25 + 12 @100): in-thread ${inThreadMs.toFixed(0)} ms; 2-worker pool ${poolMs.toFixed(0)} ms (${pool.threaded ? 'threaded' : 'fallback'}); ratio ${(inThreadMs / poolMs).toFixed(2)}x`,
);

mkdirSync('bench/results', { recursive: true });
writeFileSync(
  'bench/results/tiles.json',
  JSON.stringify(
    {
      date: new Date().toISOString(),
      cores: cpus().length,
      loadAverage: loadavg()[0],
      node: process.version,
      setupMs,
      rows,
      firstView: { tiles: firstView.length, inThreadMs, poolMs, poolThreaded: pool.threaded },
    },
    null,
    2,
  ),
);
