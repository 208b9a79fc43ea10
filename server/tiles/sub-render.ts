import alea from 'alea';
import type { SubMap, TileScale } from '../../common/regions';
import { SUB_BLOCK_SIZE } from '../../common/regions';
import { detailTexture, DETAIL_SIZE, hash2 } from './palette';
import { fbm, noisesOf, smoothstep } from './terrain';

/** How a sub-map is drawn: a natural cave, a building's floor plan, or a round tower floor. */
export type SubStyle = 'cave' | 'interior' | 'tower';

/** The drawing style a sub-map's name asks for. */
export function subStyle(name: string): SubStyle {
  if (/tower|peak|colosseum|observatory/.test(name)) return 'tower';
  if (/cave|den|mine|ruins|canals|catacombs|aqueduct|deep|trench|abyss|undercity/.test(name)) return 'cave';
  return 'interior';
}

interface Room {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  floor: number;
}

const plans = new Map<string, Room[]>();

/** A building's rooms: the extent split recursively (deterministic per sub-map). */
function floorPlan(set: string, sub: SubMap): Room[] {
  const key = `${set}/${sub.name}`;
  let rooms = plans.get(key);
  if (rooms) return rooms;
  const rnd = alea(`wuwa-plan-${key}`);
  rooms = [];
  const [ex0, ey0, ex1, ey1] = sub.extent;
  const m = 40;
  const split = (x0: number, y0: number, x1: number, y1: number, depth: number) => {
    const w = x1 - x0;
    const h = y1 - y0;
    if (depth > 5 || (w < 260 && h < 260) || (depth > 2 && rnd() < 0.2)) {
      rooms!.push({ x0, y0, x1, y1, floor: Math.floor(rnd() * 4) });
      return;
    }
    // Corridors (24 units) between the halves of the first splits.
    const gap = depth < 2 ? 24 : 0;
    if (w > h) {
      const at = x0 + w * (0.35 + rnd() * 0.3);
      split(x0, y0, at - gap / 2, y1, depth + 1);
      split(at + gap / 2, y0, x1, y1, depth + 1);
    } else {
      const at = y0 + h * (0.35 + rnd() * 0.3);
      split(x0, y0, x1, at - gap / 2, depth + 1);
      split(x0, at + gap / 2, x1, y1, depth + 1);
    }
  };
  split(ex0 + m, ey0 + m, ex1 - m, ey1 - m, 0);
  plans.set(key, rooms);
  return rooms;
}

const FLOORS: readonly (readonly [number, number, number])[] = [
  [176, 150, 112],
  [150, 156, 166],
  [132, 84, 72],
  [196, 188, 170],
];

/** Renders one 512×512 sub-map tile to RGBA; outside the drawn area stays transparent. */
export function renderSubTile(set: string, sub: SubMap, scale: TileScale, col: number, row: number): Uint8ClampedArray {
  const size = SUB_BLOCK_SIZE;
  const upp = 100 / scale;
  const x0 = sub.origin[0] + col * size * upp;
  const y0 = sub.origin[1] + row * size * upp;
  const out = new Uint8ClampedArray(size * size * 4);
  const style = subStyle(sub.name);
  if (style === 'cave') cave(out, set, sub, x0, y0, upp);
  else if (style === 'tower') tower(out, sub, x0, y0, upp);
  else interior(out, set, sub, x0, y0, upp);
  return out;
}

function put(out: Uint8ClampedArray, o: number, r: number, g: number, b: number, a: number): void {
  out[o] = r;
  out[o + 1] = g;
  out[o + 2] = b;
  out[o + 3] = a;
}

/** Distance (world units) from a point to the inside of the extent's edge, negative outside. */
function inset(sub: SubMap, x: number, y: number): number {
  const [a, b, c, d] = sub.extent;
  return Math.min(x - a, c - x, y - b, d - y);
}

