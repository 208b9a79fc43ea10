import type { TileScale } from '../../common/regions';
import { featuresOf, roadsIn, type Town } from './features';
import {
  AVINULLIN, BLACKSHORES, DEEPOCEAN, DETAIL_SIZE, HUANGLONG, RINASCITA, SEPTIMONT, VAULTBASE,
  detailTexture, hash2, type Palette, type Rgb,
} from './palette';
import {
  asTerrainSet, canalAt, heightAt, moistureAt, rinascitaWeight, riverValue, riverWidth, septimontWeight,
  smoothstep, type TerrainSetName,
} from './terrain';

/** Grid step (pixels) at which noise is evaluated; pixels in between are interpolated. */
const STEP = 8;
const INV_STEP = 1 / STEP;

interface Grid {
  readonly n: number;
  readonly h: Float32Array;
  readonly river: Float32Array;
  readonly moist: Float32Array;
  readonly rin: Float32Array;
  readonly sep: Float32Array;
  /** Height a little further north: avinullin draws an island's underside below its rim. */
  readonly above: Float32Array;
  readonly shade: Float32Array;
  /** River half-width from the unflattened height (0: no river here). */
  readonly rw: Float32Array;
}

/** Towns sit on level ground: heights inside a town are pulled towards a low plain (land stays land). */
function flattenForTowns(towns: readonly Town[], x: number, y: number, h: number): number {
  for (const t of towns) {
    const d = Math.hypot(x - t.x, y - t.y);
    if (d < t.r * 1.25) {
      const w = 1 - smoothstep(t.r * 0.8, t.r * 1.25, d);
      return h + (Math.min(h, 0.2) * 0.5 + 0.04 - h) * w;
    }
  }
  return h;
}

/** Noise fields on a (size/STEP + 3)² grid with a one-cell border (for slopes). */
function sampleGrid(set: TerrainSetName, x0: number, y0: number, size: number, upp: number, towns: readonly Town[]): Grid {
  const n = size / STEP + 3;
  const stepW = STEP * upp;
  const minWave = Math.max(16, stepW * 2);
  const len = n * n;
  const g: Grid = {
    n, h: new Float32Array(len), river: new Float32Array(len), moist: new Float32Array(len), rin: new Float32Array(len),
    sep: new Float32Array(len), above: new Float32Array(len), shade: new Float32Array(len), rw: new Float32Array(len),
  };
  for (let j = 0; j < n; j++) {
    const y = y0 + (j - 1) * stepW;
    for (let i = 0; i < n; i++) {
      const x = x0 + (i - 1) * stepW;
      const k = j * n + i;
      const h = heightAt(set, x, y, minWave);
      g.river[k] = riverValue(set, x, y);
      g.rw[k] = riverWidth(set, h);
      g.h[k] = h > 0 ? flattenForTowns(towns, x, y, h) : h;
      g.moist[k] = moistureAt(set, x, y);
      if (set === 'huanglong') {
        g.rin[k] = rinascitaWeight(x, y);
        g.sep[k] = septimontWeight(x, y);
      }
      if (set === 'avinullin') g.above[k] = heightAt(set, x, y - 70, Math.max(64, minWave));
    }
  }
  // Hillshade from a north-west light; 320 exaggerates relief so hills read at every scale.
  const relief = 320 / stepW;
  for (let j = 1; j < n - 1; j++) {
    for (let i = 1; i < n - 1; i++) {
      const k = j * n + i;
      const dx = (g.h[k + 1]! - g.h[k - 1]!) * 0.5 * relief;
      const dy = (g.h[k + n]! - g.h[k - n]!) * 0.5 * relief;
      const s = 1 + (dx + dy) * 0.7;
      g.shade[k] = s < 0.55 ? 0.55 : s > 1.45 ? 1.45 : s;
    }
  }
  return g;
}

