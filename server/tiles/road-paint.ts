// Roads drawn over a finished base tile: every road segment near the tile, casing first then surface,
// anti-aliased by distance to the segment; ferry and sky routes dashed.
import { featuresOf, roadsIn } from './features';
import type { Rgb } from './palette';
import type { TerrainSetName } from './terrain';

/** Roads over the terrain: a dark casing then a light surface; ferry and sky routes dashed. */
export function paintRoads(set: TerrainSetName, out: Uint8ClampedArray, size: number, x0: number, y0: number, upp: number): void {
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
          if (s.ferry && (s.along + t * lenW) % 40 > 20) continue;
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
