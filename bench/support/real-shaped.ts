// A real-shaped world of our own making (no third-party data): 512 categories in 16 groups, pins skewed as a
// community map's are (a few collectibles with thousands of pins, most categories with tens), spread over the
// 7 regions, clustered around points of interest, positions with two decimals, a tenth on sub-map floors, 0–2 tags,
// a few with images. Deterministic (seeded).
import Alea from 'alea';
import type { Db } from '../../server/db';
import { bulkInsert } from '../../server/seed/bulk';
import type { SnapshotPin } from '../../common/pin-snapshot';

export const REAL_CATEGORIES = 512;
const GROUPS = 16;
const TAGS = 120;
/** Region extents as the app's tile sets have them (common/regions), region id → [minX, minY, maxX, maxY]. */
const EXTENTS: [number, number, number, number][] = [
  [-6144, -4096, 16384, 15360],
  [-3072, -3072, 3072, 3072],
  [-6144, -4096, 16384, 15360],
  [-1024, -2560, 5120, 3072],
  [-2048, -2048, 2048, 2048],
  [-2048, -2048, 2048, 2048],
  [-6144, -4096, 16384, 15360],
];
const REGION_WEIGHT = [0.34, 0.12, 0.16, 0.1, 0.08, 0.05, 0.15];

export interface WorldPin extends SnapshotPin {
  region: number;
  description: string;
}

/** About `total` pins over `categories` categories (ids 1..categories), ordered by category, then id. */
export function realShapedPins(total: number, categories = REAL_CATEGORIES, seed = 'real-shaped'): WorldPin[] {
  const rnd = Alea(seed);
  // Zipf-like sizes: category k gets ∝ 1 / (k + 3)^0.9.
  const w = Array.from({ length: categories }, (_, k) => 1 / (k + 3) ** 0.9);
  const sum = w.reduce((s, x) => s + x, 0);
  const sizes = w.map((x) => Math.max(1, Math.round((x / sum) * total)));
  const pois = EXTENTS.map(([x0, y0, x1, y1]) =>
    Array.from({ length: 400 }, () => [x0 + rnd() * (x1 - x0), y0 + rnd() * (y1 - y0)] as const),
  );
  const pickRegion = () => {
    let r = rnd();
    for (let i = 0; i < REGION_WEIGHT.length; i++) if ((r -= REGION_WEIGHT[i]!) < 0) return i;
    return 0;
  };
  const pins: WorldPin[] = [];
  let id = 0;
  sizes.forEach((n, k) => {
    const categoryId = k + 1;
    for (let i = 0; i < n; i++) {
      const region = pickRegion();
      const [cx, cy] = pois[region]![Math.floor(rnd() * 400)]!;
      const x = Math.round((cx + (rnd() - 0.5) * 300) * 100) / 100;
      const y = Math.round((cy + (rnd() - 0.5) * 300) * 100) / 100;
      const nt = rnd() < 0.5 ? 0 : rnd() < 0.7 ? 1 : 2;
      const tagIds = [...new Set(Array.from({ length: nt }, () => 1 + Math.floor(rnd() * TAGS)))].sort((a, b) => a - b);
      pins.push({
        id: ++id,
        categoryId,
        region,
        x,
        y,
        z: rnd() < 0.1 ? Math.floor(rnd() * 7) - 3 : null,
        icon: null,
        flag: null,
        hasImage: rnd() < 0.03,
        tagIds,
        description: `${categoryId}번 카테고리의 ${i + 1}번째: 절벽 아래 동굴 입구 근처, 상자 뒤`,
      });
    }
  });
  return pins;
}

/** Writes the world into a migrated, empty database (no other pins). */
export async function insertWorld(db: Db, pins: readonly WorldPin[], categories = REAL_CATEGORIES): Promise<void> {
  const now = Date.now();
  await bulkInsert(
    db,
    'category_groups',
    [
      ['id', 'int'],
      ['name', 'text'],
      ['sort', 'int'],
    ],
    Array.from({ length: GROUPS }, (_, g) => ({ id: g + 1, name: `그룹 ${g + 1}`, sort: g })),
  );
  await bulkInsert(
    db,
    'categories',
    [
      ['id', 'int'],
      ['group_id', 'int'],
      ['name', 'text'],
      ['icon', 'int'],
      ['sort', 'int'],
      ['last_edited', 'bigint'],
    ],
    Array.from({ length: categories }, (_, k) => ({
      id: k + 1,
      group_id: (k % GROUPS) + 1,
      name: `카테고리 ${k + 1}`,
      icon: k % 48,
      sort: k,
      last_edited: now,
    })),
  );
  await bulkInsert(
    db,
    'tag_groups',
    [
      ['id', 'int'],
      ['name', 'text'],
    ],
    [{ id: 1, name: '공통' }],
  );
  await bulkInsert(
    db,
    'tags',
    [
      ['id', 'int'],
      ['group_id', 'int'],
      ['name', 'text'],
    ],
    Array.from({ length: TAGS }, (_, t) => ({ id: t + 1, group_id: 1, name: `태그 ${t + 1}` })),
  );
  await bulkInsert(
    db,
    'pins',
    [
      ['id', 'int'],
      ['category_id', 'int'],
      ['region', 'int'],
      ['coord_x', 'real'],
      ['coord_y', 'real'],
      ['coord_z', 'real'],
      ['description', 'text'],
      ['image', 'text'],
    ],
    pins.map((p) => ({
      id: p.id,
      category_id: p.categoryId,
      region: p.region,
      coord_x: p.x,
      coord_y: p.y,
      coord_z: p.z,
      description: p.description,
      image: p.hasImage ? `/images/${p.id}.webp` : null,
    })),
  );
  await bulkInsert(
    db,
    'pin_tags',
    [
      ['pin_id', 'int'],
      ['tag_id', 'int'],
    ],
    pins.flatMap((p) => p.tagIds.map((t) => ({ pin_id: p.id, tag_id: t }))),
  );
  for (const t of ['category_groups', 'categories', 'tag_groups', 'tags', 'pins'])
    await db.query(`select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}) + 1, false)`);
}
