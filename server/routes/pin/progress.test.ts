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

  // Issue 25, finding 6: no "what's left" list. With a region and a category the answer lists that
  // cell's pins the player has not found: exactly total − checked of them, by the same count.
  it('lists the pins of one region and category the player has not found', async () => {
    const user = await t.newUser('남은핀');
    const cell = (
      await t.db.query<{ region: number; category_id: number; n: number }>(
        'select region, category_id, count(*)::int as n from pins group by 1, 2 having count(*) >= 4 order by 3 desc limit 1',
      )
    ).rows[0]!;
    const ids = (
      await t.db.query<{ id: number }>('select id from pins where region = $1 and category_id = $2 order by id', [
        cell.region,
        cell.category_id,
      ])
    ).rows.map((r) => r.id);
    expect((await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: ids.slice(0, 2), check: true })).status).toBe(200);
    const r = await t.call(user, 'GET', `/api/v1/pin/progress?region=${cell.region}&categoryId=${cell.category_id}`);
    expect(r.status).toBe(200);
    const row = (r.body.result.rows as Row[]).find((x) => x.region === cell.region && x.categoryId === cell.category_id)!;
    const left = r.body.result.left as { id: number; description: string; floor: number | null }[];
    expect(left.map((p) => p.id)).toEqual(ids.slice(2));
    expect(left.length).toBe(row.total - row.checked);
    expect(typeof left[0]!.description).toBe('string');
    // Without both, no list (the counts alone, as before).
    expect((await t.call(user, 'GET', `/api/v1/pin/progress?region=${cell.region}`)).body.result.left).toBeUndefined();
    // A visitor's list is every pin of the cell.
    const visitor = await t.call(null, 'GET', `/api/v1/pin/progress?region=${cell.region}&categoryId=${cell.category_id}`);
    expect((visitor.body.result.left as unknown[]).length).toBe(ids.length);
    // Bad input: a clear Korean refusal in the error envelope, never a 500.
    for (const q of ['region=9&categoryId=1', 'region=x&categoryId=1', 'region=0&categoryId=0']) {
      const bad = await t.call(null, 'GET', `/api/v1/pin/progress?${q}`);
      expect(bad.status, q).toBe(400);
      expect(JSON.stringify(bad.body), q).toMatch(/[가-힣]/);
    }
  });

  // Issue 21: the map's start asks for progress each time; counting every pin (0.8 s at 1,000,000 pins) is done
  // once per world version, and a change to the pins made in the database (as another process would) counts again.
  it('counts every pin once per world version; its own checks each time; a change to the pins made elsewhere counts again', async () => {
    const statements: string[] = [];
    const query = t.db.query.bind(t.db);
    t.db.query = ((sql: string, params?: unknown[]) => (statements.push(sql), query(sql, params))) as typeof t.db.query;
    const restore: (() => Promise<unknown>)[] = [];
    const counts = () => statements.filter((sql) => /count\(\*\)::int as total/.test(sql)).length;
    try {
      const user = await t.newUser('버전');
      const cells = async (who: number | null) => (await t.call(who, 'GET', '/api/v1/pin/progress')).body.result.rows as Row[];
      const before = await cells(null);
      const counted = counts();
      const byDb = async () =>
        (
          await query<Row>(
            `select p.category_id as "categoryId", p.region, count(*)::int as total, count(c.pin_id)::int as checked
               from pins p left join checks c on c.pin_id = p.id and c.user_id = $1
              where not p.hidden group by 1, 2 order by 1, 2`,
            [user],
          )
        ).rows;
      // Nothing changed: no count over every pin, for a visitor or a player, and the same cells.
      expect(await cells(null)).toEqual(before);
      const pin = (
        await query<{ id: number; category_id: number }>('select id, category_id from pins where not hidden order by id limit 1')
      ).rows[0]!;
      expect((await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: [pin.id], check: true })).status).toBe(200);
      expect(await cells(user)).toEqual(await byDb());
      expect(counts()).toBe(counted);
      // Changed in the database (hidden, and another moved to a category of its own): counted again, once.
      const moved = (
        await query<{ id: number; category_id: number }>(
          'select id, category_id from pins where id > $1 and category_id <> $2 order by id limit 1',
          [pin.id, pin.category_id],
        )
      ).rows[0]!;
      restore.push(() => query('update pins set hidden = false where id = $1', [pin.id]));
      restore.push(() => query('update pins set category_id = $1 where id = $2', [moved.category_id, moved.id]));
      await query('update pins set hidden = true where id = $1', [pin.id]);
      await query('update pins set category_id = $1 where id = $2', [pin.category_id, moved.id]);
      // Two starts at once after the change share one count.
      const [mine, visitor] = await Promise.all([cells(user), cells(null)]);
      expect(mine).toEqual(await byDb());
      expect(sum(visitor, 'total')).toBe(sum(before, 'total') - 1);
      expect(counts()).toBe(counted + 1);
    } finally {
      t.db.query = query;
      for (const undo of restore) await undo();
    }
  });

  // Issue 25 item 10 (review): a visitor's marks live on their device; the panel counts them by the server's rules.
  it("counts a visitor's marks sent from the device (hidden and unknown pins count nowhere)", async () => {
    const pins = (
      await t.db.query<{ id: number; region: number; category_id: number }>('select id, region, category_id from pins order by id limit 4')
    ).rows;
    await t.db.query('update pins set hidden = true where id = $1', [pins[3]!.id]);
    try {
      const r = await t.call(null, 'POST', '/api/v1/pin/progress', { pinIds: [...pins.map((p) => p.id), pins[0]!.id, 999_999_999] });
      expect(r.status).toBe(200);
      const rows = r.body.result.rows as Row[];
      expect(sum(rows, 'checked')).toBe(3);
      expect(sum(rows, 'total')).toBe(2999);
      const first = pins[0]!;
      const expected = pins.slice(0, 3).filter((p) => p.region === first.region && p.category_id === first.category_id).length;
      expect(rows.find((x) => x.region === first.region && x.categoryId === first.category_id)!.checked).toBe(expected);
      for (const body of [{}, { pinIds: ['x'] }, { pinIds: [0] }]) {
        const bad = await t.call(null, 'POST', '/api/v1/pin/progress', body);
        expect(bad.status, JSON.stringify(body)).toBe(400);
        expect(JSON.stringify(bad.body)).toMatch(/[가-힣]/);
      }
    } finally {
      await t.db.query('update pins set hidden = false where id = $1', [pins[3]!.id]);
    }
  });
});
