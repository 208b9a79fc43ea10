import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededApp } from '../../test-helper';
import { searchKeySql } from '../../repos/search';
import { searchKey } from '../../../common/search-text';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp(1500);
});
afterAll(async () => {
  await t?.close();
});

interface Hit {
  id: number;
  region: number;
  categoryId: number;
  checked?: boolean;
  tags?: string[];
  snippet: string;
}
const get = async (query: string, user: number | null = null) => (await t.call(user, 'GET', `/api/v1/search?${query}`)).body.result;
const q = (s: string) => `q=${encodeURIComponent(s)}`;

/** Every pin of a search, page after page by its `next` cursor. */
async function walk(query: string, user: number | null = null, limit = 200): Promise<{ total: number; ids: number[]; pages: number }> {
  let page = await get(`${query}&limit=${limit}`, user);
  const total = page.total as number;
  const ids: number[] = page.pins.map((p: Hit) => p.id);
  let pages = 1;
  while (page.next) {
    page = await get(`${query}&limit=${limit}&after=${encodeURIComponent(page.next)}`, user);
    expect(page.total).toBeUndefined();
    ids.push(...page.pins.map((p: Hit) => p.id));
    pages++;
  }
  return { total, ids, pages };
}

describe('GET /v1/search', () => {
  it('finds categories by name and pins by description or tag, with region and category', async () => {
    const r = await t.call(null, 'GET', `/api/v1/search?${q('광석')}`);
    expect(r.status).toBe(200);
    expect(r.body.result.categories.map((c: { name: string }) => c.name)).toEqual(['광석', '희귀 광석']);
    const desc = await get(`${q('다리 밑')}&limit=5`);
    const expected = await t.one<{ n: number }>("select count(*)::int as n from pins where description ilike '%다리 밑%' and not hidden");
    expect(desc.total).toBe(expected.n);
    expect(desc.pins).toHaveLength(Math.min(5, expected.n));
    for (const p of desc.pins) {
      expect(p.snippet).toContain('다리 밑');
      expect(p).toMatchObject({
        region: expect.any(Number),
        categoryId: expect.any(Number),
        categoryName: expect.any(String),
        coordX: expect.any(Number),
      });
    }
    const tag = await get(q('오버로드'));
    const tagged = await t.one<{ n: number }>(
      "select count(distinct pt.pin_id)::int as n from pin_tags pt join tags g on g.id = pt.tag_id join pins p on p.id = pt.pin_id where g.name = '오버로드' and not p.hidden",
    );
    expect(tagged.n).toBeGreaterThan(0);
    expect(tag.total).toBe(tagged.n);
    expect(tag.pins[0].tags).toContain('오버로드');
  });

  // Issue 25 item 5: the placeholder's own example found nothing.
  it('ignores spacing: 보물상자 finds what 보물 상자 finds, the group and every pin of its categories', async () => {
    const joined = await get(q('보물상자'));
    const spaced = await get(q('보물 상자'));
    const inGroup = await t.one<{ n: number }>(
      "select count(*)::int as n from pins p join categories c on c.id = p.category_id join category_groups g on g.id = c.group_id where g.name = '보물 상자' and not p.hidden",
    );
    expect(inGroup.n).toBeGreaterThan(0);
    expect(joined.total).toBe(inGroup.n);
    expect(spaced.total).toBe(inGroup.n);
    expect(joined.categories.length).toBe(6);
    expect((await get(q('다리밑'))).total).toBe((await get(q('다리 밑'))).total);
  });

  // Issue 20 item 5: ruong found no Rương.
  it('ignores accents and case, in descriptions, tags and category names', async () => {
    const cat = await t.one<{ id: number }>('select id from categories order by id limit 1');
    const pin = await t.one<{ id: number }>(
      "insert into pins (category_id, region, coord_x, coord_y, description) values ($1, 0, 1, 1, 'Rương Báu ĐẢO') returning id",
      [cat.id],
    );
    for (const text of ['ruong', 'RUONG BAU', 'rươngbáu', 'dao']) {
      const r = await get(q(text));
      expect(
        r.pins.map((p: Hit) => p.id),
        text,
      ).toContain(pin.id);
    }
    expect((await get(q('ruong'))).pins[0].snippet).toBe('Rương Báu ĐẢO');
  });

  it('keeps the database key and the client key in step', async () => {
    for (const s of ['Rương Báu', '보물 상자', 'ĐẢO  x\ty', 'Crème Brûlée', '핀 번호 16654', 'ＡＢＣ']) {
      const row = await t.one<{ k: string }>(`select ${searchKeySql('$1::text')} as k`, [s]);
      expect(row.k, s).toBe(searchKey(s));
    }
  });

  // Issue 25 item 5: the number on the pin page found nothing.
  it('finds a pin by its number, as the pin page writes it', async () => {
    const pin = await t.one<{ id: number }>('select id from pins where not hidden order by id offset 1233 limit 1');
    for (const text of [`${pin.id}`, `#${pin.id}`, `핀 번호 ${pin.id}`, `핀 ${pin.id}`, `${pin.id}번`]) {
      const r = await get(q(text));
      expect(r.pins[0]?.id, text).toBe(pin.id);
      expect(r.total, text).toBeGreaterThanOrEqual(1);
    }
  });

  // Issue 25 item 5: 5,667 results took 113 presses of 더 보기, each slower (OFFSET).
  it('pages by cursor: every match exactly once, in as many pages as the size asks', async () => {
    // 보급 matches category names only; 상자 names and descriptions; 다리 descriptions.
    for (const text of ['보급', '상자', '다리']) {
      const { total, ids, pages } = await walk(q(text), null, 50);
      expect(new Set(ids).size, text).toBe(ids.length);
      expect(ids.length, text).toBe(total);
      expect(pages, text).toBeLessThanOrEqual(Math.ceil(total / 50) + 1);
    }
  });

  it('narrows to a region, a category and the pins the caller has not found, and says which are found', async () => {
    const all = await walk(q('상자'));
    const region = await walk(`${q('상자')}&region=2`);
    const inRegion = await t.call(null, 'GET', `/api/v1/search?${q('상자')}&region=2&limit=200`);
    expect(region.total).toBeGreaterThan(0);
    expect(region.total).toBeLessThan(all.total);
    for (const p of inRegion.body.result.pins) expect(p.region).toBe(2);
    const cat = await t.one<{ id: number }>("select id from categories where name = '음향 상자'");
    const inCat = await get(`${q('상자')}&category=${cat.id}&limit=200`);
    expect(inCat.total).toBe(
      (await t.one<{ n: number }>('select count(*)::int as n from pins where category_id = $1 and not hidden', [cat.id])).n,
    );
    for (const p of inCat.pins) expect(p.categoryId).toBe(cat.id);

    const me = await t.newUser('검색하는사람');
    const found = inCat.pins.slice(0, 3).map((p: Hit) => p.id);
    for (const id of found) expect((await t.call(me, 'POST', `/api/v1/pin/${id}/check`, { check: true })).status).toBe(200);
    const mine = await get(`${q('상자')}&category=${cat.id}&limit=200`, me);
    for (const p of mine.pins as Hit[]) expect(p.checked, String(p.id)).toBe(found.includes(p.id));
    const left = await walk(`${q('상자')}&category=${cat.id}&unfound=true`, me);
    expect(left.total).toBe(inCat.total - 3);
    expect(left.ids.filter((id) => found.includes(id))).toEqual([]);
    // A visitor has found nothing.
    expect((await get(`${q('상자')}&category=${cat.id}`)).pins.every((p: Hit) => p.checked === false)).toBe(true);
  });

  it('treats % and _ literally', async () => {
    const r = await t.call(null, 'GET', '/api/v1/search?q=%25');
    expect(r.status).toBe(200);
    expect(r.body.result.total).toBe(0);
  });

  it('refuses empty, overlong or malformed queries and cursors', async () => {
    for (const s of [
      'q=',
      'q=%20%20',
      'q=%CC%81',
      `q=${'가'.repeat(51)}`,
      'q=x&limit=0',
      'q=x&limit=201',
      'limit=5',
      'q=x&after=9:1',
      'q=x&after=abc',
      'q=x&region=-1',
    ]) {
      const r = await t.call(null, 'GET', `/api/v1/search?${s}`);
      expect(r.status, s).toBe(400);
      expect(r.body.error?.errClazz).toBe('bad_request');
    }
  });
});
