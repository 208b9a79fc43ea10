import alea from 'alea';
import { REGIONS, extentContains, type Extent, type Region, type SubMap } from '../../common/regions';
import { isLand } from '../tiles/terrain';
import { COMMENTS, FEATURES, GROUPS, HINTS, NICKNAMES, PLACES, TAG_GROUPS, type CategorySpec } from './catalog';

/** Pure generation of the demo world from a seed: the same seed and count give the same rows. */

type Rng = () => number;

export interface CategoryRow {
  id: number;
  group_id: number;
  name: string;
  icon: number;
  sort: number;
  spec: CategorySpec;
}
export interface PinRow {
  id: number;
  category_id: number;
  region: number;
  coord_x: number;
  coord_y: number;
  coord_z: number | null;
  description: string | null;
  image: string | null;
  registerer_id: number | null;
}

/** How many demo images the seed draws (files `demoimage<nnn>.webp`). */
export const SEED_IMAGE_COUNT = 8;
/** Named like an uploaded image (12 letters and digits), so GET /images serves it like one. */
export const seedImageId = (n: number) => `demoimage${String(n).padStart(3, '0')}`;
const imageUrl = (n: number) => `/images/${seedImageId(n)}.webp`;

/** Region shares of the pins (bigger regions get more). */
const REGION_WEIGHT = [30, 9, 20, 8, 6, 8, 19];
/** Share of pins placed on a sub-map floor. */
const SUB_SHARE = 0.07;

function pickWeighted(rng: Rng, cumulative: number[]): number {
  const total = cumulative[cumulative.length - 1]!;
  const r = rng() * total;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! > r) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function cumulate(ws: number[]): number[] {
  let s = 0;
  return ws.map((w) => (s += w));
}

function gauss(rng: Rng): number {
  // Box-Muller; 1 - rng() avoids log(0).
  return Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
}

const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const round1 = (v: number) => Math.round(v * 10) / 10;

