import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededApp } from '../../test-helper';
import { ROUTE_LIMITS } from '../../../common/api';

let t: Awaited<ReturnType<typeof seededApp>>;
let pins: { id: number; x: number; y: number; z: number | null; category: number }[];
beforeAll(async () => {
  t = await seededApp(60);
  const { rows } = await t.db.query<{ id: number; coord_x: number; coord_y: number; coord_z: number | null; category_id: number }>(
    'select id, coord_x, coord_y, coord_z, category_id from pins where not hidden order by id limit 10',
  );
  pins = rows.map((r) => ({ id: r.id, x: r.coord_x, y: r.coord_y, z: r.coord_z, category: r.category_id }));
});
afterAll(async () => {
  await t?.close();
});

const list = (user: number | null) => t.call(user, 'GET', '/api/v1/me/routes');
const save = (user: number | null, body: unknown) => t.call(user, 'POST', '/api/v1/me/routes', body);
const route = (name: string, pinIds: number[], extra: Record<string, unknown> = {}) => ({
  name,
  pinIds,
  start: { x: 10.5, y: -20, floor: null },
  categories: [1, 2],
  area: 'view',
  region: 0,
  ...extra,
});

describe('saved routes: /v1/me/routes and the share link /v1/route/:token', () => {
  it('saves a route in its order, lists, renames and deletes it, for its owner only', async () => {
    const me = await t.newUser('경로1');
    const other = await t.newUser('경로2');
    expect((await list(me)).body.result).toEqual({ routes: [] });
    const order = [pins[3]!.id, pins[0]!.id, pins[7]!.id];
    const a = await save(me, route('  아침   상자 ', order));
    expect(a.status).toBe(200);
    const saved = a.body.result.routes[0];
    expect(saved).toEqual({
      id: expect.any(Number),
      name: '아침 상자',
      pinIds: order,
      start: { x: 10.5, y: -20, floor: null },
      categories: [1, 2],
      area: 'view',
      region: 0,
      shareToken: expect.stringMatching(/^[A-Za-z0-9_-]{16,}$/),
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
    });
    expect((await list(other)).body.result.routes).toEqual([]);
    const renamed = await t.call(me, 'PATCH', `/api/v1/me/routes/${saved.id}`, { name: '저녁 상자' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.result.routes[0]).toMatchObject({ name: '저녁 상자', pinIds: order, shareToken: saved.shareToken });
    // Another player can neither rename nor delete it.
    const foreign = await t.call(other, 'PATCH', `/api/v1/me/routes/${saved.id}`, { name: '내 것' });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error?.messageTranslated).toBe('경로를 찾을 수 없습니다.');
    expect((await t.call(other, 'DELETE', `/api/v1/me/routes/${saved.id}`)).status).toBe(404);
    const del = await t.call(me, 'DELETE', `/api/v1/me/routes/${saved.id}`);
    expect(del.status).toBe(200);
    expect(del.body.result.routes).toEqual([]);
    // The link dies with the route.
    const gone = await t.call(null, 'GET', `/api/v1/route/${saved.shareToken}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error?.messageTranslated).toMatch(/공유된 경로를 찾을 수 없습니다/);
  });

  it('opens by its link for anyone, read-only: the stops in order where the pins are now, hidden pins left out', async () => {
    const me = await t.newUser('경로3');
    const reader = await t.newUser('경로4');
    const order = [pins[5]!.id, pins[1]!.id, pins[2]!.id];
    const saved = (await save(me, route('공유 경로', order, { start: { x: 1, y: 2, floor: -1 }, area: 'lasso' }))).body.result.routes[0];
    const byLink = (user: number | null) => t.call(user, 'GET', `/api/v1/route/${saved.shareToken}`);
    const visitor = await byLink(null);
    expect(visitor.status).toBe(200);
    expect(visitor.body.result).toEqual({
      name: '공유 경로',
      stops: order.map((id) => {
        const p = pins.find((q) => q.id === id)!;
        return { id, x: expect.closeTo(p.x, 3), y: expect.closeTo(p.y, 3), floor: p.z, category: p.category };
      }),
      start: { x: 1, y: 2, floor: -1 },
      categories: [1, 2],
      area: 'lasso',
      region: 0,
      missing: 0,
      mine: false,
      updatedAt: saved.updatedAt,
    });
    expect((await byLink(me)).body.result.mine).toBe(true);
    expect((await byLink(reader)).body.result.mine).toBe(false);
    await t.db.query('update pins set hidden = true where id = $1', [pins[1]!.id]);
    try {
      const after = (await byLink(reader)).body.result;
      expect(after.stops.map((s: { id: number }) => s.id)).toEqual([pins[5]!.id, pins[2]!.id]);
      expect(after.missing).toBe(1);
    } finally {
      await t.db.query('update pins set hidden = false where id = $1', [pins[1]!.id]);
    }
    // A reader has no way to change it: the owner's calls answer 404 to them, and there is no write on the link.
    expect((await t.call(reader, 'PATCH', `/api/v1/me/routes/${saved.id}`, { name: '바꿈' })).status).toBe(404);
    expect((await t.call(reader, 'PUT', `/api/v1/route/${saved.shareToken}`, { name: '바꿈' })).status).toBe(404);
    const bad = await t.call(null, 'GET', '/api/v1/route/nope');
    expect(bad.status).toBe(404);
    expect(bad.body.error?.messageTranslated).toMatch(/[가-힣]/);
  });

  it('refuses a route over the pin limit, unknown or repeated pins and bad fields with a Korean 400, writing nothing', async () => {
    const me = await t.newUser('경로5');
    const ids = pins.map((p) => p.id);
    const cases: [unknown, RegExp][] = [
      [
        route(
          '긴 경로',
          Array.from({ length: ROUTE_LIMITS.stops + 1 }, (_, i) => i + 1),
        ),
        /최대 1,000개/,
      ],
      [route('빈 경로', []), /정거장이 없는/],
      [route('없는 핀', [ids[0]!, 2_000_000_000]), /존재하지 않는 핀 1개/],
      [route('두 번', [ids[0]!, ids[1]!, ids[0]!]), /같은 핀이 두 번/],
      [route('   ', ids), /이름을 입력/],
      [route('가'.repeat(ROUTE_LIMITS.name + 1), ids), /40자 이하/],
      [route('음수', [-1]), /[가-힣]/],
      [route('문자', ['a'] as unknown as number[]), /[가-힣]/],
      [route('무한', ids, { start: { x: 'Infinity', y: 0, floor: null } }), /[가-힣]/],
      [route('범위', ids, { area: 'circle' }), /[가-힣]/],
      [{ ...route('덤', ids), extra: 1 }, /[가-힣]/],
      [{ name: '빠짐', pinIds: ids }, /[가-힣]/],
    ];
    for (const [body, message] of cases) {
      const r = await save(me, body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.body.error?.messageTranslated).toMatch(message);
    }
    expect((await list(me)).body.result.routes).toEqual([]);
    expect((await t.call(me, 'PATCH', '/api/v1/me/routes/1', { name: '' })).status).toBe(400);
    expect((await t.call(me, 'DELETE', '/api/v1/me/routes/abc')).status).toBe(400);
    expect((await list(null)).status).toBe(401);
    expect((await save(null, route('방문자', ids))).status).toBe(401);
  });

  it(`keeps at most ${ROUTE_LIMITS.routes} routes a player`, async () => {
    const me = await t.newUser('경로6');
    const ids = [pins[0]!.id];
    for (let i = 0; i < ROUTE_LIMITS.routes; i++) expect((await save(me, route(`경로 ${i}`, ids))).status).toBe(200);
    const over = await save(me, route('하나 더', ids));
    expect(over.status).toBe(400);
    expect(over.body.error?.messageTranslated).toMatch(/50개까지/);
    expect((await list(me)).body.result.routes).toHaveLength(ROUTE_LIMITS.routes);
  });
});
