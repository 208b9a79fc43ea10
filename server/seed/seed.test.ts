import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REGIONS, extentContains } from '../../common/regions';
import { isLand } from '../tiles/terrain';
import { miscountedPins, testApp } from '../test-helper';
import { checkPinCount, seedIfEmpty, seedWorld } from './seed';
import { parseSeedArgs } from './cli';

type PinDump = {
  id: number;
  category_id: number;
  region: number;
  coord_x: number;
  coord_y: number;
  coord_z: number | null;
  description: string | null;
};

async function seededPins(pins: number, seed: number) {
  const t = await testApp();
  try {
    await seedWorld(t.db, { pins, seed, dataDir: t.config.dataDir });
    const rows = (await t.db.query<PinDump>('select id, category_id, region, coord_x, coord_y, coord_z, description from pins order by id'))
      .rows;
    const comments = (await t.db.query<{ n: number }>('select count(*)::int as n from comments')).rows[0]!.n;
    // The pins' demo images are served like uploaded ones.
    const image = (await t.db.query<{ image: string }>('select image from pins where image is not null limit 1')).rows[0]!.image;
    const served = await t.app.inject(image);
    return {
      rows,
      comments,
      dataDir: t.config.dataDir,
      image,
      served: { status: served.statusCode, type: served.headers['content-type'] },
    };
  } finally {
    await t.close();
  }
}

describe('demo world seed', () => {
  it('is deterministic from the seed and differs for another seed', async () => {
    const a = await seededPins(1500, 7);
    const b = await seededPins(1500, 7);
    const c = await seededPins(1500, 8);
    expect(a.rows).toHaveLength(1500);
    expect(b.rows).toEqual(a.rows);
    expect(b.comments).toBe(a.comments);
    expect(c.rows).not.toEqual(a.rows);
    expect(existsSync(join(a.dataDir, 'images', 'demoimage000.webp'))).toBe(true);
    expect(a.image).toMatch(/^\/images\/demoimage\d{3}\.webp$/);
    expect(a.served).toEqual({ status: 200, type: 'image/webp' });
  }, 60_000);

  it('puts pins in every region, inside its bounds, on land or on a sub-map floor', async () => {
    const { rows } = await seededPins(4000, 20261121);
    const regions = new Set(rows.map((r) => r.region));
    expect([...regions].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    let onSub = 0;
    for (const p of rows) {
      const region = REGIONS[p.region]!;
      expect(extentContains(region.bounds, p.coord_x, p.coord_y)).toBe(true);
      if (p.coord_z === null) {
        expect(isLand(region.info.name, p.coord_x, p.coord_y)).toBe(true);
      } else {
        onSub++;
        const sub = region.info.subs.find((s) => s.depth === p.coord_z && extentContains(s.extent, p.coord_x, p.coord_y));
        expect(sub).toBeDefined();
      }
    }
    expect(onSub).toBeGreaterThan(100);
    expect(rows.filter((r) => r.description).length).toBeGreaterThan(3000);
  }, 60_000);

  it('seeds only an empty database and resets sequences past explicit ids', async () => {
    const t = await testApp();
    try {
      const seq = async () => Number((await t.db.query<{ seq: number }>('select seq from world_version where id = 1')).rows[0]!.seq);
      const before = await seq();
      const first = await seedIfEmpty(t.db, { ...t.config, seedPins: 800 });
      expect(first?.pins).toBe(800);
      // The world's version moved with the seeded pins, though the seed skips the triggers (a replica session).
      expect(await seq()).toBeGreaterThan(before);
      expect(await seedIfEmpty(t.db, { ...t.config, seedPins: 800 })).toBeNull();
      const cats = (await t.db.query<{ n: number }>('select count(*)::int as n from categories')).rows[0]!.n;
      expect(cats).toBeGreaterThanOrEqual(38);
      const icons = (await t.db.query<{ icon: number }>('select icon from categories')).rows;
      expect(icons.every((r) => r.icon >= 0 && r.icon < 48)).toBe(true);
      const ins = await t.db.query<{ id: number }>(
        'insert into pins (category_id, region, coord_x, coord_y) values (1, 0, 0, 0) returning id',
      );
      expect(ins.rows[0]!.id).toBe(801);
      expect(await miscountedPins(t.db)).toBe(0);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('refuses nonsense pin counts with a Korean and English message', async () => {
    for (const bad of ['abc', '-1', '1.5', '2000001', '', 'NaN', 'Infinity']) {
      const r = checkPinCount(bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toMatch(/핀 개수.*The pin count/);
    }
    expect(checkPinCount('200000')).toEqual({ ok: true, pins: 200000 });
    expect(checkPinCount(0)).toEqual({ ok: true, pins: 0 });
    expect(parseSeedArgs(['--pins', 'lots'], { pins: 1, seed: 1 })).toHaveProperty('error');
    expect(parseSeedArgs(['--bogus'], { pins: 1, seed: 1 })).toHaveProperty('error');
    expect(parseSeedArgs(['--pins=250000', '--seed', '3', '--reset'], { pins: 1, seed: 1 })).toEqual({
      pins: 250000,
      seed: 3,
      reset: true,
    });
    await expect(seedWorld(null as never, { pins: -3, seed: 1, dataDir: '.' })).rejects.toThrow(RangeError);
  });
});
