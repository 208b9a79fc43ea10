import type { Extent, GameTransform, Region, RegionInfoBlock, SubMap, TilePart, TileScale } from './types';

/** Scale folders, from full resolution down. */
export const TILE_SCALES: readonly TileScale[] = [100, 50, 25];
/** Extents and sub-map origins sit on this grid (SPEC §9 "unit size 256"). */
export const UNIT_SIZE = 256;
export const SUB_BLOCK_SIZE = 512;
export const DEFAULT_REGION_ID = 0;
const WEIGHT = 2.41;

function parts(set: string): TilePart[] {
  return TILE_SCALES.map((scale) => ({
    name: String(scale),
    scale,
    path: `/map/${set}/${scale}/tile_`,
    suffix: '.webp' as const,
  }));
}

function sub(set: string, name: string, label: string, depth: number, x: number, y: number, w: number, h: number): SubMap {
  return {
    name,
    label,
    depth,
    blockSize: SUB_BLOCK_SIZE,
    extent: [x, y, x + w, y + h],
    origin: [x, y],
    parts: TILE_SCALES.map((scale) => ({
      name: String(scale),
      scale,
      path: `/map/${set}/${scale}/sub/sub_${name}_`,
      suffix: '.webp' as const,
    })),
  };
}

// Game units are centimetres; the game's y axis points north, the map's y axis down.
function transform(offsetX: number, offsetY: number): GameTransform {
  return { a: 0.01, b: 0, c: offsetX, d: 0, e: -0.01, f: offsetY };
}

const huanglongSubs: SubMap[] = [
  sub('huanglong', 'jinzhou_undercity', '금주 지하도시', -1, -2048, 512, 2048, 1536),
  sub('huanglong', 'jinzhou_archive', '금주 서고', -2, -1536, 1024, 1024, 1024),
  sub('huanglong', 'jinzhou_tower', '금주 망루', 1, -512, 768, 512, 512),
  sub('huanglong', 'gorges_cave', '협곡 동굴', -1, -4608, 2560, 1536, 1024),
  sub('huanglong', 'wolf_den', '늑대굴', -1, -3584, -2560, 1024, 1024),
  sub('huanglong', 'desolate_mine', '폐광', -1, 1536, -2048, 1536, 1024),
  sub('huanglong', 'desolate_mine_deep', '폐광 심층', -2, 1792, -1792, 1024, 768),
  sub('huanglong', 'tiger_temple', '호랑이 사원', 1, 3072, 2048, 768, 768),
  sub('huanglong', 'norfall_ruins', '노폴 유적', -1, 4096, 6656, 1536, 1024),
  sub('huanglong', 'mt_firmament_peak', '창공산 정상', 2, 2304, 8448, 1024, 1024),
  sub('huanglong', 'mt_firmament_cave', '창공산 동굴', -1, 1280, 9472, 1024, 768),
  sub('huanglong', 'rinascita_canals', '리나시타 수로', -1, 6656, 5120, 1536, 1536),
  sub('huanglong', 'rinascita_cathedral', '대성당', 1, 7424, 5376, 768, 768),
  sub('huanglong', 'rinascita_cathedral_crypt', '대성당 지하 묘지', -2, 7168, 6144, 1024, 768),
  sub('huanglong', 'ragunna_bell_tower', '라군나 종탑', 2, 9216, 4352, 512, 512),
  sub('huanglong', 'fabricatorium', '파브리카토리움', -1, 9984, 7168, 1536, 1024),
  sub('huanglong', 'septimont_colosseum', '셉티몬트 콜로세움', 1, 11520, 11008, 1024, 1024),
  sub('huanglong', 'septimont_catacombs', '셉티몬트 카타콤', -1, 11008, 12288, 2048, 1280),
  sub('huanglong', 'septimont_aqueduct', '셉티몬트 수도교', -2, 12800, 10496, 1280, 768),
  sub('huanglong', 'septimont_palace', '셉티몬트 궁전', 2, 13312, 12032, 768, 768),
];

