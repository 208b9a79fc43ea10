// A realistic, real-shaped import file (issue 20 item 7), made up from a seed: no third-party game data.
//
//   npx tsx tools/world-fixture.ts --out DIR [--seed 20] [--pins 22142] [--categories 512] [--core] [--small]
//
// writes DIR/world.json (and DIR/icons/*.png, one generated 32×32 icon per category). By default the shape of the
// issue's marker set: 11 maps (regions with tile sets), 77 named floor areas in 50 places on depths −4..+2, 512
// categories in 8 groups, each with a colour and an icon, 22,142 pins with keys, descriptions and tags. --core leaves
// out what only the world-in-the-database and icon branches read (regions, floorArea, color, iconImage): the 11 maps
// are folded onto the 7 built-in regions and positions scaled into their extents, so today's importer loads it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import alea from 'alea';
import { REGIONS } from '../common/regions';
import type { ImportFile } from '../server/import/format';

export interface FixtureOptions {
  seed: number;
  pins: number;
  categories: number;
  regions: number;
  places: number;
  floorAreas: number;
}
export const FULL_SHAPE: FixtureOptions = { seed: 20, pins: 22_142, categories: 512, regions: 11, places: 50, floorAreas: 77 };
/** The committed one (tests/fixtures/world-small, made with --small): the same shape, small. */
export const SMALL_SHAPE: FixtureOptions = { seed: 20, pins: 400, categories: 40, regions: 11, places: 12, floorAreas: 18 };

type Extent = [number, number, number, number];
interface FixtureFloorArea {
  key: string;
  name: string;
  label: string;
  depth: number;
  extent: Extent;
  origin: [number, number];
  parts: { name: string; scale: 100 | 50 | 25; path: string; suffix: '.webp' }[];
}
interface FixtureRegion {
  key: string;
  name: string;
  label: string;
  tileSet: {
    name: string;
    blockSize: 512 | 1024;
    extent: Extent;
    padding: number;
    centerX: number;
    centerY: number;
    level: number;
    floor: number;
    parts: FixtureFloorArea['parts'];
  };
  bounds: Extent;
  game: { a: number; b: number; c: number; d: number; e: number; f: number };
  gameBounds: Extent;
  floorAreas: FixtureFloorArea[];
}
interface FixturePin {
  key: string;
  region: string | number;
  x: number;
  y: number;
  floor?: number;
  floorArea?: string;
  description?: string;
  tags?: string[];
}
interface FixtureCategory {
  key: string;
  name: string;
  icon: number;
  color?: string;
  iconImage?: string;
  tagGroups?: { key: string; name: string; tags: { key: string; name: string }[] }[];
  pins: FixturePin[];
}
/** The full file: the import format with the shared contract's region, floor-area, colour and icon fields. */
export interface FixtureFile {
  regions?: FixtureRegion[];
  tagGroups: { key: string; name: string; tags: { key: string; name: string; flag?: number }[] }[];
  categoryGroups: { key: string; name: string; categories: FixtureCategory[] }[];
}

const ONSET = ['가', '나', '다', '라', '마', '바', '사', '아', '자', '차', '카', '타', '파', '하', '루', '미', '소', '리', '베', '노'];
const CODA = ['', '', '', 'ㄴ', 'ㄹ', 'ㅁ', 'ㅇ'];
const PLACE = ['평원', '협곡', '숲', '해안', '고원', '습지', '폐허', '계곡', '사막', '설원', '호수'];
const HALL = ['동굴', '지하 수로', '유적', '광산', '묘지', '서고', '탑', '궁전', '성소', '창고'];
const GROUPS: { name: string; share: number; nouns: string[] }[] = [
  { name: '보물 상자', share: 0.06, nouns: ['보물 상자', '보급 상자', '잠긴 상자', '황금 상자'] },
  { name: '수집품', share: 0.16, nouns: ['조개', '석판', '기록', '깃털', '음반', '조각상'] },
  { name: '채집물', share: 0.18, nouns: ['버섯', '꽃', '약초', '광석', '열매', '수정'] },
  { name: '적', share: 0.22, nouns: ['정예 적', '야수', '기계병', '망령', '수호자'] },
  { name: '보스', share: 0.05, nouns: ['보스', '군주', '거수'] },
  { name: '퍼즐', share: 0.12, nouns: ['퍼즐', '빛 장치', '회로', '음향 퍼즐', '발판'] },
  { name: '이동 지점', share: 0.06, nouns: ['전송 지점', '공명 비콘', '엘리베이터'] },
  { name: 'NPC·상점', share: 0.15, nouns: ['상인', '의뢰인', '대장장이', '요리사', '안내인'] },
];
const SHARED_TAGS = ['퍼즐', '전투', '층 입구', '시간 한정', '높은 곳', '물속'];
const GRADES = ['일반', '정밀', '고급', '희귀'];
const SCALES = [100, 50, 25] as const;
const DEPTHS = [-1, -1, -1, -2, -2, -3, -4, 1, 1, 2];

