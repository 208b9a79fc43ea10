import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededApp } from '../../test-helper';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp(1500);
});
afterAll(async () => {
  await t?.close();
});

const USER = 7;
const lastEdited = async (id: number) =>
  (await t.one<{ last_edited: number }>('select last_edited from categories where id = $1', [id])).last_edited;
const draft = (over: Record<string, unknown> = {}) => ({
  coordX: 120.5,
  coordY: -340.25,
  categoryId: 3,
  region: 0,
  content: '  다리 밑에 있어요  ',
  tags: [1, 2],
  ...over,
});

describe('GET /v1/pin/:id', () => {
  it('answers the detail with tags, category, counts and isChecked for the caller', async () => {
    const withTag = await t.one<{ pin_id: number }>(
      'select pin_id from pin_tags where pin_id not in (select pin_id from checks where user_id = $1) order by pin_id limit 1',
      [USER],
    );
    const id = withTag.pin_id;
    const visitor = await t.call(null, 'GET', `/api/v1/pin/${id}`);
    expect(visitor.status).toBe(200);
    const p = visitor.body.result;
    expect(p).toMatchObject({
      id,
      isChecked: false,
      catNum: p.categoryId,
      categoryName: expect.any(String),
      totalChecks: expect.any(Number),
      commentCount: expect.any(Number),
    });
    expect(p.tags[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      flag: expect.toSatisfy((v: unknown) => v === null || typeof v === 'number'),
    });
    expect(p.tagIds).toEqual(p.tags.map((x: { id: number }) => x.id));
    await t.call(USER, 'POST', `/api/v1/pin/${id}/check`, { check: true });
    const mine = await t.call(USER, 'GET', `/api/v1/pin/${id}`);
    expect(mine.body.result.isChecked).toBe(true);
    expect(mine.body.result.totalChecks).toBe(p.totalChecks + 1);
    expect((await t.call(8, 'GET', `/api/v1/pin/${id}`)).body.result.isChecked).toBe(false);
  });

  it('answers 404 for an unknown pin and 400 for a malformed id', async () => {
    const r = await t.call(null, 'GET', '/api/v1/pin/987654');
    expect(r.status).toBe(404);
    expect(r.body.error?.messageTranslated).toBe('핀을 찾을 수 없습니다.');
    expect((await t.call(null, 'GET', '/api/v1/pin/x1')).status).toBe(400);
  });
});

