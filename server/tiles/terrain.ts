import alea from 'alea';
import { createNoise2D, type NoiseFunction2D } from 'simplex-noise';

/**
 * Pure, deterministic terrain of the demo world's tile sets. Heights are signed with the sea
 * at 0; every function takes world units (1 unit = 1 px of a scale-100 tile, y downwards).
 * isLand's answers are relied on by the seed (pins stand on land), so the height and water
 * functions here must not change; colours live in palette.ts and may.
 */

/** Tile sets with a terrain of their own (the huanglong set carries three regions' styles). */
export type TerrainSetName = 'huanglong' | 'blackshores' | 'vaultbase' | 'avinullin' | 'deepocean';

/** What lies at one world point. */
export interface TerrainSample {
  /** Signed height: below 0 is sea (or sky for avinullin). */
  readonly height: number;
  /** 0 (dry) … 1 (wet): picks grass, forest or desert. */
  readonly moisture: number;
  /** Sea, lake, river, canal, lava or open sky: nothing stands there. */
  readonly water: boolean;
  /** A pin may stand here (land; for deepocean also reef shallows). */
  readonly land: boolean;
}

/** Finest noise wavelength (world units) used for point queries: what a scale-100 tile shows. */
export const FINEST_WAVE = 8;

interface Noises {
  readonly a: NoiseFunction2D;
  readonly b: NoiseFunction2D;
  readonly c: NoiseFunction2D;
  readonly d: NoiseFunction2D;
  readonly e: NoiseFunction2D;
}

const noiseCache = new Map<string, Noises>();

/** The seeded noise functions of a tile set (created once, deterministic per name). */
export function noisesOf(set: string): Noises {
  let n = noiseCache.get(set);
  if (!n) {
    const rnd = alea(`wuwa-demo-${set}`);
    n = { a: createNoise2D(rnd), b: createNoise2D(rnd), c: createNoise2D(rnd), d: createNoise2D(rnd), e: createNoise2D(rnd) };
    noiseCache.set(set, n);
  }
  return n;
}

/**
 * Fractal noise in about [-1, 1]: octaves from `baseWave` down to `minWave`. The normalisation is
 * that of all octaves to FINEST_WAVE, so coarser renderings only drop detail, never shift coasts.
 */
export function fbm(noise: NoiseFunction2D, x: number, y: number, baseWave: number, minWave: number, gain = 0.5): number {
  let sum = 0;
  let amp = 1;
  let norm = 0;
  let wave = baseWave;
  let i = 0;
  while (wave >= FINEST_WAVE) {
    if (wave >= minWave) sum += amp * noise(x / wave + i * 17.3, y / wave - i * 31.7);
    norm += amp;
    amp *= gain;
    wave /= 2;
    i++;
  }
  return sum / norm;
}

/** Ridged fractal noise in [0, 1]: sharp crests, used for mountain ranges. */
function ridged(noise: NoiseFunction2D, x: number, y: number, baseWave: number, minWave: number): number {
  let sum = 0;
  let amp = 1;
  let norm = 0;
  let wave = baseWave;
  let i = 0;
  while (wave >= FINEST_WAVE * 2) {
    if (wave >= minWave) {
      const r = 1 - Math.abs(noise(x / wave - i * 7.1, y / wave + i * 3.9));
      sum += amp * r * r;
    } else sum += amp * 0.45;
    norm += amp;
    amp *= 0.5;
    wave /= 2;
    i++;
  }
  return sum / norm;
}

export function smoothstep(e0: number, e1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
}

/** A round bump of land (positive weight) or sea (negative) used to shape continents. */
interface Blob {
  x: number;
  y: number;
  r: number;
  w: number;
}

function blobs(list: readonly Blob[], x: number, y: number): number {
  let land = 0;
  let sea = 0;
  for (const b of list) {
    const dx = (x - b.x) / b.r;
    const dy = (y - b.y) / b.r;
    const d2 = dx * dx + dy * dy;
    if (d2 >= 1) continue;
    const f = 1 - d2 * d2;
    if (b.w > 0) land = Math.max(land, f * b.w);
    else sea = Math.max(sea, -f * b.w);
  }
  return land - sea;
}

/** The three areas of the huanglong tile set (region centres). */
export const HUANGLONG_AREAS = {
  huanglong: { x: -487, y: 1005 },
  rinascita: { x: 7240, y: 5810 },
  septimont: { x: 12000, y: 11600 },
} as const;

