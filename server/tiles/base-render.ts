// A base-map tile's pixels: the noise grid interpolated per pixel and coloured from the set's flattened
// palettes as water, sky, river or land (relief, contours, towns), then roads on top. The noise grid, the
// colour operations, towns and roads have files of their own.
import type { TileScale } from '../../common/regions';
import { featuresOf } from './features';
import {
  AVINULLIN,
  BLACKSHORES,
  DEEPOCEAN,
  DETAIL_SIZE,
  HUANGLONG,
  RINASCITA,
  SEPTIMONT,
  VAULTBASE,
  detailTexture,
  hash2,
  type Palette,
  type Rgb,
} from './palette';
import { mixc, mixRgb, scalec, setc } from './pixel-colour';
import { paintRoads } from './road-paint';
import { asTerrainSet, smoothstep, type TerrainSetName } from './terrain';
import { sampleGrid, STEP } from './terrain-grid';
import { paintTowns } from './town-paint';

const INV_STEP = 1 / STEP;

// Flat palette layout: nine colours (3 floats each) then rockAt and snowAt. It stays beside the loop that
// reads it: imported from another file they were not folded into it (measured: tiles took about 3% longer).
const DEEP = 0,
  SHALLOW = 3,
  FOAM = 6,
  RIVER = 9,
  SAND = 12,
  GRASS = 15,
  FOREST = 18,
  ROCK = 21,
  SNOW = 24,
  ROCK_AT = 27,
  SNOW_AT = 28;
const STRIDE = 29;
const MIX_STEPS = 16;

function flatten(p: Palette, out: Float32Array, o: number, w = 1): void {
  const cols = [p.deep, p.shallow, p.foam, p.river, p.sand, p.grass, p.forest, p.rock, p.snow];
  cols.forEach((c, i) => {
    for (let k = 0; k < 3; k++) out[o + i * 3 + k] = (out[o + i * 3 + k] ?? 0) + c[k as 0 | 1 | 2] * w;
  });
  out[o + ROCK_AT] = (out[o + ROCK_AT] ?? 0) + p.rockAt * w;
  out[o + SNOW_AT] = (out[o + SNOW_AT] ?? 0) + p.snowAt * w;
}

let mixed: Float32Array | undefined;
/** Huanglong's palettes pre-blended on a 17×17 grid of (rinascita, septimont) weights. */
function mixedPalettes(): Float32Array {
  if (mixed) return mixed;
  const n = MIX_STEPS + 1;
  const t = new Float32Array(n * n * STRIDE);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      const wr = a / MIX_STEPS;
      const ws = Math.min(b / MIX_STEPS, 1 - wr);
      const o = (a * n + b) * STRIDE;
      flatten(HUANGLONG, t, o, 1 - wr - ws);
      flatten(RINASCITA, t, o, wr);
      flatten(SEPTIMONT, t, o, ws);
    }
  }
  mixed = t;
  return t;
}

function single(p: Palette): Float32Array {
  const t = new Float32Array(STRIDE);
  flatten(p, t, 0);
  return t;
}
const SINGLE: Record<TerrainSetName, Float32Array> = {
  huanglong: single(HUANGLONG),
  blackshores: single(BLACKSHORES),
  vaultbase: single(VAULTBASE),
  avinullin: single(AVINULLIN),
  deepocean: single(DEEPOCEAN),
};

const CORAL_PINK: Rgb = [240, 120, 130];
const CORAL_ORANGE: Rgb = [250, 170, 90];
const LAVA_CORE: Rgb = [255, 220, 80];

