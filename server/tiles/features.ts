import alea from 'alea';
import { tileSetByName } from '../../common/regions';
import { asTerrainSet, heightAt, HUANGLONG_AREAS, noisesOf, terrainAt, type TerrainSetName } from './terrain';

/** One straight piece of a road; `ferry` pieces cross water (or sky) and are drawn dashed. */
export interface RoadSegment {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  readonly ferry: boolean;
  /** Distance along the road at (x1, y1), for dashes. */
  readonly along: number;
}

/** A settlement drawn as streets and roofs (or ruins) inside a radius. */
export interface Town {
  readonly x: number;
  readonly y: number;
  readonly r: number;
  readonly style: 'jinzhou' | 'rinascita' | 'ruins' | 'village' | 'compound';
}

/** The roads and towns of a tile set, with a bucket index for tile lookups. */
export interface Features {
  readonly roads: readonly RoadSegment[];
  readonly towns: readonly Town[];
  readonly buckets: Map<string, number[]>;
}

const BUCKET = 1024;
const cache = new Map<string, Features>();

/** Roads and towns of a tile set: deterministic, built once per process. */
export function featuresOf(set: string): Features {
  let f = cache.get(set);
  if (!f) {
    f = build(asTerrainSet(set));
    cache.set(set, f);
  }
  return f;
}

/** Indices of road segments whose padded bounding box meets the box [x0, y0, x1, y1]. */
export function roadsIn(f: Features, x0: number, y0: number, x1: number, y1: number): number[] {
  const seen = new Set<number>();
  for (let by = Math.floor(y0 / BUCKET); by <= Math.floor(y1 / BUCKET); by++) {
    for (let bx = Math.floor(x0 / BUCKET); bx <= Math.floor(x1 / BUCKET); bx++) {
      for (const i of f.buckets.get(`${bx},${by}`) ?? []) seen.add(i);
    }
  }
  return [...seen];
}

interface Poi {
  x: number;
  y: number;
}

function build(set: TerrainSetName): Features {
  const info = tileSetByName(set);
  if (!info) return { roads: [], towns: [], buckets: new Map() };
  const [ex0, ey0, ex1, ey1] = info.extent;
  const rnd = alea(`wuwa-roads-${set}`);
  const pois: Poi[] = [];
  const towns: Town[] = [];
  if (set === 'huanglong') {
    const a = HUANGLONG_AREAS;
    pois.push(a.huanglong, a.rinascita, a.septimont);
    towns.push(
      { ...a.huanglong, r: 950, style: 'jinzhou' },
      { ...a.rinascita, r: 1150, style: 'rinascita' },
      { ...a.septimont, r: 1050, style: 'ruins' },
    );
  } else {
    pois.push({ x: info.centerX, y: info.centerY });
  }
  for (const s of info.subs) {
    const p = { x: (s.extent[0] + s.extent[2]) / 2, y: (s.extent[1] + s.extent[3]) / 2 };
    if (terrainAt(set, p.x, p.y).land) pois.push(p);
  }
  const area = (ex1 - ex0) * (ey1 - ey0);
  const want = Math.round(area / (set === 'vaultbase' ? 1200 * 1200 : 1900 * 1900));
  for (let tries = 0; pois.length < want && tries < want * 30; tries++) {
    const x = ex0 + 300 + rnd() * (ex1 - ex0 - 600);
    const y = ey0 + 300 + rnd() * (ey1 - ey0 - 600);
    const t = terrainAt(set, x, y);
    if (!t.land || t.water || t.height > 0.6) continue;
    if (pois.some((p) => Math.hypot(p.x - x, p.y - y) < 700)) continue;
    pois.push({ x, y });
    if (rnd() < (set === 'vaultbase' ? 0.45 : 0.25)) {
      towns.push(
        set === 'vaultbase' ? { x, y, r: 260 + rnd() * 240, style: 'compound' } : { x, y, r: 140 + rnd() * 160, style: 'village' },
      );
    }
  }
  const edges = network(set, pois);
  const roads: RoadSegment[] = [];
  edges.forEach(([i, j], k) => polyline(set, pois[i]!, pois[j]!, k, roads));
  const buckets = new Map<string, number[]>();
  roads.forEach((s, i) => {
    for (let by = Math.floor((Math.min(s.y1, s.y2) - 16) / BUCKET); by <= Math.floor((Math.max(s.y1, s.y2) + 16) / BUCKET); by++) {
      for (let bx = Math.floor((Math.min(s.x1, s.x2) - 16) / BUCKET); bx <= Math.floor((Math.max(s.x1, s.x2) + 16) / BUCKET); bx++) {
        const key = `${bx},${by}`;
        const list = buckets.get(key);
        if (list) list.push(i);
        else buckets.set(key, [i]);
      }
    }
  });
  return { roads, towns, buckets };
}