const HUANGLONG_LAND: readonly Blob[] = [
  { x: -487, y: 1005, r: 6200, w: 1 },
  { x: -3600, y: -1800, r: 3800, w: 0.9 },
  { x: -3800, y: 4200, r: 3800, w: 0.9 },
  { x: 2600, y: 3200, r: 4600, w: 1 },
  { x: 1800, y: -1800, r: 3200, w: 0.85 },
  { x: 2800, y: 8600, r: 4200, w: 1 },
  { x: 5200, y: 5200, r: 3200, w: 0.9 },
  { x: 7000, y: 5200, r: 3000, w: 0.95 },
  { x: 9600, y: 3800, r: 3200, w: 0.9 },
  { x: 10200, y: 8200, r: 3600, w: 1 },
  { x: 12000, y: 11600, r: 4200, w: 1 },
  { x: 14200, y: 13600, r: 2800, w: 0.9 },
  { x: 7400, y: 11800, r: 2600, w: 0.85 },
  // Sea: a Mediterranean bay south-east of Rinascita and a strait between the west and Septimont.
  { x: 8500, y: 7000, r: 1900, w: -0.9 },
  { x: 6400, y: 9200, r: 1500, w: -0.7 },
  { x: 14800, y: 3000, r: 3000, w: -0.8 },
  { x: -5800, y: 13600, r: 4200, w: -0.9 },
];

const BLACKSHORES_LAND: readonly Blob[] = [
  { x: -1600, y: -1400, r: 3600, w: 1 },
  { x: 800, y: -2200, r: 2200, w: 0.8 },
  { x: -2300, y: 1300, r: 2000, w: 0.8 },
  { x: 1900, y: 1900, r: 800, w: 0.7 },
  { x: 2400, y: 600, r: 500, w: 0.6 },
];

type HeightFn = (x: number, y: number, minWave: number) => number;

function huanglongHeight(x: number, y: number, minWave: number): number {
  const n = noisesOf('huanglong');
  const mask = blobs(HUANGLONG_LAND, x, y);
  let h = mask * 0.8 - 0.32 + fbm(n.a, x, y, 4096, minWave) * 0.5;
  // Mountain ranges: ridged noise where a slow mask says so, stronger around Septimont's rocks.
  const rs = septimontWeight(x, y);
  const mtn = smoothstep(-0.1, 0.5, n.b(x / 7000 + 3.3, y / 7000 - 1.1) + rs * 0.35);
  if (h > -0.1) h += mtn * ridged(n.c, x, y, 2400, minWave) * 0.85 * smoothstep(-0.1, 0.3, h);
  // Lake basins inland.
  const lake = n.d(x / 1700 + 9.1, y / 1700 - 4.4);
  if (lake > 0.7) h -= smoothstep(0.7, 0.9, lake) * 0.5 * smoothstep(0.05, 0.25, h + 0.2);
  return h;
}

function blackshoresHeight(x: number, y: number, minWave: number): number {
  const n = noisesOf('blackshores');
  const mask = blobs(BLACKSHORES_LAND, x, y);
  let h = mask * 0.9 - 0.35 + fbm(n.a, x, y, 2048, minWave) * 0.5;
  if (h > 0) h += ridged(n.c, x, y, 1400, minWave) * 0.6 * smoothstep(0, 0.35, h);
  return h;
}

function vaultbaseHeight(x: number, y: number, minWave: number): number {
  const n = noisesOf('vaultbase');
  // A desert plateau: everything is land, with a few salt pans and canyons below.
  let h = 0.3 + fbm(n.a, x, y, 3000, minWave) * 0.35;
  const canyon = Math.abs(n.b(x / 2600, y / 2600));
  if (canyon < 0.06) h -= (1 - canyon / 0.06) * 0.25;
  return h;
}

function avinullinHeight(x: number, y: number, minWave: number): number {
  const n = noisesOf('avinullin');
  // Floating islands: blobs of noise above 0, open sky between them; a big one in the middle.
  const d = Math.hypot(x, y) / 1100;
  const centre = d < 1 ? (1 - d * d) * 0.7 : 0;
  const f = fbm(n.a, x, y, 900, minWave) * 0.9 + n.b(x / 2600, y / 2600) * 0.25 + centre;
  return f - 0.28;
}

