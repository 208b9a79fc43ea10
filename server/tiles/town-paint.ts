// Towns painted into a land pixel of a base tile: streets, roofs (lit on one side), ruined walls and
// rinascita's canals, each town in its own style and on its own block grid.
import type { Town } from './features';
import { hash2, type Rgb } from './palette';
import { mixRgb, scalec } from './pixel-colour';
import { canalAt } from './terrain';

const ROOFS: Record<Town['style'], readonly Rgb[]> = {
  jinzhou: [
    [74, 84, 100],
    [150, 62, 52],
    [92, 100, 112],
    [120, 110, 96],
  ],
  rinascita: [
    [196, 104, 70],
    [214, 130, 86],
    [178, 92, 66],
    [232, 214, 180],
  ],
  ruins: [
    [196, 186, 160],
    [176, 166, 142],
  ],
  village: [
    [150, 90, 60],
    [120, 84, 64],
    [170, 110, 70],
  ],
  compound: [
    [96, 100, 108],
    [120, 124, 130],
    [80, 86, 94],
  ],
};
const PAVING: Record<Town['style'], Rgb> = {
  jinzhou: [176, 168, 150],
  rinascita: [226, 210, 178],
  ruins: [170, 160, 130],
  village: [186, 168, 128],
  compound: [150, 148, 140],
};

/** Streets, roofs, walls and canals of the towns around a land pixel. */
export function paintTowns(towns: readonly Town[], wx: number, wy: number, h: number, d: number, c: Float32Array): void {
  for (const t of towns) {
    const dx = wx - t.x;
    const dy = wy - t.y;
    const dist = Math.sqrt(dx * dx + dy * dy);
    const edge = t.r * (0.88 + d * 0.12);
    if (dist > t.r * 1.02 || h > 0.55) continue;
    if (t.style === 'jinzhou' && Math.abs(dist - t.r * 0.97) < 7) {
      c[0] = 118;
      c[1] = 112;
      c[2] = 104;
      return;
    }
    if (dist > edge) continue;
    if (t.style === 'rinascita' && canalAt(wx, wy)) {
      c[0] = 70;
      c[1] = 160;
      c[2] = 180;
      return;
    }
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
    if (cu < street || cv < street) {
      mixRgb(c, paving, 0.85);
      return;
    }
    if (hs > density) {
      if (t.style === 'compound') mixRgb(c, paving, 0.7);
      return;
    }
    const inset = cell * 0.22;
    const inside = cu > inset && cu < cell - inset * 0.5 && cv > inset && cv < cell - inset * 0.5;
    if (t.style === 'ruins') {
      const wall = inside && (cu < inset + 4 || cu > cell - inset * 0.5 - 4 || cv < inset + 4 || cv > cell - inset * 0.5 - 4);
      if (wall && hash2(Math.floor(u / 6), Math.floor(v / 6)) > 0.25) mixRgb(c, ROOFS.ruins[0]!, 0.9);
      return;
    }
    if (!inside) {
      if (t.style === 'compound') mixRgb(c, paving, 0.7);
      return;
    }
    const roofs = ROOFS[t.style];
    const roof = roofs[Math.floor(hs * 1000) % roofs.length]!;
    c[0] = roof[0];
    c[1] = roof[1];
    c[2] = roof[2];
    // A ridge: the north-west half of each roof catches the light.
    const k = cu - inset < (cell - inset * 1.5) / 2 ? 1.12 : 0.86;
    scalec(c, k);
    return;
  }
}