const slugParts = (dir: string) =>
  SCALES.map((scale) => ({ name: String(scale), scale, path: `/map/${dir}/${scale}/`, suffix: '.webp' as const }));

/** The whole file, deterministic from `opts.seed`. */
export function generateWorld(opts: FixtureOptions = FULL_SHAPE): FixtureFile {
  const rng = alea(`world-fixture-${opts.seed}`);
  const int = (lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rng() * xs.length)]!;
  const syllable = () => {
    const s = pick(ONSET);
    const coda = pick(CODA);
    if (!coda) return s;
    const base = s.charCodeAt(0);
    const jong = { ㄴ: 4, ㄹ: 8, ㅁ: 16, ㅇ: 21 }[coda as 'ㄴ']!;
    return (base - 0xac00) % 28 === 0 ? String.fromCharCode(base + jong) : s;
  };
  const word = (n: number) => Array.from({ length: n }, syllable).join('');
  const grid = (v: number) => Math.round(v / 256) * 256;

  // Maps: each its own tile set of 12k–26k units a side, on the 256 grid.
  const regions: FixtureRegion[] = [];
  for (let i = 0; i < opts.regions; i++) {
    const w = grid(int(12_000, 26_000));
    const h = grid(int(10_000, 22_000));
    const minX = grid(int(-8_000, 0));
    const minY = grid(int(-8_000, 0));
    const extent: Extent = [minX, minY, minX + w, minY + h];
    const name = `fxmap${String(i + 1).padStart(2, '0')}`;
    const off = 100_000 * (i + 1);
    regions.push({
      key: `fx-map-${i + 1}`,
      name,
      label: `${word(2)} ${pick(PLACE)}`,
      tileSet: {
        name,
        blockSize: i % 3 === 2 ? 512 : 1024,
        extent,
        padding: 1024,
        centerX: grid(minX + w / 2),
        centerY: grid(minY + h / 2),
        level: 3,
        floor: 0,
        parts: slugParts(name).map((p) => ({ ...p, path: `${p.path}tile_` })),
      },
      bounds: extent,
      game: { a: 0.01, b: 0, c: off, d: 0, e: -0.01, f: off },
      gameBounds: [(minX - off) * 100, (off - minY - h) * 100, (minX + w - off) * 100, (off - minY) * 100],
      floorAreas: [],
    });
  }
  // Places with floor areas: every place one layer, the rest spread so that `floorAreas` layers exist in all.
  const layers = Array.from({ length: opts.places }, () => 1);
  for (let extra = opts.floorAreas - opts.places; extra > 0; extra--) layers[int(0, opts.places - 1)]!++;
  let areaNo = 0;
  layers.forEach((count, place) => {
    const r = regions[place % regions.length]!;
    const [minX, minY, maxX, maxY] = r.tileSet.extent;
    const w = grid(int(768, 2048));
    const h = grid(int(768, 1536));
    const x = grid(int(minX, maxX - w));
    const y = grid(int(minY, maxY - h));
    const title = `${word(2)} ${pick(HALL)}`;
    const depths = [...new Set(Array.from({ length: count * 3 }, () => pick(DEPTHS)))].slice(0, count);
    while (depths.length < count) depths.push(-(depths.length + 1));
    for (const depth of depths.sort((a, b) => b - a)) {
      const name = `place${String(place + 1).padStart(2, '0')}_${depth < 0 ? `b${-depth}` : `f${depth}`}`;
      r.floorAreas.push({
        key: `fx-area-${++areaNo}`,
        name,
        label: `${title} ${depth < 0 ? `지하 ${-depth}층` : `${depth + 1}층`}`,
        depth,
        extent: [x, y, x + w, y + h],
        origin: [x, y],
        parts: slugParts(r.name).map((p) => ({ ...p, path: `${p.path}sub/sub_${name}_` })),
      });
    }
  });

  const file: FixtureFile = {
    regions,
    tagGroups: [
      {
        key: 'fx-tags-common',
        name: '공통',
        tags: SHARED_TAGS.map((name, i) => ({ key: `c${i}`, name, ...(i === 0 ? { flag: 1 } : {}) })),
      },
    ],
    categoryGroups: [],
  };
  // Categories: each group its share of `categories`, names unique within the group; pins by a skewed weight.
  const cats: { c: FixtureCategory; weight: number; group: number }[] = [];
  let left = opts.categories;
  GROUPS.forEach((g, gi) => {
    const n = gi === GROUPS.length - 1 ? left : Math.max(1, Math.round(opts.categories * g.share));
    left -= n;
    const names = new Set<string>();
    const group = { key: `fx-group-${gi + 1}`, name: g.name, categories: [] as FixtureCategory[] };
    for (let k = 0; k < n; k++) {
      let name = `${word(2)} ${pick(g.nouns)}`;
      while (names.has(name)) name = `${word(2)} ${pick(g.nouns)}`;
      names.add(name);
      const no = cats.length + 1;
      const hue = Math.floor(rng() * 360);
      const c: FixtureCategory = {
        key: `fx-cat-${no}`,
        name,
        icon: int(0, 47),
        color: hsl(hue, 0.55 + rng() * 0.3, 0.45 + rng() * 0.15),
        iconImage: `icons/fx-cat-${no}.png`,
        pins: [],
      };
      if (gi === 0) c.tagGroups = [{ key: `fx-cat-${no}-grade`, name: '등급', tags: GRADES.map((t, i) => ({ key: `g${i}`, name: t })) }];
      group.categories.push(c);
      cats.push({ c, weight: 1 / (1 + (k % 40)) ** 1.1, group: gi });
    }
    file.categoryGroups.push(group);
  });
  const total = cats.reduce((s, x) => s + x.weight, 0);
  const cum: number[] = [];
  cats.reduce((s, x) => (cum.push((s += x.weight / total)), s), 0);
  const allAreas = regions.flatMap((r) => r.floorAreas.map((a) => ({ r, a })));
  for (let n = 1; n <= opts.pins; n++) {
    const u = rng();
    const at = Math.min(
      cats.length - 1,
      cum.findIndex((v) => v >= u),
    );
    const { c, group } = cats[at < 0 ? cats.length - 1 : at]!;
    // About one pin in 12 lies on a floor area, the rest on a map's base (each category mostly in a few maps).
    const underground = rng() < 1 / 12;
    const { r, a } = underground ? pick(allAreas) : { r: regions[(at * 7 + int(0, 2)) % regions.length]!, a: undefined };
    const box = a ? a.extent : r.tileSet.extent;
    const pin: FixturePin = {
      key: `fx-pin-${n}`,
      region: r.key,
      x: Math.round((box[0] + rng() * (box[2] - box[0])) * 10) / 10,
      y: Math.round((box[1] + rng() * (box[3] - box[1])) * 10) / 10,
    };
    if (a) {
      pin.floor = a.depth;
      pin.floorArea = a.key;
    }
    if (rng() < 0.6) pin.description = `${r.label}${a ? ` ${a.label}` : ''}, ${word(2)} 근처 ${int(1, 9)}번째`;
    const tags: string[] = [];
    if (group === 0) tags.push(pick(GRADES));
    if (rng() < 0.25) tags.push(pick(SHARED_TAGS));
    if (a && rng() < 0.3) tags.push('층 입구');
    if (tags.length) pin.tags = [...new Set(tags)];
    c.pins.push(pin);
  }
  return file;
}