/** Dark rock with winding tunnels and chambers, lit by glowing crystals. */
function cave(out: Uint8ClampedArray, set: string, sub: SubMap, x0: number, y0: number, upp: number): void {
  const size = SUB_BLOCK_SIZE;
  const n = noisesOf(`${set}-${sub.name}`);
  const det = detailTexture();
  const step = 8;
  const gn = size / step + 1;
  const open = new Float32Array(gn * gn);
  const minWave = Math.max(16, step * upp * 2);
  for (let j = 0; j < gn; j++) {
    for (let i = 0; i < gn; i++) {
      const x = x0 + i * step * upp;
      const y = y0 + j * step * upp;
      const tunnel = 0.1 - Math.abs(fbm(n.a, x, y, 700, minWave));
      const chamber = fbm(n.b, x, y, 500, minWave) - 0.35;
      open[j * gn + i] = Math.max(tunnel * 2.2, chamber);
    }
  }
  const water = /canals|aqueduct|deep|trench|sunken/.test(sub.name);
  const crystal = sub.name.includes('abyss') || sub.name.includes('trench') ? [180, 90, 255] : [90, 230, 255];
  for (let py = 0; py < size; py++) {
    const gy = py / step;
    const j = gy | 0;
    const fy = gy - j;
    const wy = y0 + py * upp;
    for (let px = 0; px < size; px++) {
      const o = (py * size + px) * 4;
      const wx = x0 + px * upp;
      const edge = inset(sub, wx, wy);
      if (edge < 0) continue;
      const gx = px / step;
      const i = gx | 0;
      const fx = gx - i;
      const k = j * gn + i;
      const top = open[k]! + (open[k + 1]! - open[k]!) * fx;
      const bot = open[k + gn]! + (open[k + gn + 1]! - open[k + gn]!) * fx;
      const v = top + (bot - top) * fy;
      const d = det[(Math.floor(wy / upp) & 255) * DETAIL_SIZE + (Math.floor(wx / upp) & 255)]!;
      const fade = smoothstep(0, 48, edge + d * 30);
      if (v > 0) {
        // Passage floor: warm stone, brighter towards the middle; some flooded.
        const lit = 0.75 + smoothstep(0, 0.12, v) * 0.35 + d * 0.06;
        if (water && v > 0.08) put(out, o, 40 * lit, 96 * lit, 120 * lit, 255 * fade);
        else put(out, o, 122 * lit, 108 * lit, 92 * lit, 255 * fade);
      } else {
        // Rock: dark, with a lighter rim where it meets the passage.
        const rim = smoothstep(-0.05, 0, v);
        const base = 30 + rim * 30 + d * 6;
        put(out, o, base, base * 0.95, base * 1.1, 235 * fade);
        const hs = hash2(Math.floor(wx / 24), Math.floor(wy / 24));
        if (rim > 0.05 && hs < 0.14) {
          // A crystal cluster glowing at the tunnel wall.
          const cx = (Math.floor(wx / 24) + 0.5) * 24;
          const cy = (Math.floor(wy / 24) + 0.5) * 24;
          const dist = Math.hypot(wx - cx, wy - cy);
          const glow = Math.max(0, 1 - dist / 12);
          if (glow > 0)
            put(
              out,
              o,
              base + (crystal[0]! - base) * glow,
              base + (crystal[1]! - base) * glow,
              base + (crystal[2]! - base) * glow,
              255 * fade,
            );
        }
      }
    }
  }
}

