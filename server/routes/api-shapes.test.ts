// The server's answers match the API's shared schemas (common/api), which the browser's types come
// from: a field renamed or dropped on one side fails here, not in a player's browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { testApp } from '../test-helper';
import { seedIfEmpty } from '../seed/seed';
import {
  CategoryGroupSchema,
  CategoryPinListSchema,
  EnvelopeSchema,
  MeSchema,
  MyPinsSchema,
  PinDetailSchema,
  SearchResultSchema,
  TagGroupSchema,
} from '../../common/api';

type T = Awaited<ReturnType<typeof testApp>>;

describe('answers match the shared API schemas', () => {
  let t: T;
  let cookie: string;
  let userId: number;
  beforeAll(async () => {
    t = await testApp({ seedPins: 200 });
    await seedIfEmpty(t.db, t.config);
    userId = await t.newUser('모양', { email: 'shape@example.com', checkTime: 1700000000000 });
    cookie = await t.cookie(userId);
  });
  afterAll(() => t.close());

  async function answer(url: string, schema: TSchema): Promise<unknown> {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const body: unknown = res.json();
    const errors = [...Value.Errors(EnvelopeSchema(schema), body)].map((e) => `${e.instancePath} ${e.message}`);
    expect(errors).toEqual([]);
    return (body as { result: unknown }).result;
  }

  it('for the signed-in player, the category lists and a pin', async () => {
    expect(await answer('/api/v1/me', MeSchema)).toMatchObject({ nickname: '모양', role: 'user' });
    const groups = (await answer('/api/v1/category/groups', Type.Array(CategoryGroupSchema))) as {
      categories: { id: number; pinCount?: number }[];
    }[];
    const withPins = groups.flatMap((g) => g.categories).find((c) => (c.pinCount ?? 0) > 0)!;
    await answer('/api/v1/category/tag-groups', Type.Array(TagGroupSchema));
    const { rows } = await t.db.query<{ id: number }>('select id from pins where category_id = $1 limit 1', [withPins.id]);
    expect(await answer(`/api/v1/pin/${rows[0]!.id}`, PinDetailSchema)).toMatchObject({ id: rows[0]!.id, categoryId: withPins.id });
  });

  it("for search, the player's own pins and a category's pin list (JSON form)", async () => {
    const { rows: described } = await t.db.query<{ description: string }>(
      'select description from pins where length(description) > 3 limit 1',
    );
    const q = encodeURIComponent(described[0]!.description.slice(0, 3));
    const found = (await answer(`/api/v1/search?q=${q}&limit=5`, SearchResultSchema)) as { total: number; pins: unknown[] };
    expect(found.pins.length).toBeGreaterThan(0);
    await t.db.query('update pins set registerer_id = $1 where id in (select id from pins order by id limit 3)', [userId]);
    const mine = (await answer('/api/v1/me/pins?n=10', MyPinsSchema)) as { total: number; pins: { createdAt?: string }[] };
    expect(mine.total).toBe(3);
    expect(mine.pins[0]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const { rows } = await t.db.query<{ category_id: number }>('select category_id from pins order by id limit 1');
    const list = (await answer(`/api/v1/category/${rows[0]!.category_id}/pins-proto`, CategoryPinListSchema)) as { pins: unknown[] };
    expect(list.pins.length).toBeGreaterThan(0);
  });
});