// Flat palette layout: nine colours (3 floats each) then rockAt and snowAt.
const DEEP = 0, SHALLOW = 3, FOAM = 6, RIVER = 9, SAND = 12, GRASS = 15, FOREST = 18, ROCK = 21, SNOW = 24, ROCK_AT = 27, SNOW_AT = 28;
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
  huanglong: single(HUANGLONG), blackshores: single(BLACKSHORES), vaultbase: single(VAULTBASE),
  avinullin: single(AVINULLIN), deepocean: single(DEEPOCEAN),
};

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
  const towns = feats.towns.filter((t) => t.x + t.r + m0 > x0 && t.x - t.r - m0 < x0 + span && t.y + t.r + m0 > y0 && t.y - t.r - m0 < y0 + span);
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
            c[0] = pals[po + ROCK]! * k; c[1] = pals[po + ROCK + 1]! * k; c[2] = pals[po + ROCK + 2]! * (k + 0.05);
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

const CORAL_PINK: Rgb = [240, 120, 130];
const CORAL_ORANGE: Rgb = [250, 170, 90];
const LAVA_CORE: Rgb = [255, 220, 80];

function scalec(c: Float32Array, k: number): void {
  c[0] = c[0]! * k; c[1] = c[1]! * k; c[2] = c[2]! * k;
}

function setc(c: Float32Array, p: Float32Array, o: number): void {
  c[0] = p[o]!; c[1] = p[o + 1]!; c[2] = p[o + 2]!;
}

function mixc(c: Float32Array, p: Float32Array, o: number, t: number): void {
  c[0] = c[0]! + (p[o]! - c[0]!) * t;
  c[1] = c[1]! + (p[o + 1]! - c[1]!) * t;
  c[2] = c[2]! + (p[o + 2]! - c[2]!) * t;
}

function mixRgb(c: Float32Array, col: Rgb, t: number): void {
  c[0] = c[0]! + (col[0] - c[0]!) * t;
  c[1] = c[1]! + (col[1] - c[1]!) * t;
  c[2] = c[2]! + (col[2] - c[2]!) * t;
}

const ROOFS: Record<Town['style'], readonly Rgb[]> = {
  jinzhou: [[74, 84, 100], [150, 62, 52], [92, 100, 112], [120, 110, 96]],
  rinascita: [[196, 104, 70], [214, 130, 86], [178, 92, 66], [232, 214, 180]],
  ruins: [[196, 186, 160], [176, 166, 142]],
  village: [[150, 90, 60], [120, 84, 64], [170, 110, 70]],
  compound: [[96, 100, 108], [120, 124, 130], [80, 86, 94]],
};
const PAVING: Record<Town['style'], Rgb> = {
  jinzhou: [176, 168, 150], rinascita: [226, 210, 178], ruins: [170, 160, 130], village: [186, 168, 128], compound: [150, 148, 140],
};

/** Streets, roofs, walls and canals of the towns around a land pixel. */
function paintTowns(towns: readonly Town[], wx: number, wy: number, h: number, d: number, c: Float32Array): void {
  for (const t of towns) {
    const dx = wx - t.x;
    const dy = wy - t.y;
    const dist = Math.sqrt(dx * dx + dy * dy);
    const edge = t.r * (0.88 + d * 0.12);
    if (dist > t.r * 1.02 || h > 0.55) continue;
    if (t.style === 'jinzhou' && Math.abs(dist - t.r * 0.97) < 7) { c[0] = 118; c[1] = 112; c[2] = 104; return; }
    if (dist > edge) continue;
    if (t.style === 'rinascita' && canalAt(wx, wy)) { c[0] = 70; c[1] = 160; c[2] = 180; return; }
    const rot = t.style === 'rinascita';
    const u = rot ? dx * 0.94 + dy * 0.342 + 144 : dx;
    const v = rot ? -dx * 0.342 + dy * 0.94 + 192 : dy;
    const cell = t.style === 'ruins' ? 64 : t.style === 'compound' ? 72 : t.style === 'village' ? 36 : 48;
    const cu = ((u % cell) + cell) % cell;
    const cv = ((v % cell) + cell) % cell;
    const hs = hash2(Math.floor(u / cell) + t.x, Math.floor(v / cell) + t.y);
    const paving = PAVING[t.style];
    const street = t.style === 'village' ? 0 : cell * 0.16;
    const density = t.style === 'village' ? 0.35 + 0.5 * (1 - dist / edge) : t.style === 'ruins' ? 0.6 : 0.88;
    if (cu < street || cv < street) { mixRgb(c, paving, 0.85); return; }
    if (hs > density) { if (t.style === 'compound') mixRgb(c, paving, 0.7); return; }
    const inset = cell * 0.22;
    const inside = cu > inset && cu < cell - inset * 0.5 && cv > inset && cv < cell - inset * 0.5;
    if (t.style === 'ruins') {
      const wall = inside && (cu < inset + 4 || cu > cell - inset * 0.5 - 4 || cv < inset + 4 || cv > cell - inset * 0.5 - 4);
      if (wall && hash2(Math.floor(u / 6), Math.floor(v / 6)) > 0.25) mixRgb(c, ROOFS.ruins[0]!, 0.9);
      return;
    }
    if (!inside) { if (t.style === 'compound') mixRgb(c, paving, 0.7); return; }
    const roofs = ROOFS[t.style];
    const roof = roofs[Math.floor(hs * 1000) % roofs.length]!;
    c[0] = roof[0]; c[1] = roof[1]; c[2] = roof[2];
    // A ridge: the north-west half of each roof catches the light.
    const k = cu - inset < (cell - inset * 1.5) / 2 ? 1.12 : 0.86;
    scalec(c, k);
    return;
  }
}