/** A floor plan: walls, rooms with tiled floors, corridors. */
function interior(out: Uint8ClampedArray, set: string, sub: SubMap, x0: number, y0: number, upp: number): void {
  const size = SUB_BLOCK_SIZE;
  const rooms = floorPlan(set, sub);
  const [ex0, ey0, ex1, ey1] = sub.extent;
  // The building: outer wall and corridor floor.
  for (let py = 0; py < size; py++) {
    const wy = y0 + py * upp;
    for (let px = 0; px < size; px++) {
      const wx = x0 + px * upp;
      const o = (py * size + px) * 4;
      const e = Math.min(wx - ex0, ex1 - wx, wy - ey0, ey1 - wy);
      if (e < 16) continue;
      if (e < 40) put(out, o, 70, 64, 60, 255);
      else {
        const t = ((Math.floor(wx / 16) + Math.floor(wy / 16)) & 1) * 8;
        put(out, o, 150 + t, 142 + t, 130 + t, 255);
      }
    }
  }
  const span = size * upp;
  for (const r of rooms) {
    if (r.x1 < x0 || r.x0 > x0 + span || r.y1 < y0 || r.y0 > y0 + span) continue;
    const fl = FLOORS[r.floor]!;
    const tile = r.floor === 0 ? 10 : r.floor === 2 ? 0 : 20;
    const pxA = Math.max(0, Math.floor((r.x0 - x0) / upp));
    const pxB = Math.min(size - 1, Math.ceil((r.x1 - x0) / upp));
    const pyA = Math.max(0, Math.floor((r.y0 - y0) / upp));
    const pyB = Math.min(size - 1, Math.ceil((r.y1 - y0) / upp));
    const cx = (r.x0 + r.x1) / 2;
    const cy = (r.y0 + r.y1) / 2;
    for (let py = pyA; py <= pyB; py++) {
      const wy = y0 + py * upp;
      for (let px = pxA; px <= pxB; px++) {
        const wx = x0 + px * upp;
        const e = Math.min(wx - r.x0, r.x1 - wx, wy - r.y0, r.y1 - wy);
        if (e < 0) continue;
        const o = (py * size + px) * 4;
        // Walls 8 units thick, with a door gap in the middle of each side.
        const door = Math.abs(wx - cx) < 18 || Math.abs(wy - cy) < 18;
        if (e < 8 && !door) {
          put(out, o, 56, 50, 48, 255);
          continue;
        }
        let k = 1;
        if (tile > 0) k = (Math.floor(wx / tile) + Math.floor(wy / tile)) & 1 ? 1.06 : 0.94;
        else if (Math.floor(wy / 6) % 2 === 0) k = 0.92; // planks
        if (e < 14) k *= 0.85;
        put(out, o, fl[0] * k, fl[1] * k, fl[2] * k, 255);
      }
    }
  }
}

const ARENA_RINGS = [1, 0.62];
const TOWER_RINGS = [1, 0.7, 0.4, 0.14];
const ROCK_FLOOR = [150, 144, 136] as const;
const SEATS = [196, 182, 160] as const;
const FLAGSTONE = [170, 156, 136] as const;

/** A round floor: ring walls, radial passages, a spiral stair in the middle. */
function tower(out: Uint8ClampedArray, sub: SubMap, x0: number, y0: number, upp: number): void {
  const size = SUB_BLOCK_SIZE;
  const [ex0, ey0, ex1, ey1] = sub.extent;
  const cx = (ex0 + ex1) / 2;
  const cy = (ey0 + ey1) / 2;
  const rx = (ex1 - ex0) / 2 - 24;
  const ry = (ey1 - ey0) / 2 - 24;
  const arena = sub.name.includes('colosseum');
  const rock = sub.name.includes('peak');
  for (let py = 0; py < size; py++) {
    const wy = y0 + py * upp;
    for (let px = 0; px < size; px++) {
      const wx = x0 + px * upp;
      const dx = (wx - cx) / rx;
      const dy = (wy - cy) / ry;
      const r = Math.sqrt(dx * dx + dy * dy);
      if (r > 1) continue;
      const o = (py * size + px) * 4;
      const ang = Math.atan2(dy, dx);
      const ringW = 10 / Math.min(rx, ry);
      const rings = arena ? ARENA_RINGS : TOWER_RINGS;
      let onRing = false;
      for (const q of rings) if (Math.abs(r - q) < ringW) onRing = true;
      if (onRing && Math.abs(Math.sin(ang * 2)) > 0.12) {
        put(out, o, 64, 58, 56, 255);
        continue;
      }
      if (arena && r < 0.62) {
        put(out, o, 214, 190, 140, 255); // sand of the arena floor
        continue;
      }
      // Seats (arena) or radial flagstones.
      const sector = Math.floor((ang + Math.PI) / (Math.PI / (arena ? 24 : 12)));
      const band = Math.floor(r * (arena ? 14 : 8));
      const k = (sector + band) & 1 ? 1.05 : 0.93;
      const base = rock ? ROCK_FLOOR : arena ? SEATS : FLAGSTONE;
      if (!arena && r < 0.14) {
        // Spiral stair.
        const step = Math.floor(((ang + Math.PI) / (2 * Math.PI)) * 16 + r * 20) & 1;
        put(out, o, step ? 120 : 96, step ? 110 : 88, step ? 98 : 80, 255);
        continue;
      }
      put(out, o, base[0] * k, base[1] * k, base[2] * k, 255);
    }
  }
}
