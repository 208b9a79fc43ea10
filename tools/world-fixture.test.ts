// The realistic fixture (issue 20 item 7): the shape, deterministic, regenerable, and loadable today (--core)
// into an empty world, again with no change, and edited with players' progress kept.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFile, parseImport } from '../server/import/import';
import { testApp } from '../server/test-helper';
import { FULL_SHAPE, SMALL_SHAPE, generateWorld, iconPng, toCore, type FixtureFile } from './world-fixture';

const committed = new URL('../tests/fixtures/world-small/', import.meta.url);
let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the world fixture', () => {
  it('has the issue’s shape: 11 maps, 77 named floor areas in 50 places on several depths, 512 categories in 8 groups, 22,142 keyed pins', () => {
    const w = generateWorld(FULL_SHAPE);
    expect(w.regions).toHaveLength(11);
    const areas = w.regions!.flatMap((r) => r.floorAreas);
    expect(areas).toHaveLength(77);
    expect(new Set(areas.map((a) => a.name.split('_')[0])).size).toBe(50);
    expect(new Set(areas.map((a) => a.depth)).size).toBeGreaterThanOrEqual(5);
    expect(areas.every((a) => /^[a-z0-9_]+$/.test(a.name) && /[가-힣]/.test(a.label))).toBe(true);
    expect(w.categoryGroups).toHaveLength(8);
    const cats = w.categoryGroups.flatMap((g) => g.categories);
    expect(cats).toHaveLength(512);
    expect(cats.every((c) => /^#[0-9a-f]{6}$/.test(c.color!) && c.iconImage === `icons/${c.key}.png`)).toBe(true);
    const pins = cats.flatMap((c) => c.pins);
    expect(pins).toHaveLength(22_142);
    expect(new Set(pins.map((p) => p.key)).size).toBe(22_142);
    // Every floor area holds pins; pins on areas name the area's key and depth.
    const onAreas = pins.filter((p) => p.floorArea);
    expect(new Set(onAreas.map((p) => p.floorArea)).size).toBe(77);
    const depthOf = new Map(areas.map((a) => [a.key, a.depth]));
    expect(onAreas.every((p) => p.floor === depthOf.get(p.floorArea!))).toBe(true);
    // Deterministic from the seed, another seed another world.
    expect(JSON.stringify(generateWorld(FULL_SHAPE))).toBe(JSON.stringify(w));
    expect(JSON.stringify(generateWorld({ ...FULL_SHAPE, seed: 21 }))).not.toBe(JSON.stringify(w));
    // --core passes today's checks with no error.
    expect(parseImport(JSON.stringify(toCore(w))).categoryGroups).toHaveLength(8);
  });

  it('is committed small as generated, with 32×32 PNG icons', async () => {
    const file = JSON.parse(readFileSync(new URL('world.json', committed), 'utf8')) as FixtureFile;
    expect(file).toEqual(generateWorld(SMALL_SHAPE));
    const c = file.categoryGroups[2]!.categories[0]!;
    const png = readFileSync(new URL(c.iconImage!, committed));
    expect(png.equals(await iconPng(c.color!, c.icon))).toBe(true);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 32, height: 32 });
  });

  it('loads into an empty world, again with no change, and edited in place with a player’s check kept', async () => {
    const core = toCore(JSON.parse(readFileSync(new URL('world.json', committed), 'utf8')) as FixtureFile);
    const text = JSON.stringify(core);
    const first = await importFile(t.db, parseImport(text));
    expect(first.added).toMatchObject({ groups: 8, categories: 40, pins: 400 });
    const again = await importFile(t.db, parseImport(text));
    expect([again.added, again.updated, again.removed].every((c) => Object.values(c).every((n) => n === 0))).toBe(true);

    const pin = (await t.one<{ id: number }>("select id from pins where key = 'fx-pin-7'")).id;
    const player = await t.newUser('탐험가');
    expect((await t.call(player, 'POST', `/api/v1/pin/${pin}/check`, { check: true })).status).toBe(200);
    const edited = structuredClone(core);
    const all = edited.categoryGroups.flatMap((g) => g.categories.flatMap((c) => c.pins ?? []));
    for (const p of all.slice(0, 25)) p.description = `${p.description ?? ''} (수정)`;
    const moved = all.find((p) => p.key === 'fx-pin-7')!;
    moved.x = Math.round(moved.x) + 0.5;
    const r = await importFile(t.db, parseImport(JSON.stringify(edited)));
    expect(r.updated.pins).toBe(new Set([...all.slice(0, 25), moved]).size);
    expect(r.added.pins + r.removed.pins).toBe(0);
    expect((await t.one<{ n: number }>('select count(*)::int as n from checks where pin_id = $1', [pin])).n).toBe(1);
  }, 120_000);
});