describe('PUT /v1/pin', () => {
  it('creates a pin with tags, a revision and a bumped lastEdited', async () => {
    const before = await lastEdited(3);
    const r = await t.call(USER, 'PUT', '/api/v1/pin', draft());
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual({ id: expect.any(Number), categoryId: 3 });
    const id = r.body.result.id;
    const d = (await t.call(USER, 'GET', `/api/v1/pin/${id}`)).body.result;
    expect(d).toMatchObject({
      coordX: 120.5,
      coordY: -340.25,
      coordZ: null,
      description: '다리 밑에 있어요',
      tagIds: [1, 2],
      registererId: USER,
      region: 0,
    });
    expect(await lastEdited(3)).toBeGreaterThan(before);
    const rev = await t.one<{ user_id: number; before: unknown; after: { categoryId: number; tags: number[] } }>(
      'select user_id, before, after from pin_revisions where pin_id = $1',
      [id],
    );
    expect(rev.user_id).toBe(USER);
    expect(rev.before).toBeNull();
    expect(rev.after).toMatchObject({ categoryId: 3, tags: [1, 2] });
  });

  it('accepts a pin on a sub-map floor of another region', async () => {
    const r = await t.call(
      USER,
      'PUT',
      '/api/v1/pin',
      draft({ region: 4, coordX: 0, coordY: 0, coordZ: -6, tags: [], content: null, image: '/images/seed-1.webp' }),
    );
    expect(r.status).toBe(200);
    const d = (await t.call(null, 'GET', `/api/v1/pin/${r.body.result.id}`)).body.result;
    expect(d).toMatchObject({ region: 4, coordZ: -6, description: null, image: '/images/seed-1.webp' });
  });

  it('puts a pin on a named floor area: the one holding it at its depth, or the one the draft names (issue 20)', async () => {
    const area = async (name: string) => (await t.one<{ id: number }>('select id from floor_areas where name = $1', [name])).id;
    // Abyss (−6) holds (0, 0) of avinullin: found by position.
    const byPlace = await t.call(USER, 'PUT', '/api/v1/pin', draft({ region: 4, coordX: 0, coordY: 0, coordZ: -6, tags: [] }));
    const d = (await t.call(null, 'GET', `/api/v1/pin/${byPlace.body.result.id}`)).body.result;
    expect(d).toMatchObject({ coordZ: -6, floorAreaId: await area('abyss') });
    // On the base map: none.
    const base = (await t.call(null, 'GET', `/api/v1/pin/1`)).body.result;
    expect(base.floorAreaId === null || typeof base.floorAreaId === 'number').toBe(true);
    // Named by the draft; a move off its depth drops it for the one at the new place (none here).
    const b1 = await area('vault_b1');
    const named = await t.call(
      USER,
      'PUT',
      '/api/v1/pin',
      draft({ region: 3, coordX: 500, coordY: -1000, coordZ: -1, floorAreaId: b1, tags: [] }),
    );
    expect(named.status).toBe(200);
    const id = named.body.result.id;
    expect((await t.call(null, 'GET', `/api/v1/pin/${id}`)).body.result.floorAreaId).toBe(b1);
    const moved = await t.call(USER, 'PATCH', `/api/v1/pin/${id}`, { coordZ: -3, coordX: 2000, coordY: 500 });
    expect(moved.status).toBe(200);
    expect((await t.call(null, 'GET', `/api/v1/pin/${id}`)).body.result.floorAreaId).toBe(await area('vault_core'));
    // An area of another tile set, or at another depth, is refused in Korean.
    const foreign = await t.call(USER, 'PATCH', `/api/v1/pin/${id}`, { floorAreaId: await area('abyss') });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error?.messageTranslated).toBe('이 지역에 없는 층 구역입니다.');
    const depth = await t.call(USER, 'PATCH', `/api/v1/pin/${id}`, { floorAreaId: b1 });
    expect(depth.status).toBe(400);
    expect(depth.body.error?.messageTranslated).toBe('좌표에 잘못된 값이 입력되었습니다.');
    expect((await t.call(null, 'GET', `/api/v1/pin/${id}`)).body.result.floorAreaId).toBe(await area('vault_core'));
  });

  it('needs a signed-in user', async () => {
    const r = await t.call(null, 'PUT', '/api/v1/pin', draft());
    expect(r.status).toBe(401);
    expect(r.body.error?.errClazz).toBe('requires_login');
  });

  it('needs a category', async () => {
    for (const categoryId of [undefined, null, 0]) {
      const r = await t.call(USER, 'PUT', '/api/v1/pin', draft({ categoryId }));
      expect(r.status).toBe(400);
      expect(r.body.error?.messageTranslated).toBe('카테고리를 선택해 주세요.');
    }
    const unknown = await t.call(USER, 'PUT', '/api/v1/pin', draft({ categoryId: 4242 }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.messageTranslated).toBe('카테고리를 찾을 수 없습니다.');
  });

  it('refuses invalid coordinates with the spec message', async () => {
    const bad = [
      { coordX: 'east' },
      { coordY: null },
      { coordX: undefined },
      { coordX: 99_999 },
      { region: 1, coordX: 3500 },
      { coordZ: 0.5 },
      { coordZ: 'b1' },
    ];
    for (const over of bad) {
      const r = await t.call(USER, 'PUT', '/api/v1/pin', draft(over));
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.error?.messageTranslated).toBe('좌표에 잘못된 값이 입력되었습니다.');
    }
    // JSON cannot say Infinity, but 1e400 parses to it.
    const inf = await t.as(USER, {
      method: 'PUT',
      url: '/api/v1/pin',
      headers: { 'content-type': 'application/json' },
      payload: '{"coordX":1e400,"coordY":0,"categoryId":3,"region":0}',
    });
    expect(inf.statusCode).toBe(400);
    expect(inf.json().error.messageTranslated).toBe('좌표에 잘못된 값이 입력되었습니다.');
  });

  it('refuses unknown tags, a bad region, a bad image and an overlong description', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ tags: [1, 9999] }, '존재하지 않는 태그가 포함되어 있습니다.'],
      [{ tags: ['a'] }, '요청 형식이 올바르지 않습니다.'],
      [{ region: 7 }, '요청 형식이 올바르지 않습니다.'],
      [{ image: 'javascript:alert(1)' }, '요청 형식이 올바르지 않습니다.'],
      [{ content: '가'.repeat(2001) }, '내용은 2,000자 이하로 입력해 주세요.'],
    ];
    for (const [over, message] of cases) {
      const r = await t.call(USER, 'PUT', '/api/v1/pin', draft(over));
      expect(r.status, JSON.stringify(over).slice(0, 40)).toBe(400);
      expect(r.body.error?.messageTranslated).toBe(message);
    }
    const broken = await t.as(USER, {
      method: 'PUT',
      url: '/api/v1/pin',
      headers: { 'content-type': 'application/json' },
      payload: '{"coordX": 1,',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.errClazz).toBe('bad_request');
  });
});

