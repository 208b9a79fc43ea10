// The noise fields of one base tile, sampled on a coarse grid (every STEP pixels) that the per-pixel loop
// interpolates: height (towns levelled), rivers, moisture, huanglong's area weights and the hillshade.
import type { Town } from './features';
import { heightAt, moistureAt, rinascitaWeight, riverValue, riverWidth, septimontWeight, smoothstep, type TerrainSetName } from './terrain';

/** Grid step (pixels) at which noise is evaluated; pixels in between are interpolated. */
export const STEP = 8;

/** The sampled fields, one Float32Array per field in row-major order over an n × n grid. */
export interface Grid {
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
export function sampleGrid(set: TerrainSetName, x0: number, y0: number, size: number, upp: number, towns: readonly Town[]): Grid {
  const n = size / STEP + 3;
  const stepW = STEP * upp;
  const minWave = Math.max(16, stepW * 2);
  const len = n * n;
  const g: Grid = {
    n,
    h: new Float32Array(len),
    river: new Float32Array(len),
    moist: new Float32Array(len),
    rin: new Float32Array(len),
    sep: new Float32Array(len),
    above: new Float32Array(len),
    shade: new Float32Array(len),
    rw: new Float32Array(len),
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