/** Renders one base-map tile to RGBA: terrain, relief, water, towns, then roads on top. */
export function renderBaseTile(setName: string, blockSize: number, scale: TileScale, col: number, row: number): Uint8ClampedArray {
  const set = asTerrainSet(setName);
  const size = blockSize;
  const upp = 100 / scale;
  const x0 = col * size * upp;
  const y0 = row * size * upp;
  const feats = featuresOf(set);
  const span = size * upp;
  const m0 = STEP * upp * 2;
  const towns = feats.towns.filter(
    (t) => t.x + t.r + m0 > x0 && t.x - t.r - m0 < x0 + span && t.y + t.r + m0 > y0 && t.y - t.r - m0 < y0 + span,
  );
  const g = sampleGrid(set, x0, y0, size, upp, towns);
  const det = detailTexture();
  const out = new Uint8ClampedArray(size * size * 4);
  const n = g.n;
  const NCH = 8;
  const rowVals = new Float32Array(n * NCH);
  const chans = [g.h, g.river, g.moist, g.rin, g.sep, g.above, g.shade, g.rw];
  // Only huanglong blends area palettes and only avinullin draws island undersides.
  const used = [true, true, true, set === 'huanglong', set === 'huanglong', set === 'avinullin', true, true];
  const prevLevel = new Int16Array(size);
  const c = new Float32Array(3);
  const gx0 = Math.round(x0 / upp);
  const gy0 = Math.round(y0 / upp);
  const minRiver = 0.0035 * upp;
  const blended = set === 'huanglong';
  const pals = blended ? mixedPalettes() : SINGLE[set];
  const pn = MIX_STEPS + 1;
  const sky = set === 'avinullin';
  const reef = set === 'deepocean';
  const lava = set === 'blackshores';
  const dunes = set === 'vaultbase';

  for (let py = 0; py < size; py++) {
    // Interpolate the grid vertically once per row; pixels then only interpolate horizontally.
    const gyf = py / STEP + 1;
    const j = Math.floor(gyf);
    const fy = gyf - j;
    for (let ch = 0; ch < NCH; ch++) {
      if (!used[ch]) continue;
      const a = chans[ch]!;
      for (let i = 0; i < n; i++) {
        const top = a[j * n + i]!;
        rowVals[i * NCH + ch] = top + (a[(j + 1) * n + i]! - top) * fy;
      }
    }
    const wy = y0 + py * upp;
    const gyPix = gy0 + py;
    // DETAIL_SIZE is a power of two: `& 255` wraps negative indices too.
    const detRow = (gyPix & (DETAIL_SIZE - 1)) * DETAIL_SIZE;
    for (let px = 0; px < size; px++) {
      const gxf = px * INV_STEP + 1;
      const i = gxf | 0;
      const fx = gxf - i;
      const r0 = i * NCH;
      const r1 = r0 + NCH;
      const gxPix = gx0 + px;
      const d = det[detRow + (gxPix & (DETAIL_SIZE - 1))]!;
      const h = rowVals[r0]! + (rowVals[r1]! - rowVals[r0]!) * fx + d * 0.012;
      const riv = rowVals[r0 + 1]! + (rowVals[r1 + 1]! - rowVals[r0 + 1]!) * fx;
      const m = rowVals[r0 + 2]! + (rowVals[r1 + 2]! - rowVals[r0 + 2]!) * fx;
      const shade = rowVals[r0 + 6]! + (rowVals[r1 + 6]! - rowVals[r0 + 6]!) * fx;
      const wx = x0 + px * upp;
      let po = 0;
      if (blended) {
        const rin = rowVals[r0 + 3]! + (rowVals[r1 + 3]! - rowVals[r0 + 3]!) * fx;
        const sep = rowVals[r0 + 4]! + (rowVals[r1 + 4]! - rowVals[r0 + 4]!) * fx;
        po = (Math.round(rin * MIX_STEPS) * pn + Math.round(sep * MIX_STEPS)) * STRIDE;
      }
      const rw = rowVals[r0 + 7]! + (rowVals[r1 + 7]! - rowVals[r0 + 7]!) * fx;
      const absRiv = riv < 0 ? -riv : riv;
      // Rivers keep at least ~1 px at coarse scales so they stay readable.
      const isRiver = rw > 0.0005 && h > 0 && absRiv < (rw > minRiver ? rw : minRiver);
      let level = -1;
      if (h <= 0) {
        if (sky) {
          // Avinullin's sky: a gradient with clouds; an island's rocky underside hangs below its rim.
          const cloud = smoothstep(0.2, 0.9, m + d * 0.35);
          setc(c, pals, po + DEEP);
          mixc(c, pals, po + SHALLOW, smoothstep(0, 1, (wy + 2048) / 4096) * 0.6);
          mixc(c, pals, po + FOAM, cloud * 0.85);
          const rim = rowVals[r0 + 5]! + (rowVals[r1 + 5]! - rowVals[r0 + 5]!) * fx;
          if (rim > 0) {
            const k = 0.75 - smoothstep(0, 0.25, rim) * 0.3;
            c[0] = pals[po + ROCK]! * k;
            c[1] = pals[po + ROCK + 1]! * k;
            c[2] = pals[po + ROCK + 2]! * (k + 0.05);
          }
        } else {
          // Water: shallow to deep, foam along the shore.
          setc(c, pals, po + SHALLOW);
          mixc(c, pals, po + DEEP, smoothstep(-0.02, -0.4, h));
          if (reef && h > -0.08) {
            // Reefs: turquoise flats speckled with coral.
            mixc(c, pals, po + FOAM, smoothstep(-0.08, -0.01, h) * 0.6);
            const hs = hash2(gxPix >> 1, gyPix >> 1);
            if (hs < 0.08) mixRgb(c, hs < 0.04 ? CORAL_PINK : CORAL_ORANGE, 0.7);
          }
          if (h > -0.012 - 0.004 * upp) mixc(c, pals, po + FOAM, 0.55);
          const ws = 1 + (shade - 1) * 0.25;
          scalec(c, ws);
        }
      } else if (isRiver) {
        setc(c, pals, po + RIVER);
        if (lava) mixRgb(c, LAVA_CORE, smoothstep(rw, 0, absRiv) * 0.6);
      } else {
        // Land: grass or forest by moisture, sand at the coast, rock and snow with height.
        setc(c, pals, po + GRASS);
        const forest = smoothstep(0.5, 0.6, m + d * 0.08);
        if (forest > 0) mixc(c, pals, po + FOREST, forest);
        if (forest > 0.5 && hash2(gxPix, gyPix) < 0.22) scalec(c, 0.79);
        const rockAt = pals[po + ROCK_AT]!;
        const rock = smoothstep(rockAt, rockAt + 0.15, h + d * 0.05);
        if (rock > 0) mixc(c, pals, po + ROCK, rock);
        const snowAt = pals[po + SNOW_AT]!;
        if (h > snowAt - 0.1) mixc(c, pals, po + SNOW, smoothstep(snowAt - 0.1, snowAt, h + d * 0.04));
        if (h < 0.05) mixc(c, pals, po + SAND, smoothstep(0.05, 0.02, h));
        if (dunes) {
          const k = 1 + Math.sin((wx * 0.8 + wy * 0.6) / 22 + d * 4 + m * 9) * 0.06 * (1 - rock);
          scalec(c, k);
        }
        const k = shade * (1 + d * 0.05);
        scalec(c, k);
        // Contour lines every 0.1 of height: a printed-map touch that keeps relief readable.
        level = Math.floor(h * 10);
        if (px > 0 && (level !== prevLevel[px] || level !== prevLevel[px - 1])) {
          scalec(c, 0.9);
        }
        if (towns.length > 0) paintTowns(towns, wx, wy, h, d, c);
      }
      prevLevel[px] = level;
      const o = (py * size + px) * 4;
      out[o] = c[0]!;
      out[o + 1] = c[1]!;
      out[o + 2] = c[2]!;
      out[o + 3] = 255;
    }
  }
  paintRoads(set, out, size, x0, y0, upp);
  return out;
}