/** Roads over the terrain: a dark casing then a light surface; ferry and sky routes dashed. */
function paintRoads(set: TerrainSetName, out: Uint8ClampedArray, size: number, x0: number, y0: number, upp: number): void {
  const f = featuresOf(set);
  const pad = 12 * upp;
  const list = roadsIn(f, x0 - pad, y0 - pad, x0 + size * upp + pad, y0 + size * upp + pad);
  if (list.length === 0) return;
  const half = Math.max(1.05, 2.6 / upp);
  const surface: Rgb = set === 'blackshores' ? [200, 184, 160] : set === 'vaultbase' ? [70, 70, 74] : [236, 222, 184];
  const casing: Rgb = set === 'vaultbase' ? [240, 220, 120] : [84, 68, 50];
  const ferryC: Rgb = set === 'avinullin' ? [255, 255, 255] : [230, 240, 245];
  for (const pass of [0, 1]) {
    for (const idx of list) {
      const s = f.roads[idx]!;
      const ax = (s.x1 - x0) / upp;
      const ay = (s.y1 - y0) / upp;
      const bx = (s.x2 - x0) / upp;
      const by = (s.y2 - y0) / upp;
      const w = pass === 0 ? half + 1.1 : half;
      if (pass === 0 && s.ferry) continue;
      const minX = Math.max(0, Math.floor(Math.min(ax, bx) - w - 1));
      const maxX = Math.min(size - 1, Math.ceil(Math.max(ax, bx) + w + 1));
      const minY = Math.max(0, Math.floor(Math.min(ay, by) - w - 1));
      const maxY = Math.min(size - 1, Math.ceil(Math.max(ay, by) + w + 1));
      const vx = bx - ax;
      const vy = by - ay;
      const len2 = vx * vx + vy * vy || 1;
      const lenW = Math.sqrt(len2) * upp;
      for (let py = minY; py <= maxY; py++) {
        for (let px = minX; px <= maxX; px++) {
          const cx = px + 0.5 - ax;
          const cy = py + 0.5 - ay;
          let t = (cx * vx + cy * vy) / len2;
          t = t < 0 ? 0 : t > 1 ? 1 : t;
          const ex = cx - vx * t;
          const ey = cy - vy * t;
          const dist = Math.sqrt(ex * ex + ey * ey);
          if (dist > w) continue;
          if (s.ferry && ((s.along + t * lenW) % 40) > 20) continue;
          const col = s.ferry ? ferryC : pass === 0 ? casing : surface;
          const a = Math.min(1, w - dist + 0.5) * (pass === 0 ? 0.55 : s.ferry ? 0.7 : 1);
          const o = (py * size + px) * 4;
          out[o] = out[o]! + (col[0] - out[o]!) * a;
          out[o + 1] = out[o + 1]! + (col[1] - out[o + 1]!) * a;
          out[o + 2] = out[o + 2]! + (col[2] - out[o + 2]!) * a;
        }
      }
    }
  }
}
