import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededApp } from '../../test-helper';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp(1500);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('GET /v1/search', () => {
  it('finds categories by name and pins by description or tag, with region and category', async () => {
    const r = await t.call(null, 'GET', `/api/v1/search?q=${encodeURIComponent('광석')}`);
    expect(r.status).toBe(200);
    expect(r.body.result.categories.map((c: { name: string }) => c.name)).toEqual(['광석', '희귀 광석']);
    const desc = await t.call(null, 'GET', `/api/v1/search?q=${encodeURIComponent('다리 밑')}&limit=5`);
    const expected = await t.one<{ n: number }>("select count(*)::int as n from pins where description ilike '%다리 밑%'");
    expect(desc.body.result.total).toBe(expected.n);
    expect(desc.body.result.pins).toHaveLength(Math.min(5, expected.n));
    for (const p of desc.body.result.pins) {
      expect(p.snippet).toContain('다리 밑');
      expect(p).toMatchObject({
        region: expect.any(Number),
        categoryId: expect.any(Number),
        categoryName: expect.any(String),
        coordX: expect.any(Number),
      });
    }
    const tag = await t.call(null, 'GET', `/api/v1/search?q=${encodeURIComponent('오버로드')}`);
    const tagged = await t.one<{ n: number }>(
      "select count(distinct pt.pin_id)::int as n from pin_tags pt join tags g on g.id = pt.tag_id where g.name = '오버로드'",
    );
    expect(tag.body.result.total).toBe(tagged.n);
    expect(tagged.n).toBeGreaterThan(0);
  });

  it('treats % and _ literally', async () => {
    const r = await t.call(null, 'GET', '/api/v1/search?q=%25');
    expect(r.status).toBe(200);
    expect(r.body.result.total).toBe(0);
  });

  it('refuses empty, overlong or malformed queries', async () => {
    for (const q of ['q=', 'q=%20%20', `q=${'가'.repeat(51)}`, 'q=x&limit=0', 'q=x&limit=201', 'limit=5']) {
      const r = await t.call(null, 'GET', `/api/v1/search?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.error?.errClazz).toBe('bad_request');
    }
  });
});