describe('PATCH /v1/pin/:id', () => {
  it('edits any subset, records before/after and bumps both categories on a move', async () => {
    const id = (await t.call(USER, 'PUT', '/api/v1/pin', draft({ categoryId: 5 }))).body.result.id;
    const [old5, old6] = [await lastEdited(5), await lastEdited(6)];
    const r = await t.call(8, 'PATCH', `/api/v1/pin/${id}`, { categoryId: 6, content: '위치 수정' });
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual({ id, categoryId: 6 });
    expect(await lastEdited(5)).toBeGreaterThan(old5);
    expect(await lastEdited(6)).toBeGreaterThan(old6);
    const d = (await t.call(null, 'GET', `/api/v1/pin/${id}`)).body.result;
    expect(d).toMatchObject({ categoryId: 6, description: '위치 수정', coordX: 120.5, tagIds: [1, 2], registererId: USER });
    const revs = (
      await t.db.query<{ user_id: number; before: { categoryId: number } | null; after: { categoryId: number } }>(
        'select user_id, before, after from pin_revisions where pin_id = $1 order by id',
        [id],
      )
    ).rows;
    expect(revs).toHaveLength(2);
    expect(revs[1]).toMatchObject({ user_id: 8, before: { categoryId: 5 }, after: { categoryId: 6 } });
    const moved = await t.call(8, 'PATCH', `/api/v1/pin/${id}`, { coordX: 130, tags: [] });
    expect(moved.status).toBe(200);
    expect((await t.call(null, 'GET', `/api/v1/pin/${id}`)).body.result).toMatchObject({ coordX: 130, tagIds: [] });
  });

  it('refuses bad edits without changing the pin', async () => {
    const id = 10;
    const before = (await t.call(null, 'GET', `/api/v1/pin/${id}`)).body.result;
    expect((await t.call(null, 'PATCH', `/api/v1/pin/${id}`, { content: 'x' })).body.error?.errClazz).toBe('requires_login');
    expect((await t.call(USER, 'PATCH', `/api/v1/pin/${id}`, { coordX: 1e7 })).body.error?.messageTranslated).toBe(
      '좌표에 잘못된 값이 입력되었습니다.',
    );
    expect((await t.call(USER, 'PATCH', `/api/v1/pin/${id}`, { categoryId: null })).body.error?.messageTranslated).toBe(
      '카테고리를 선택해 주세요.',
    );
    expect((await t.call(USER, 'PATCH', `/api/v1/pin/${id}`, {})).status).toBe(400);
    expect((await t.call(USER, 'PATCH', `/api/v1/pin/${id}`, { tags: [77777] })).status).toBe(400);
    expect((await t.call(USER, 'PATCH', '/api/v1/pin/999999', { content: 'x' })).status).toBe(404);
    const after = (await t.call(null, 'GET', `/api/v1/pin/${id}`)).body.result;
    expect(after).toEqual(before);
  });
});

describe('POST /v1/pin/report', () => {
  it('stores a report for moderation', async () => {
    const r = await t.call(USER, 'POST', '/api/v1/pin/report', {
      targetPinId: 20,
      duplicatePinId: 21,
      comment: ' 같은 위치의 중복 핀입니다 ',
    });
    expect(r.status).toBe(200);
    const row = await t.one<{ target_pin_id: number; duplicate_pin_id: number; user_id: number; comment: string; status: string }>(
      'select * from reports where id = $1',
      [r.body.result.id],
    );
    expect(row).toMatchObject({
      target_pin_id: 20,
      duplicate_pin_id: 21,
      user_id: USER,
      comment: '같은 위치의 중복 핀입니다',
      status: 'open',
    });
    expect(
      (await t.call(USER, 'POST', '/api/v1/pin/report', { targetPinId: 20, duplicatePinId: 0, comment: '위치가 틀려요' })).status,
    ).toBe(200);
  });

  it('refuses visitors, unknown pins and empty comments', async () => {
    expect((await t.call(null, 'POST', '/api/v1/pin/report', { targetPinId: 20, duplicatePinId: 0, comment: 'x' })).status).toBe(401);
    expect((await t.call(USER, 'POST', '/api/v1/pin/report', { targetPinId: 999999, duplicatePinId: 0, comment: 'x' })).status).toBe(404);
    const dup = await t.call(USER, 'POST', '/api/v1/pin/report', { targetPinId: 20, duplicatePinId: 999999, comment: 'x' });
    expect(dup.status).toBe(400);
    expect(dup.body.error?.messageTranslated).toBe('중복 핀으로 지정한 핀을 찾을 수 없습니다.');
    expect((await t.call(USER, 'POST', '/api/v1/pin/report', { targetPinId: 20, duplicatePinId: 20, comment: 'x' })).status).toBe(400);
    const blank = await t.call(USER, 'POST', '/api/v1/pin/report', { targetPinId: 20, duplicatePinId: 0, comment: '   ' });
    expect(blank.body.error?.messageTranslated).toBe('내용을 입력해 주세요.');
    expect((await t.call(USER, 'POST', '/api/v1/pin/report', { targetPinId: 20, comment: 'x' })).status).toBe(400);
    expect((await t.call(USER, 'POST', '/api/v1/pin/report', { targetPinId: 20, duplicatePinId: -1, comment: 'x' })).status).toBe(400);
  });
});
