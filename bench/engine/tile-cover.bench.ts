// Tile cover: how long choosing the tiles of a view takes (runs on every camera change).
// Run: npx tsx bench/engine/tile-cover.bench.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REGIONS } from '../../common/regions';
import { visibleWorldRect } from '../../src/engine/camera';
import { chooseScale, coverRange, emptyRange, rangeSize, type Pyramid } from '../../src/engine/tile-cover';

const root = fileURLToPath(new URL('../..', import.meta.url));
const vp = { width: 3840, height: 2160 };
const out = emptyRange();
const rows: { region: string; covers: number; nsPerCover: number; tilesPerView: number }[] = [];
for (const r of REGIONS) {
  const info = r.info;
  const pyramids: Pyramid[] = [
    { blockSize: info.blockSize, origin: [0, 0], extent: info.extent },
    ...info.subs.map((s) => ({ blockSize: s.blockSize, origin: s.origin, extent: s.extent })),
  ];
  const n = 200_000;
  let tiles = 0;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const t = i / n;
    const cam = {
      x: info.extent[0] + (info.extent[2] - info.extent[0]) * t,
      y: r.regionInfo.centerY,
      zoom: 2 ** (-4 + (6 * ((i * 7919) % 1000)) / 1000),
    };
    const rect = visibleWorldRect(cam, vp, 256);
    const scale = chooseScale(cam.zoom, 1);
    // The base map plus every sub-map, as when a floor is chosen.
    for (const p of pyramids) tiles += rangeSize(coverRange(p, scale, rect, out)) + rangeSize(coverRange(p, 25, rect, out));
  }
  const ns = Number(process.hrtime.bigint() - t0) / n;
  rows.push({ region: r.name, covers: n, nsPerCover: ns, tilesPerView: tiles / n });
}
console.log('region        ns per view cover (base + all sub-maps, 2 scales)  tiles per 4K view');
for (const r of rows)
  console.log(`${r.region.padEnd(12)}  ${r.nsPerCover.toFixed(0).padStart(10)}  ${r.tilesPerView.toFixed(1).padStart(40)}`);
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
writeFileSync(join(root, 'bench', 'results', 'tile-cover.json'), JSON.stringify({ viewport: vp, rows }, null, 2));
