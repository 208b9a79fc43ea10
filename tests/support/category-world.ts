// A made-up world at the real game's shape for the category panel (issue 20 item 4): 512 categories in 8 groups,
// each with pins in only a few of the 7 regions, some own tags, and a shared tag. No third-party data: names are
// built from a few Korean words (plus one Vietnamese, for accent-insensitive search).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REGIONS } from '../../common/regions';
import type { ImportFile } from '../../server/import/format';

const root = fileURLToPath(new URL('../..', import.meta.url));

const GROUPS = ['수집품', '광물', '식물', '적', '퍼즐', '보스', '상점', '탐험'];
const KINDS = ['상자', '광석', '꽃', '몬스터', '장치', '강적', '상인', '지점'];
const ADJECTIVES = ['보물', '보급', '정밀', '고급', '낡은', '빛나는', '숨겨진', '떠도는'];
const PLACES = ['해안', '동굴', '폐허', '숲', '협곡', '탑', '광장', '항구'];

/** The one category with pins in every region, and the tag only its pins carry (the journeys look for them). */
export const WORLD = {
  chest: '보물 상자',
  groups: GROUPS,
  categories: 512,
  /** A category whose name only an accent-insensitive match finds. */
  accented: 'Rương Báu',
  /** Own tag of the chest category: 40 pins wear it (20 in each of the first two regions). */
  floorTag: '층 입구',
  floorTagPins: 40,
  /** Shared tag on every seventh pin. */
  sharedTag: '오버로드',
} as const;

/** The regions category `i` has pins in: one or two of the seven, so each region holds about a fifth of the categories. */
export function regionsOf(i: number): number[] {
  const a = i % REGIONS.length;
  const b = (i * 3 + 1) % REGIONS.length;
  return i % 4 === 0 && b !== a ? [a, b] : [a];
}

/** The import file (server/import/format.ts) of the world. */
export function categoryWorld(): ImportFile {
  let n = 0;
  const categoryGroups: ImportFile['categoryGroups'] = GROUPS.map((group, gi) => ({
    name: group,
    categories: Array.from({ length: 64 }, (_, k) => {
      const i = gi * 64 + k;
      // 8 adjectives × 8 places per group, the group's own kind last: "보물 해안 상자", except the one chest.
      const chest = gi === 0 && k === 0;
      const accented = gi === 0 && k === 1;
      const name = chest ? WORLD.chest : accented ? WORLD.accented : `${ADJECTIVES[k % 8]} ${PLACES[Math.floor(k / 8)]} ${KINDS[gi]}`;
      const regions = chest ? REGIONS.map((r) => r.id) : regionsOf(i);
      const pins = regions.flatMap((region) => {
        const [x0, y0, x1, y1] = REGIONS[region]!.bounds;
        const count = chest ? 30 : 3 + (i % 5);
        return Array.from({ length: count }, (_, j) => {
          n++;
          const tags: string[] = [];
          if (chest && region <= 1 && j < WORLD.floorTagPins / 2) tags.push(WORLD.floorTag);
          if (n % 7 === 0) tags.push(WORLD.sharedTag);
          return {
            region,
            // Spread over the middle of the region, away from its edges.
            x: x0 + (x1 - x0) * (0.3 + 0.4 * (((j * 37 + i * 11) % 97) / 97)),
            y: y0 + (y1 - y0) * (0.3 + 0.4 * (((j * 53 + i * 7) % 89) / 89)),
            description: `${name} ${j + 1}번`,
            ...(tags.length ? { tags } : {}),
          };
        });
      });
      return {
        name,
        icon: i % 48,
        ...(chest ? { tagGroups: [{ name: '위치', tags: [{ name: WORLD.floorTag }] }] } : {}),
        pins,
      };
    }),
  }));
  return { tagGroups: [{ name: '공통', tags: [{ name: WORLD.sharedTag }] }], categoryGroups };
}

/** Writes the world to `dir`/category-world.json and loads it with `npm run import` into the server data folder `dataDir`. */
export function importCategoryWorld(dir: string, dataDir: string): { file: string; pins: number } {
  const world = categoryWorld();
  const file = join(dir, 'category-world.json');
  writeFileSync(file, JSON.stringify(world));
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/import/cli.ts', file], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (run.status !== 0) throw new Error(`import failed (${run.status}): ${run.stdout}\n${run.stderr}`);
  return { file, pins: world.categoryGroups.flatMap((g) => g.categories).reduce((s, c) => s + (c.pins?.length ?? 0), 0) };
}
