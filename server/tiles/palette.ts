import { createNoise4D } from 'simplex-noise';
import alea from 'alea';

/** An RGB colour, 0–255 per channel. */
export type Rgb = readonly [number, number, number];

/** The colours one terrain style is painted with. */
export interface Palette {
  readonly deep: Rgb;
  readonly shallow: Rgb;
  readonly foam: Rgb;
  readonly river: Rgb;
  readonly sand: Rgb;
  readonly grass: Rgb;
  readonly forest: Rgb;
  readonly rock: Rgb;
  readonly snow: Rgb;
  /** Heights where rock starts and snow starts. */
  readonly rockAt: number;
  readonly snowAt: number;
}

/** Huanglong's temperate green hills. */
export const HUANGLONG: Palette = {
  deep: [30, 66, 118],
  shallow: [64, 138, 170],
  foam: [170, 215, 225],
  river: [72, 140, 180],
  sand: [222, 206, 158],
  grass: [118, 162, 84],
  forest: [56, 104, 58],
  rock: [136, 128, 118],
  snow: [242, 244, 248],
  rockAt: 0.5,
  snowAt: 0.95,
};

/** Rinascita: Mediterranean, dry olive grass, limestone, turquoise water. */
export const RINASCITA: Palette = {
  deep: [22, 86, 140],
  shallow: [60, 170, 185],
  foam: [200, 235, 235],
  river: [70, 165, 185],
  sand: [236, 218, 172],
  grass: [164, 170, 100],
  forest: [96, 122, 70],
  rock: [196, 180, 150],
  snow: [245, 245, 245],
  rockAt: 0.42,
  snowAt: 1.05,
};

/** Septimont: rocky, ancient, ochre. */
export const SEPTIMONT: Palette = {
  deep: [32, 70, 115],
  shallow: [70, 135, 160],
  foam: [180, 210, 215],
  river: [80, 140, 170],
  sand: [214, 196, 150],
  grass: [150, 150, 100],
  forest: [98, 108, 72],
  rock: [166, 142, 112],
  snow: [236, 236, 240],
  rockAt: 0.3,
  snowAt: 1.0,
};

/** Blackshores: black sand, basalt, dark moss, cold sea; its rivers are lava. */
export const BLACKSHORES: Palette = {
  deep: [16, 38, 58],
  shallow: [36, 84, 98],
  foam: [140, 170, 175],
  river: [255, 112, 30],
  sand: [48, 46, 50],
  grass: [62, 78, 58],
  forest: [40, 56, 44],
  rock: [78, 74, 80],
  snow: [170, 168, 175],
  rockAt: 0.3,
  snowAt: 0.95,
};

/** Vaultbase: desert sand, red mesas, dry canyons. */
export const VAULTBASE: Palette = {
  deep: [120, 72, 50],
  shallow: [168, 110, 72],
  foam: [200, 160, 120],
  river: [150, 100, 70],
  sand: [218, 184, 126],
  grass: [206, 170, 112],
  forest: [188, 150, 98],
  rock: [170, 104, 68],
  snow: [232, 214, 180],
  rockAt: 0.5,
  snowAt: 9,
};

/** Avinullin: green floating islands; `deep`/`shallow` are the sky. */
export const AVINULLIN: Palette = {
  deep: [120, 170, 225],
  shallow: [170, 205, 240],
  foam: [235, 245, 255],
  river: [110, 180, 230],
  sand: [196, 186, 150],
  grass: [112, 176, 104],
  forest: [60, 128, 80],
  rock: [120, 112, 128],
  snow: [240, 240, 250],
  rockAt: 0.55,
  snowAt: 9,
};

/** Deepocean: abyssal blue, turquoise reefs, small sandy islands. */
export const DEEPOCEAN: Palette = {
  deep: [6, 24, 60],
  shallow: [30, 120, 160],
  foam: [120, 220, 215],
  river: [60, 160, 190],
  sand: [232, 220, 170],
  grass: [96, 160, 80],
  forest: [44, 110, 60],
  rock: [130, 124, 110],
  snow: [240, 240, 240],
  rockAt: 0.5,
  snowAt: 9,
};

/** Side of the periodic detail texture (pixels). */
export const DETAIL_SIZE = 256;
let detail: Float32Array | undefined;

/**
 * A 256×256 seamlessly repeating noise texture in about [-1, 1]; looked up per pixel it adds
 * fine grain at no noise cost (periodic because it is sampled on a 4-D torus).
 */
export function detailTexture(): Float32Array {
  if (detail) return detail;
  const noise = createNoise4D(alea('wuwa-detail'));
  const t = new Float32Array(DETAIL_SIZE * DETAIL_SIZE);
  const k = (2 * Math.PI) / DETAIL_SIZE;
  for (let j = 0; j < DETAIL_SIZE; j++) {
    const cy = Math.cos(j * k);
    const sy = Math.sin(j * k);
    for (let i = 0; i < DETAIL_SIZE; i++) {
      const cx = Math.cos(i * k);
      const sx = Math.sin(i * k);
      t[j * DETAIL_SIZE + i] = noise(cx * 2.6, sx * 2.6, cy * 2.6, sy * 2.6) * 0.65 + noise(cx * 7 + 9, sx * 7, cy * 7, sy * 7 + 9) * 0.35;
    }
  }
  detail = t;
  return t;
}

/** A cheap integer hash of two ints to [0, 1). */
export function hash2(x: number, y: number): number {
  let h = Math.imul(x | 0, 374761393) ^ Math.imul(y | 0, 668265263);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}
