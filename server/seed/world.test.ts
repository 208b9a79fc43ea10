// An operator's clean start (issue 20 item 6): SEED_PINS=0 is an empty world, and the demo world can be removed
// without touching imported pins or what players did on them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { importFile, parseImport } from '../import/import';
import { seededApp, testApp } from '../test-helper';
import { clearDemoWorld } from './clear';
import { seedIfEmpty } from './seed';

const example = readFileSync(new URL('../../tests/fixtures/import-example.json', import.meta.url), 'utf8');
const count = async (t: Awaited<ReturnType<typeof testApp>>, sql: string, params: unknown[] = []) =>
  (await t.one<{ n: number }>(`select count(*)::int as n ${sql}`, params)).n;

describe('a world from zero', () => {
  it('SEED_PINS=0 is accepted and starts an empty world: no demo catalogue, pins or players', async () => {
    const config = loadConfig({ SEED_PINS: '0', DATABASE_URL: '' });
    expect(config.seedPins).toBe(0);
    expect(() => loadConfig({ SEED_PINS: '-1' })).toThrow(/SEED_PINS/);
    const t = await testApp();
    try {
      expect(await seedIfEmpty(t.db, { ...t.config, seedPins: 0 })).toBeNull();
      expect([await count(t, 'from categories'), await count(t, 'from pins'), await count(t, 'from users')]).toEqual([0, 0, 0]);
      const groups = await t.call(null, 'GET', '/api/v1/category/groups');
      expect(groups.status).toBe(200);
      expect(groups.body.result).toEqual([]);
      // The import fills it.
      await importFile(t.db, parseImport(example));
      expect(await count(t, 'from pins')).toBe(4);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('world:clear --demo removes the demo world and keeps imported pins with players’ checks and comments on them', async () => {
    const t = await seededApp(1500);
    try {
      await importFile(t.db, parseImport(example));
      // The import never takes a demo category for one of its own, even where names agree.
      const imported = (
        await t.db.query<{ id: number }>('select id from pins where category_id in (select id from categories where key is null)')
      ).rows;
      expect(imported).toHaveLength(4);
      const pin = imported[0]!.id;
      const player = await t.newUser('진짜 플레이어');
      expect((await t.call(player, 'POST', `/api/v1/pin/${pin}/check`, { check: true })).status).toBe(200);
      expect((await t.call(player, 'PUT', `/api/v2/pin/${pin}/comment`, { content: '좋아요' })).status).toBe(200);
      const demoPlayer = 3; // a seeded demo player who also found an imported pin: kept
      expect((await t.call(demoPlayer, 'POST', `/api/v1/pin/${pin}/check`, { check: true })).status).toBe(200);
      const demoCats = await count(t, "from categories where key like 'demo:%'");
      const demoUsers = await count(t, "from users where email like 'demo%@demo.invalid'");

      const dry = await clearDemoWorld(t.db, { dryRun: true });
      expect(dry).toMatchObject({ categories: demoCats, pins: 1500, users: demoUsers - 1 });
      expect(await count(t, 'from pins')).toBe(1504);
      const r = await clearDemoWorld(t.db);
      expect(r).toEqual(dry);
      expect(await count(t, 'from pins')).toBe(4);
      expect(await count(t, 'from categories')).toBe(2);
      expect(await count(t, 'from category_groups')).toBe(1);
      expect(await count(t, 'from tag_groups')).toBe(2);
      expect(await count(t, 'from checks where pin_id = $1', [pin])).toBe(2);
      expect(await count(t, 'from comments where pin_id = $1', [pin])).toBe(1);
      expect(await count(t, 'from users where id = any($1::int[])', [[player, demoPlayer]])).toBe(2);
      expect((await t.one<{ n: number }>('select total_checks as n from pins where id = $1', [pin])).n).toBe(2);
      // Nothing of the demo is left to clear, and the import still matches its own rows.
      expect(await clearDemoWorld(t.db)).toEqual({ groups: 0, categories: 0, tagGroups: 0, pins: 0, users: 0 });
      const again = await importFile(t.db, parseImport(example));
      expect(again.added).toEqual({ groups: 0, categories: 0, tagGroups: 0, tags: 0, pins: 0 });
    } finally {
      await t.close();
    }
  }, 120_000);

  it('finds a demo world seeded before keys (by the generated catalogue’s ids and names)', async () => {
    const t = await seededApp(300);
    try {
      await t.db.exec('update category_groups set key = null; update categories set key = null; update tag_groups set key = null');
      const r = await clearDemoWorld(t.db);
      expect(r.pins).toBe(300);
      expect([await count(t, 'from categories'), await count(t, 'from tag_groups'), await count(t, 'from tags')]).toEqual([0, 0, 0]);
    } finally {
      await t.close();
    }
  }, 120_000);
});