interface Poi {
  x: number;
  y: number;
  sigma: number;
}
interface Segment {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
interface RegionLayout {
  region: Region;
  bounds: Extent;
  pois: Poi[];
  roads: Segment[];
  subs: SubMap[];
}

function landAt(region: Region, x: number, y: number): boolean {
  return isLand(region.info.name, x, y);
}

function layoutRegion(rng: Rng, region: Region): RegionLayout {
  const b = region.bounds;
  const area = ((b[2] - b[0]) * (b[3] - b[1])) / 1e6;
  const want = Math.max(12, Math.min(70, Math.round(area / 2.2)));
  const pois: Poi[] = [];
  for (let tries = 0; pois.length < want && tries < want * 60; tries++) {
    const x = b[0] + 200 + rng() * (b[2] - b[0] - 400);
    const y = b[1] + 200 + rng() * (b[3] - b[1] - 400);
    if (!landAt(region, x, y)) continue;
    pois.push({ x, y, sigma: 60 + rng() * 260 });
  }
  if (pois.length === 0) pois.push({ x: region.regionInfo.centerX, y: region.regionInfo.centerY, sigma: 200 });
  // Roads join each point of interest to its two nearest neighbours.
  const roads: Segment[] = [];
  for (const p of pois) {
    const near = pois
      .filter((q) => q !== p)
      .sort((a, c) => (a.x - p.x) ** 2 + (a.y - p.y) ** 2 - ((c.x - p.x) ** 2 + (c.y - p.y) ** 2))
      .slice(0, 2);
    for (const q of near) roads.push({ x0: p.x, y0: p.y, x1: q.x, y1: q.y });
  }
  const subs = region.info.subs.filter((s) => extentContains(b, (s.extent[0] + s.extent[2]) / 2, (s.extent[1] + s.extent[3]) / 2));
  return { region, bounds: b, pois, roads, subs };
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

function placeOnBase(rng: Rng, l: RegionLayout, spread: CategorySpec['spread']): [number, number] {
  const b = l.bounds;
  for (let attempt = 0; attempt < 8; attempt++) {
    const mode = rng();
    let x: number;
    let y: number;
    if ((spread === 'poi' && mode < 0.75) || (spread !== 'poi' && mode < 0.3)) {
      const p = pick(rng, l.pois);
      x = p.x + gauss(rng) * p.sigma;
      y = p.y + gauss(rng) * p.sigma;
    } else if ((spread === 'path' && mode < 0.9) || (spread !== 'path' && mode < 0.7)) {
      const s = pick(rng, l.roads.length ? l.roads : [{ x0: l.pois[0]!.x, y0: l.pois[0]!.y, x1: l.pois[0]!.x, y1: l.pois[0]!.y }]);
      const t = rng();
      x = s.x0 + (s.x1 - s.x0) * t + gauss(rng) * 45;
      y = s.y0 + (s.y1 - s.y0) * t + gauss(rng) * 45;
    } else {
      // Wild pins still huddle loosely around a point of interest, never fully uniform.
      const p = pick(rng, l.pois);
      x = p.x + gauss(rng) * 900;
      y = p.y + gauss(rng) * 900;
    }
    x = clamp(x, b[0] + 8, b[2] - 8);
    y = clamp(y, b[1] + 8, b[3] - 8);
    if (landAt(l.region, x, y)) return [x, y];
  }
  const p = pick(rng, l.pois);
  return [p.x, p.y];
}

function placeOnSub(rng: Rng, sub: SubMap): [number, number] {
  const [x0, y0, x1, y1] = sub.extent;
  const w = x1 - x0;
  const h = y1 - y0;
  // Interiors: pins gather in a few rooms of the floor.
  const room = Math.floor(rng() * 4);
  const cx = x0 + w * (0.2 + 0.2 * room);
  const cy = y0 + h * (room % 2 ? 0.3 : 0.7);
  return [clamp(cx + gauss(rng) * w * 0.12, x0 + 4, x1 - 4), clamp(cy + gauss(rng) * h * 0.12, y0 + 4, y1 - 4)];
}

/** The fixed part of the world: groups, categories, tags, users. */
export function generateCatalog() {
  const groups = GROUPS.map((g, i) => ({ id: i + 1, name: g.name, sort: i }));
  const categories: CategoryRow[] = [];
  GROUPS.forEach((g, gi) =>
    g.categories.forEach((spec, ci) => {
      categories.push({ id: categories.length + 1, group_id: gi + 1, name: spec.name, icon: spec.icon, sort: ci, spec });
    }),
  );
  const byName = new Map(categories.map((c) => [c.name, c.id]));
  const tagGroups = TAG_GROUPS.map((t, i) => ({
    id: i + 1,
    name: t.name,
    category_id: t.category ? (byName.get(t.category) ?? null) : null,
    sort: i,
  }));
  const tags: { id: number; group_id: number; name: string; flag: number | null }[] = [];
  TAG_GROUPS.forEach((t, gi) =>
    t.tags.forEach((tag) => tags.push({ id: tags.length + 1, group_id: gi + 1, name: tag.name, flag: tag.flag ?? null })),
  );
  const users = NICKNAMES.map((nickname, i) => ({
    id: i + 1,
    nickname,
    email: `demo${i + 1}@demo.invalid`,
    role: i === 0 ? 'admin' : i === 1 ? 'moderator' : 'user',
  }));
  // Tags a category's pins may carry: the global groups plus its own group (by spec name).
  const tagsByCategory = new Map<number, number[]>();
  for (const c of categories) {
    const own = TAG_GROUPS.map((t, gi) => ({ t, gi })).filter(({ t }) => t.category === null || t.name === c.spec.tagGroup);
    tagsByCategory.set(
      c.id,
      tags.filter((tag) => own.some(({ gi }) => gi + 1 === tag.group_id)).map((tag) => tag.id),
    );
  }
  return { groups, categories, tagGroups, tags, users, tagsByCategory };
}

export type Catalog = ReturnType<typeof generateCatalog>;

/** Yields the pins (and their tags) in batches; consumes the random stream pin by pin. */
export function* generatePins(
  seed: number,
  count: number,
  catalog: Catalog,
  batchSize = 5000,
): Generator<{ pins: PinRow[]; pinTags: { pin_id: number; tag_id: number }[] }> {
  const rng = alea(`pins-${seed}`);
  const layouts = REGIONS.map((r) => layoutRegion(rng, r));
  const regionCum = cumulate(REGION_WEIGHT);
  const catCum = cumulate(catalog.categories.map((c) => c.spec.weight));
  const users = catalog.users.length;
  let pins: PinRow[] = [];
  let pinTags: { pin_id: number; tag_id: number }[] = [];
  for (let id = 1; id <= count; id++) {
    const cat = catalog.categories[pickWeighted(rng, catCum)]!;
    const l = layouts[pickWeighted(rng, regionCum)]!;
    let x: number;
    let y: number;
    let z: number | null = null;
    if (l.subs.length > 0 && rng() < SUB_SHARE) {
      const sub = pick(rng, l.subs);
      [x, y] = placeOnSub(rng, sub);
      z = sub.depth;
    } else {
      [x, y] = placeOnBase(rng, l, cat.spec.spread);
    }
    const hasDesc = rng() < 0.92;
    const description = hasDesc ? `${pick(rng, PLACES)} ${pick(rng, FEATURES)}에 있습니다. ${pick(rng, HINTS)}`.trim() : null;
    const image = rng() < 0.03 ? imageUrl(Math.floor(rng() * SEED_IMAGE_COUNT)) : null;
    const registerer = rng() < 0.85 ? 1 + Math.floor(rng() * users) : null;
    pins.push({
      id,
      category_id: cat.id,
      region: l.region.id,
      coord_x: round1(x),
      coord_y: round1(y),
      coord_z: z,
      description,
      image,
      registerer_id: registerer,
    });
    const allowed = catalog.tagsByCategory.get(cat.id) ?? [];
    const nTags = rng() < 0.55 ? 0 : rng() < 0.75 ? 1 : 2;
    const chosen = new Set<number>();
    for (let t = 0; t < nTags && allowed.length; t++) chosen.add(pick(rng, allowed));
    for (const tag of chosen) pinTags.push({ pin_id: id, tag_id: tag });
    if (pins.length >= batchSize) {
      yield { pins, pinTags };
      pins = [];
      pinTags = [];
    }
  }
  if (pins.length) yield { pins, pinTags };
}

/** Comments, votes and checks on the pins 1..count. */
export function generateActivity(seed: number, count: number, catalog: Catalog, now: number) {
  const rng = alea(`activity-${seed}`);
  const users = catalog.users.map((u) => u.id);
  const comments: { id: number; pin_id: number; user_id: number; content: string; image: string | null; created_at: string }[] = [];
  const likes: { comment_id: number; user_id: number; type: string }[] = [];
  const checks: { user_id: number; pin_id: number }[] = [];
  if (count === 0) return { comments, likes, checks };
  const nComments = Math.min(Math.round(count * 0.12), 120_000);
  const hot: number[] = [];
  const nHot = Math.max(1, Math.round(nComments / 6));
  for (let i = 0; i < nHot; i++) hot.push(1 + Math.floor(rng() * count));
  for (let id = 1; id <= nComments; id++) {
    // A few pins get many comments (squared skew), most get one or two.
    const pin = hot[Math.floor(rng() * rng() * hot.length)]!;
    const ago = Math.floor(rng() * 180 * 86_400_000);
    comments.push({
      id,
      pin_id: pin,
      user_id: pick(rng, users),
      content: pick(rng, COMMENTS),
      image: rng() < 0.06 ? imageUrl(Math.floor(rng() * SEED_IMAGE_COUNT)) : null,
      created_at: new Date(now - ago).toISOString(),
    });
    const liked = rng();
    const votes = liked < 0.6 ? 0 : liked < 0.9 ? 1 + Math.floor(rng() * 4) : 5 + Math.floor(rng() * 12);
    const pool = users.slice();
    for (let v = 0; v < votes && v < pool.length; v++) {
      const j = v + Math.floor(rng() * (pool.length - v));
      [pool[v], pool[j]] = [pool[j]!, pool[v]!];
      likes.push({ comment_id: id, user_id: pool[v]!, type: rng() < 0.82 ? 'recommend' : 'disrecommend' });
    }
  }
  for (const user of users) {
    const n = Math.min(5000, Math.floor(rng() * rng() * count * 0.1));
    const seen = new Set<number>();
    for (let i = 0; i < n; i++) {
      const pin = 1 + Math.floor(rng() * count);
      if (seen.has(pin)) continue;
      seen.add(pin);
      checks.push({ user_id: user, pin_id: pin });
    }
  }
  return { comments, likes, checks };
}