function hsl(h: number, s: number, l: number): string {
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const v = l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

/**
 * The file today's importer reads: no regions, floor areas, colours or icon images; map i is folded onto built-in
 * region i mod 7 and its positions scaled into that region's extent (floors stay as depths).
 */
export function toCore(full: FixtureFile): ImportFile {
  const regions = new Map((full.regions ?? []).map((r, i) => [r.key, { r, id: i % REGIONS.length }]));
  return {
    tagGroups: full.tagGroups,
    categoryGroups: full.categoryGroups.map((g) => ({
      key: g.key,
      name: g.name,
      categories: g.categories.map(({ color: _c, iconImage: _i, pins, ...c }) => ({
        ...c,
        pins: pins.map(({ floorArea: _a, region, x, y, ...p }) => {
          const m = regions.get(String(region))!;
          const [ax, ay, bx, by] = m.r.tileSet.extent;
          const [cx, cy, dx, dy] = REGIONS[m.id]!.info.extent;
          const scale = (v: number, a: number, b: number, c: number, d: number) =>
            Math.round((c + ((v - a) / (b - a)) * (d - c)) * 10) / 10;
          return { ...p, region: m.id, x: scale(x, ax, bx, cx, dx), y: scale(y, ay, by, cy, dy) };
        }),
      })),
    })),
  };
}

/** A 32×32 PNG: a disc of the category's colour with a white ring and a white mark that differs by glyph number. */
export async function iconPng(color: string, glyph: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const size = 32;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16)) as [number, number, number];
  const px = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const dx = x + 0.5 - size / 2;
      const dy = y + 0.5 - size / 2;
      const d = Math.hypot(dx, dy);
      // The mark: a disc, a square, a diamond or a bar by glyph number.
      const mark = [
        d < 6,
        Math.max(Math.abs(dx), Math.abs(dy)) < 5,
        Math.abs(dx) + Math.abs(dy) < 7,
        Math.abs(dy) < 2.5 && Math.abs(dx) < 8,
      ][glyph % 4];
      const o = (y * size + x) * 4;
      if (d > 15) continue;
      const ring = d > 13;
      px[o] = ring || mark ? 255 : r;
      px[o + 1] = ring || mark ? 255 : g;
      px[o + 2] = ring || mark ? 255 : b;
      px[o + 3] = 255;
    }
  return sharp(px, { raw: { width: size, height: size, channels: 4 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** Writes `dir/world.json` (full or core) and, for the full file, `dir/icons/`. Returns the file's path. */
export async function writeWorld(dir: string, opts: FixtureOptions, core: boolean): Promise<string> {
  const full = generateWorld(opts);
  mkdirSync(dir, { recursive: true });
  if (!core) {
    mkdirSync(join(dir, 'icons'), { recursive: true });
    for (const g of full.categoryGroups)
      for (const c of g.categories) writeFileSync(join(dir, c.iconImage!), await iconPng(c.color!, c.icon));
  }
  const path = join(dir, 'world.json');
  writeFileSync(path, JSON.stringify(core ? toCore(full) : full));
  return path;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const value = (flag: string) => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const out = value('--out');
  if (!out) {
    console.error('사용법: npx tsx tools/world-fixture.ts --out DIR [--seed N] [--pins N] [--categories N] [--core] [--small]');
    process.exit(2);
  }
  const opts = {
    ...(args.includes('--small') ? SMALL_SHAPE : FULL_SHAPE),
  };
  for (const k of ['seed', 'pins', 'categories'] as const) if (value(`--${k}`) !== undefined) opts[k] = Number(value(`--${k}`));
  writeWorld(out, opts, args.includes('--core')).then(
    (path) => console.log(`${path}: 지도 ${opts.regions}개, 카테고리 ${opts.categories}개, 핀 ${opts.pins}개`),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
