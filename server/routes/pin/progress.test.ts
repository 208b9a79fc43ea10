import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededApp } from '../../test-helper';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp(3000);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

interface Row {
  categoryId: number;
  region: number;
  total: number;
  checked: number;
}
const sum = (rows: Row[], key: 'total' | 'checked') => rows.reduce((n, r) => n + r[key], 0);

describe('GET /v1/pin/progress', () => {
  it('counts every pin by category and region, whatever a browser has loaded', async () => {
    const r = await t.call(null, 'GET', '/api/v1/pin/progress');
    expect(r.status).toBe(200);
    const rows = r.body.result.rows as Row[];
    expect(sum(rows, 'total')).toBe(3000);
    expect(sum(rows, 'checked')).toBe(0);
    const { rows: byDb } = await t.db.query<Row>(
      'select category_id as "categoryId", region, count(*)::int as total, 0 as checked from pins group by 1, 2 order by 1, 2',
    );
    expect(rows).toEqual(byDb);
  });

  it("counts the signed-in player's checks from the server", async () => {
    const user = await t.newUser('진행도');
    const pins = (
      await t.db.query<{ id: number; region: number; category_id: number }>('select id, region, category_id from pins order by id limit 5')
    ).rows;
    const b = await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: pins.map((p) => p.id), check: true });
    expect(b.status).toBe(200);
    const rows = (await t.call(user, 'GET', '/api/v1/pin/progress')).body.result.rows as Row[];
    expect(sum(rows, 'checked')).toBe(5);
    const first = pins[0]!;
    const expected = pins.filter((p) => p.region === first.region && p.category_id === first.category_id).length;
    expect(rows.find((x) => x.region === first.region && x.categoryId === first.category_id)!.checked).toBe(expected);
    // A visitor still sees no checks.
    expect(sum((await t.call(null, 'GET', '/api/v1/pin/progress')).body.result.rows as Row[], 'checked')).toBe(0);
  });
});
