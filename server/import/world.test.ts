import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../test-helper';
import { ImportError, importFile, parseImport } from './import';
import type { ImportFile } from './format';
import { REGIONS, regionById, regionFloorGroups, regionFloors, pinFloorLabel } from '../../common/regions';
import { loadWorld } from '../world/world';

// Issue 20 items 1–2: the import carries regions and named floor areas; pins name them.
const text = readFileSync(new URL('../../tests/fixtures/world-areas.json', import.meta.url), 'utf8');
let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  // Other files in this worker read the seed world from the registry.
  await t.db.query('delete from pins');
  await t.db.query('delete from floor_areas where key is not null');
  await t.db.query("delete from regions where key = 'mirror-lake'");
  await t.db.query('update regions set key = null');
  await loadWorld(t.db);
  await t?.close();
});

const count = async (table: string) => (await t.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
const refusal = (edit: (f: ImportFile) => void) => {
  const f = JSON.parse(text) as ImportFile;
  edit(f);
  try {
    parseImport(JSON.stringify(f));
  } catch (e) {
    if (e instanceof ImportError) return e.message;
    throw e;
  }
  throw new Error('accepted');
};

describe('importing regions and floor areas', () => {
  it('adds a region and named floor areas, pins on them by key or name, and serves them from GET /api/v1/world', async () => {
    expect(await count('floor_areas')).toBe(29);
    const n = await importFile(t.db, parseImport(text));
    expect(n.added.pins).toBe(17);
    expect(await count('regions')).toBe(8);
    expect(await count('floor_areas')).toBe(29 + 13 + 1 + 1);

    const world = (await t.as(null, { method: 'GET', url: '/api/v1/world' })).json().result;
    const rinascita = world.regions.find((r: { name: string }) => r.name === 'rinascita');
    expect(rinascita.key).toBe('rinascita');
    expect(rinascita.floorAreas.filter((a: { depth: number }) => a.depth === -1)).toHaveLength(3 + 13);
    const mirror = world.regions.find((r: { key: string }) => r.key === 'mirror-lake');
    expect(mirror).toMatchObject({ id: 7, label: '거울 호수', floorAreas: [{ name: 'mirror_depths', depth: -1 }] });
    expect(mirror.tileSet.parts[0].path).toBe('/map/mirrorlake/100/tile_');
    expect(mirror.floorAreas[0].parts[0].path).toBe('/map/mirrorlake/100/sub/sub_mirror_depths_');
    // The bare floor −5 of a deepocean pin has no area, and is offered all the same.
    expect(world.regions.find((r: { id: number }) => r.id === 5).pinFloors).toEqual([-5]);

    // The server's registry has it too: the selector's groups, the new region, the −4 floor.
    expect(REGIONS[7]?.label).toBe('거울 호수');
    const minus1 = regionFloorGroups(2).find((g) => g.depth === -1)!;
    expect(minus1.areas).toHaveLength(16);
    expect(regionFloors(3)).toEqual([1, null, -1, -2, -3, -4]);
    expect(regionFloors(5)).toEqual([null, -1, -5]);

    // Each pin sits on its area, at the area's depth.
    const pins = (
      await t.db.query<{ id: number; coord_z: number; label: string | null; description: string }>(
        'select p.id, p.coord_z, f.label, p.description from pins p left join floor_areas f on f.id = p.floor_area_id order by p.id',
      )
    ).rows;
    expect(pins.filter((p) => p.label?.endsWith('동굴'))).toHaveLength(13);
    const hangar = pins.find((p) => p.description === '격납고 한가운데')!;
    expect(hangar).toMatchObject({ coord_z: -4, label: '격납고' });
    const detail = (await t.as(null, { method: 'GET', url: `/api/v1/pin/${hangar.id}` })).json().result;
    expect(detail.coordZ).toBe(-4);
    expect(pinFloorLabel(detail.region, detail.coordZ, detail.coordX, detail.coordY, detail.floorAreaId)).toBe('격납고 · 지하 4층');
  });

  it('is idempotent for the world: the same file again changes no region or floor area', async () => {
    const before = (await t.db.query('select * from regions order by id')).rows;
    const areas = (await t.db.query('select * from floor_areas order by id')).rows;
    await importFile(t.db, parseImport(text));
    expect((await t.db.query('select * from regions order by id')).rows).toEqual(before);
    expect((await t.db.query('select * from floor_areas order by id')).rows).toEqual(areas);
  });

  it('updates a floor area in place by key (a new label and depth; its pins follow the depth)', async () => {
    const f = JSON.parse(text) as ImportFile;
    const area = f.regions![1]!.floorAreas![0]!;
    area.label = '깊은 격납고';
    area.depth = -5;
    f.categoryGroups[0]!.categories[0]!.pins = [];
    await importFile(t.db, f);
    const row = (await t.db.query<{ label: string; depth: number }>("select label, depth from floor_areas where key = 'vault-hangar'"))
      .rows;
    expect(row).toEqual([{ label: '깊은 격납고', depth: -5 }]);
    const z = (
      await t.db.query<{ z: number }>(
        "select distinct coord_z as z from pins p join floor_areas f on f.id = p.floor_area_id where f.key = 'vault-hangar'",
      )
    ).rows;
    expect(z).toEqual([{ z: -5 }]);
    expect(regionById(3).info.subs.find((s) => s.name === 'vault_hangar')?.label).toBe('깊은 격납고');
  });

  it('refuses unknown and contradictory places with the JSON pointer of the pin', () => {
    const pin = '/categoryGroups/0/categories/0/pins';
    expect(
      refusal((f) => {
        f.categoryGroups[0]!.categories[0]!.pins![0]!.floorArea = 'no-such-cave';
      }),
    ).toBe(`${pin}/0/floorArea: 지역 "rinascita"에 없는 층 구역 "no-such-cave" / unknown floor area`);
    expect(
      refusal((f) => {
        f.categoryGroups[0]!.categories[0]!.pins![13]!.floor = -2;
      }),
    ).toBe(`${pin}/13/floor: 층 -2은(는) 층 구역 "vault-hangar"의 깊이 -4가 아닙니다 / floor is not the area's depth`);
    expect(
      refusal((f) => {
        f.categoryGroups[0]!.categories[0]!.pins![14]!.region = 'atlantis';
      }),
    ).toBe(`${pin}/14/region: 알 수 없는 지역 "atlantis" / unknown region`);
    expect(
      refusal((f) => {
        f.regions![0]!.floorAreas![1]!.name = f.regions![0]!.floorAreas![0]!.name;
      }),
    ).toBe('/regions/0/floorAreas/1/name: 층 구역 "rinascita_cave_01"이(가) 이 지역에 두 번 있습니다 / floor area listed twice');
    expect(
      refusal((f) => {
        f.regions![0]!.floorAreas![0]!.name = 'jinzhou_undercity';
      }),
    ).toMatch(/^\/regions\/0\/floorAreas: 층 구역 "jinzhou_undercity"은\(는\) 타일 세트 "huanglong"에 이미 있습니다/);
    expect(
      refusal((f) => {
        f.regions![2]!.game.a = 0;
      }),
    ).toBe(
      '/regions/2/game: 게임 좌표 변환은 유한하고 역변환이 있어야 합니다 / the game transform must be finite and invertible (a·e − b·d ≠ 0)',
    );
    expect(
      refusal((f) => {
        f.regions![2]!.bounds = [10, 0, 0, 10];
      }),
    ).toBe('/regions/2/bounds: 상자 [minX, minY, maxX, maxY]가 아닙니다 / not a box: [10, 0, 0, 10]');
  });
});