const tileSets = {
  huanglong: {
    id: 0,
    name: 'huanglong',
    weight: WEIGHT,
    blockSize: 1024,
    extent: [-6144, -4096, 16384, 15360],
    padding: 1024,
    centerX: -487,
    centerY: 1005,
    level: 3,
    floor: 0,
    parts: parts('huanglong'),
    subs: huanglongSubs,
  },
  blackshores: {
    id: 1,
    name: 'blackshores',
    weight: WEIGHT,
    blockSize: 512,
    extent: [-3072, -3072, 3072, 3072],
    padding: 512,
    centerX: 0,
    centerY: 0,
    level: 2,
    floor: 0,
    parts: parts('blackshores'),
    subs: [
      sub('blackshores', 'tethys_deep', '테티스 심층', -1, -1536, -1024, 1536, 1024),
      sub('blackshores', 'shorekeeper_archive', '해안 기록 보관소', 1, 512, -512, 1024, 1024),
      sub('blackshores', 'sunken_hall', '가라앉은 전당', -2, -512, 1024, 1536, 1024),
    ],
  },
  vaultbase: {
    id: 3,
    name: 'vaultbase',
    weight: WEIGHT,
    blockSize: 512,
    extent: [-1024, -2560, 5120, 3072],
    padding: 512,
    centerX: 2200,
    centerY: 190,
    level: 4,
    floor: 0,
    parts: parts('vaultbase'),
    subs: [
      sub('vaultbase', 'vault_b1', '지하 1층', -1, 0, -1536, 2048, 1536),
      sub('vaultbase', 'vault_b2', '지하 2층', -2, 512, -1024, 1536, 1536),
      sub('vaultbase', 'vault_core', '코어 구역', -3, 1536, 0, 1536, 1024),
      sub('vaultbase', 'vault_observatory', '관측실', 1, 3072, 512, 1024, 1024),
    ],
  },
  avinullin: {
    id: 4,
    name: 'avinullin',
    weight: WEIGHT,
    blockSize: 512,
    extent: [-2048, -2048, 2048, 2048],
    padding: 512,
    centerX: 0,
    centerY: 0,
    level: 0,
    floor: 6,
    parts: parts('avinullin'),
    subs: [sub('avinullin', 'abyss', '심연', -6, -1024, -1024, 2048, 2048)],
  },
  deepocean: {
    id: 5,
    name: 'deepocean',
    weight: WEIGHT,
    blockSize: 1024,
    extent: [-4096, -4096, 4096, 4096],
    padding: 1024,
    centerX: 0,
    centerY: 0,
    level: 1,
    floor: 0,
    parts: parts('deepocean'),
    subs: [sub('deepocean', 'trench', '해구', -1, -1536, -1024, 3072, 2048)],
  },
} satisfies Record<string, RegionInfoBlock>;

/** The seed's tile sets (the `{region}` folders under `/map/`): the world before the database says otherwise. */
export const SEED_TILE_SETS: readonly RegionInfoBlock[] = Object.values(tileSets);

// Game coordinates of different tile sets lie far apart, like the game's separate levels.
const HUANGLONG_GAME = transform(0, 0);
export function gameBox(t: GameTransform, world: Extent): Extent {
  // Inverse of the axis-aligned transform above, for the region's world bounds.
  const x0 = (world[0] - t.c) / t.a;
  const x1 = (world[2] - t.c) / t.a;
  const y0 = (world[1] - t.f) / t.e;
  const y1 = (world[3] - t.f) / t.e;
  return [Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)];
}

function region(
  id: number,
  name: string,
  label: string,
  info: RegionInfoBlock,
  centerX: number,
  centerY: number,
  bounds: Extent,
  game: GameTransform,
): Region {
  return { id, name, label, info, regionInfo: { name, centerX, centerY }, bounds, game, gameBounds: gameBox(game, bounds) };
}

const hl = tileSets.huanglong;
const other = (set: RegionInfoBlock, gameOffsetMetres: number): [Extent, GameTransform] => [set.extent, transform(-gameOffsetMetres, 0)];

/** The seed's seven regions, indexed by id (SPEC §3): migration 014 writes exactly these to the database. */
export const SEED_REGIONS: readonly Region[] = [
  region(0, 'huanglong', '황룡', hl, -487, 1005, [-6144, -4096, 4096, 15360], HUANGLONG_GAME),
  region(1, 'blackshores', '검은 해안', tileSets.blackshores, 0, 0, ...other(tileSets.blackshores, 100_000)),
  region(2, 'rinascita', '리나시타', hl, 7240, 5810, [4096, -4096, 16384, 9984], HUANGLONG_GAME),
  region(3, 'vaultbase', '볼트 베이스', tileSets.vaultbase, 2200, 190, ...other(tileSets.vaultbase, 200_000)),
  region(4, 'avinullin', '아비눌린', tileSets.avinullin, 0, 0, ...other(tileSets.avinullin, 300_000)),
  region(5, 'deepocean', '심해', tileSets.deepocean, 0, 0, ...other(tileSets.deepocean, 400_000)),
  region(6, 'septimont', '셉티몬트', hl, 12000, 11600, [4096, 9984, 16384, 15360], HUANGLONG_GAME),
];