/** Share of a straight line that lies over water, from a few samples at coarse detail. */
function waterShare(set: TerrainSetName, a: Poi, b: Poi): number {
  let wet = 0;
  for (let i = 1; i < 10; i++) {
    const t = i / 10;
    if (heightAt(set, a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, 128) <= 0) wet++;
  }
  return wet / 9;
}

/** A minimum spanning tree (water crossings cost more) plus a few loops to nearest neighbours. */
function network(set: TerrainSetName, pois: readonly Poi[]): [number, number][] {
  const n = pois.length;
  const cost = (i: number, j: number) => {
    const d = Math.hypot(pois[i]!.x - pois[j]!.x, pois[i]!.y - pois[j]!.y);
    return d > 4500 ? d * 4 : d * (1 + 3 * waterShare(set, pois[i]!, pois[j]!));
  };
  const inTree = new Array<boolean>(n).fill(false);
  const best = new Array<number>(n).fill(Infinity);
  const from = new Array<number>(n).fill(-1);
  const edges: [number, number][] = [];
  best[0] = 0;
  for (let k = 0; k < n; k++) {
    let u = -1;
    for (let i = 0; i < n; i++) if (!inTree[i] && (u < 0 || best[i]! < best[u]!)) u = i;
    inTree[u] = true;
    if (from[u]! >= 0) edges.push([from[u]!, u]);
    for (let v = 0; v < n; v++) {
      if (inTree[v]) continue;
      const c = cost(u, v);
      if (c < best[v]!) {
        best[v] = c;
        from[v] = u;
      }
    }
  }
  const key = (i: number, j: number) => (i < j ? `${i}-${j}` : `${j}-${i}`);
  const have = new Set(edges.map(([i, j]) => key(i, j)));
  for (let i = 0; i < n; i += 3) {
    let nearest = -1;
    let nd = Infinity;
    for (let j = 0; j < n; j++) {
      if (j === i || have.has(key(i, j))) continue;
      const d = Math.hypot(pois[i]!.x - pois[j]!.x, pois[i]!.y - pois[j]!.y);
      if (d < nd) {
        nd = d;
        nearest = j;
      }
    }
    if (nearest >= 0 && nd < 3200 && waterShare(set, pois[i]!, pois[nearest]!) < 0.2) {
      edges.push([i, nearest]);
      have.add(key(i, nearest));
    }
  }
  return edges;
}

/** A winding road from a to b, split into short segments (straight ones in the industrial set). */
function polyline(set: TerrainSetName, a: Poi, b: Poi, id: number, out: RoadSegment[]): void {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  const pieces = Math.max(2, Math.min(160, Math.round(len / 48)));
  const nx = -(b.y - a.y) / len;
  const ny = (b.x - a.x) / len;
  const noise = noisesOf(set).e;
  const wiggle = set === 'vaultbase' ? 0 : len * 0.07;
  let px = a.x;
  let py = a.y;
  let along = 0;
  for (let i = 1; i <= pieces; i++) {
    const t = i / pieces;
    const off = wiggle * Math.sin(Math.PI * t) * (noise((t * len) / 900, id * 3.7) + 0.35 * noise((t * len) / 250, id * 5.1 + 40));
    const x = a.x + (b.x - a.x) * t + nx * off;
    const y = a.y + (b.y - a.y) * t + ny * off;
    const mx = (px + x) / 2;
    const my = (py + y) / 2;
    const ferry = set === 'deepocean' || set === 'avinullin' ? heightAt(set, mx, my, 64) <= 0 : heightAt(set, mx, my, 64) <= -0.02;
    out.push({ x1: px, y1: py, x2: x, y2: y, ferry, along });
    along += Math.hypot(x - px, y - py);
    px = x;
    py = y;
  }
}
