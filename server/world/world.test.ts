import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../test-helper';
import { REGIONS, SEED_REGIONS, seedWorld } from '../../common/regions';
import { loadWorld } from './world';

describe('GET /api/v1/world', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(async () => {
    await loadWorld(t.db);
    await t.close();
  });

  it('serves the seeded world (migration 014): the seven regions and their floor areas, exactly as the code had them', async () => {
    const r = await t.as(null, { method: 'GET', url: '/api/v1/world' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.headers.etag).toMatch(/^"world-/);
    expect(r.json().result).toEqual(JSON.parse(JSON.stringify(seedWorld())));
    expect(REGIONS).toEqual(SEED_REGIONS);
  });

  it('answers 304 without a body for the ETag it gave, and a new ETag once the world changes', async () => {
    const first = await t.as(null, { method: 'GET', url: '/api/v1/world' });
    const again = await t.as(null, { method: 'GET', url: '/api/v1/world', headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await t.db.query("update regions set label = '새 황룡' where id = 0");
    await loadWorld(t.db);
    const changed = await t.as(null, { method: 'GET', url: '/api/v1/world', headers: { 'if-none-match': first.headers.etag as string } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(changed.json().result.regions[0].label).toBe('새 황룡');
    expect(REGIONS[0]!.label).toBe('새 황룡');
    await t.db.query("update regions set label = '황룡' where id = 0");
  });

  it('lets pins sit on a region added to the table, and on a floor area (the old 0..6 check is gone)', async () => {
    const { rows } = await t.db.query<{ id: number }>(
      `insert into regions (id, name, label, tile_set, block_size, extent, padding, center_x, center_y, level, floor, parts, bounds, game, game_bounds)
       select 7, 'mirror', '거울', tile_set, block_size, extent, padding, center_x, center_y, level, floor, parts, bounds, game, game_bounds from regions where id = 3
       returning id`,
    );
    expect(rows[0]!.id).toBe(7);
    await loadWorld(t.db);
    const area = await t.one<{ id: number }>(
      "insert into floor_areas (region_id, name, label, depth, extent, origin, parts) values (7, 'mirror_b4', '거울 지하 4층', -4, '{0,0,512,512}', '{0,0}', '[]') returning id",
    );
    expect(area.id).toBeGreaterThan(29);
    const constraints = await t.db.query<{ conname: string }>(
      "select conname from pg_constraint where conrelid = 'pins'::regclass order by conname",
    );
    expect(constraints.rows.map((c) => c.conname)).toEqual(expect.arrayContaining(['pins_floor_area_id_fkey', 'pins_region_fkey']));
    expect(constraints.rows.map((c) => c.conname)).not.toContain('pins_region_check');
    await t.db.query('delete from floor_areas where id = $1', [area.id]);
    await t.db.query('delete from regions where id = 7');
  });
});