function deepoceanHeight(x: number, y: number, minWave: number): number {
  const n = noisesOf('deepocean');
  const f = fbm(n.a, x, y, 2600, minWave) * 0.8 + n.b(x / 6000, y / 6000) * 0.3;
  // Reef rings: shallow water around the crests.
  return f - 0.42;
}

const HEIGHT: Record<TerrainSetName, HeightFn> = {
  huanglong: huanglongHeight,
  blackshores: blackshoresHeight,
  vaultbase: vaultbaseHeight,
  avinullin: avinullinHeight,
  deepocean: deepoceanHeight,
};

/** How much of Rinascita's Mediterranean look a point gets (0 … 1). */
export function rinascitaWeight(x: number, y: number): number {
  const a = HUANGLONG_AREAS.rinascita;
  return 1 - smoothstep(2600, 5200, Math.hypot(x - a.x, (y - a.y) * 1.2));
}

/** How much of Septimont's rocky, ancient look a point gets (0 … 1). */
export function septimontWeight(x: number, y: number): number {
  const a = HUANGLONG_AREAS.septimont;
  return 1 - smoothstep(2800, 5400, Math.hypot(x - a.x, y - a.y));
}

/** The heightfield of a tile set at a given detail (minWave world units). */
export function heightAt(set: TerrainSetName, x: number, y: number, minWave = FINEST_WAVE): number {
  return HEIGHT[set](x, y, minWave);
}

/** Moisture in [0, 1] (slow noise; deserts and volcanic sets stay dry). */
export function moistureAt(set: TerrainSetName, x: number, y: number): number {
  const n = noisesOf(set);
  const m = 0.5 + 0.5 * (n.e(x / 3200, y / 3200) * 0.7 + n.e(x / 900 + 5, y / 900 - 5) * 0.3);
  if (set === 'huanglong') return m * (1 - 0.45 * rinascitaWeight(x, y)) * (1 - 0.5 * septimontWeight(x, y));
  return m;
}

/**
 * Signed river noise: a river runs where |value| < riverWidth(height). Only huanglong,
 * blackshores (lava) and avinullin (streams) have rivers.
 */
export function riverValue(set: TerrainSetName, x: number, y: number): number {
  if (set === 'vaultbase' || set === 'deepocean') return 1;
  const n = noisesOf(set);
  return n.d(x / 2600 - 2.2, y / 2600 + 7.7) + n.e(x / 700 + 1.5, y / 700 + 2.5) * 0.08;
}

/** Half-width of a river in noise units at a height: wide near the sea, gone in the mountains. */
export function riverWidth(set: TerrainSetName, height: number): number {
  if (height <= 0) return 0;
  if (set === 'blackshores') return height > 0.25 ? 0.006 : 0;
  if (set === 'avinullin') return height > 0.12 ? 0.004 : 0;
  return height < 0.5 ? 0.004 + 0.008 * (1 - height / 0.5) : 0;
}

/** Rinascita's city canals: a rotated grid of water lines inside the old town. */
export function canalAt(x: number, y: number): boolean {
  const a = HUANGLONG_AREAS.rinascita;
  const dx = x - a.x;
  const dy = y - a.y;
  if (dx * dx + dy * dy > 1150 * 1150) return false;
  const u = dx * 0.94 + dy * 0.342 + 144;
  const v = -dx * 0.342 + dy * 0.94 + 192;
  const cu = ((u % 288) + 288) % 288;
  const cv = ((v % 384) + 384) % 384;
  return cu < 10 || cv < 10;
}

/** Everything about one world point, at full (scale-100) detail. */
export function terrainAt(set: string, x: number, y: number): TerrainSample {
  const name = asTerrainSet(set);
  const height = heightAt(name, x, y);
  const moisture = moistureAt(name, x, y);
  let water = height <= 0;
  if (!water && Math.abs(riverValue(name, x, y)) < riverWidth(name, height)) water = true;
  if (!water && name === 'huanglong' && height < 0.45 && canalAt(x, y)) water = true;
  const land = !water || (name === 'deepocean' && height > -0.08);
  return { height, moisture, water, land };
}

/** True where a pin may stand: land, not water, lava or sky (reef shallows count in deepocean). */
export function isLand(set: string, x: number, y: number): boolean {
  return terrainAt(set, x, y).land;
}

/** Maps a tile-set folder name to its terrain (unknown names fall back to huanglong's). */
export function asTerrainSet(set: string): TerrainSetName {
  return set in HEIGHT ? (set as TerrainSetName) : 'huanglong';
}
