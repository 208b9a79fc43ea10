import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, MODERATOR, seededApp } from '../../test-helper';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp(600);
});
afterAll(async () => {
  await t?.close();
});

const PLAYER = 7;
const VANDAL = 9;
const draft = (over: Record<string, unknown> = {}) => ({
  coordX: 100,
  coordY: -300,
  categoryId: 3,
  region: 0,
  content: '다리 밑 상자',
  tags: [1],
  ...over,
});
const newPin = async (userId = PLAYER, over: Record<string, unknown> = {}) =>
  (await t.call(userId, 'PUT', '/api/v1/pin', draft(over))).body.result.id as number;
const who = [null, PLAYER, MODERATOR, ADMIN] as const;

/** Status codes of one call for a visitor, a player, a moderator and an admin. */
async function statuses(method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, body?: () => unknown) {
  const out: number[] = [];
  for (const u of who) out.push((await t.call(u, method, url, body?.())).status);
  return out;
}

describe('permissions of every moderation call (visitor, player, moderator, admin)', () => {
  it('reads: queue, changes, players, audit are for moderators and admins', async () => {
    for (const url of [
      '/api/v1/moderation/reports?status=open',
      '/api/v1/moderation/reports?status=resolved',
      '/api/v1/moderation/changes',
      '/api/v1/moderation/users',
      '/api/v1/moderation/audit',
    ]) {
      expect(await statuses('GET', url), url).toEqual([401, 403, 200, 200]);
    }
    const v = await t.call(null, 'GET', '/api/v1/moderation/audit');
    expect(v.body.error?.errClazz).toBe('requires_login');
    const p = await t.call(PLAYER, 'GET', '/api/v1/moderation/audit');
    expect(p.body.error).toMatchObject({ errClazz: 'forbidden', messageTranslated: '운영진만 할 수 있습니다.' });
  });

  it('revisions are public; revert is for moderators and admins', async () => {
    const id = await newPin();
    await t.call(VANDAL, 'PATCH', `/api/v1/pin/${id}`, { content: '낙서' });
    expect(await statuses('GET', `/api/v1/pin/${id}/revisions`)).toEqual([200, 200, 200, 200]);
    const first = (await t.call(null, 'GET', `/api/v1/pin/${id}/revisions`)).body.result.at(-1).id;
    expect(await statuses('POST', `/api/v1/pin/${id}/revert`, () => ({ revisionId: first }))).toEqual([401, 403, 200, 200]);
  });

  it('report actions, hide, revert-since and suspension are for moderators; roles and catalogue for admins', async () => {
    const reports: number[] = [];
    for (let i = 0; i < 2; i++)
      reports.push(
        (await t.call(PLAYER, 'POST', '/api/v1/pin/report', { targetPinId: 30 + i, duplicatePinId: 0, comment: '틀린 위치' })).body.result
          .id,
      );
    const acts = [];
    for (const [i, u] of who.entries())
      acts.push((await t.call(u, 'POST', `/api/v1/moderation/reports/${reports[Math.max(0, i - 2)]}`, { action: 'dismiss' })).status);
    expect(acts).toEqual([401, 403, 200, 200]);
    expect(await statuses('POST', '/api/v1/moderation/pins/40/hide', () => ({ hidden: false }))).toEqual([401, 403, 200, 200]);
    expect(
      await statuses('POST', `/api/v1/moderation/users/${VANDAL}/revert-since`, () => ({
        since: new Date(Date.now() + 60_000).toISOString(),
      })),
    ).toEqual([401, 403, 200, 200]);
    const until = () => ({ until: new Date(Date.now() + 3_600_000).toISOString(), reason: '테스트' });
    expect(await statuses('POST', '/api/v1/moderation/users/11/suspend', until)).toEqual([401, 403, 200, 200]);
    // The suspension in force is the admin's (the last call above), so the admin lifts it and a moderator's is put in
    // force for a moderator to lift (server/moderation/rank.ts; rank.test.ts has the refusals).
    expect((await t.call(ADMIN, 'DELETE', '/api/v1/moderation/users/11/suspend')).status).toBe(200);
    expect((await t.call(MODERATOR, 'POST', '/api/v1/moderation/users/11/suspend', until())).status).toBe(200);
    expect(await statuses('DELETE', '/api/v1/moderation/users/11/suspend')).toEqual([401, 403, 200, 200]);
    expect(await statuses('POST', '/api/v1/moderation/users/12/role', () => ({ role: 'user' }))).toEqual([401, 403, 403, 200]);
    expect(await statuses('POST', '/api/v1/moderation/categories/3/tags', () => ({ groupName: '패치 3.0', name: '새 태그' }))).toEqual([
      401, 403, 403, 200,
    ]);
    expect(await statuses('PATCH', '/api/v1/moderation/categories/3', () => ({ icon: 3 }))).toEqual([401, 403, 403, 200]);
    expect(await statuses('POST', '/api/v1/moderation/categories/order', () => ({ ids: [3, 2, 1] }))).toEqual([401, 403, 403, 200]);
    expect(await statuses('POST', '/api/v1/moderation/categories', () => ({ groupId: 1, name: '새 수집품', icon: 5 }))).toEqual([
      401, 403, 403, 200,
    ]);
  });
});

describe('history and revert', () => {
  it('shows who changed what, and a revert puts the pin back as a new revision', async () => {
    const id = await newPin(PLAYER, { image: '/images/seed-1.webp' });
    const outside = await t.call(VANDAL, 'PATCH', `/api/v1/pin/${id}`, { image: 'https://evil.example/x.png' });
    expect(outside.status).toBe(400);
    expect(outside.body.error?.messageTranslated).toBe('핀 이미지는 이 사이트의 이미지 호스팅에 올린 것만 쓸 수 있습니다.');
    expect((await t.call(VANDAL, 'PATCH', `/api/v1/pin/${id}`, { coordX: 5500, coordY: 6900, content: '낙서', tags: [2] })).status).toBe(
      200,
    );
    const revs = (await t.call(null, 'GET', `/api/v1/pin/${id}/revisions`)).body.result;
    expect(revs).toHaveLength(2);
    expect(revs[0]).toMatchObject({ userId: VANDAL, kind: 'edit', nickname: expect.any(String) });
    expect(revs[0].changes.map((c: { field: string }) => c.field)).toEqual(['position', 'description', 'tags']);
    expect(revs[0].changes[0].distance).toBeCloseTo(Math.hypot(5400, 7200), 0);
    const other = (await t.call(null, 'GET', `/api/v1/pin/10/revisions`)).body.result;
    expect((await t.call(MODERATOR, 'POST', `/api/v1/pin/${id}/revert`, { revisionId: other[0]?.id ?? 999999 })).status).toBe(404);
    const back = await t.call(MODERATOR, 'POST', `/api/v1/pin/${id}/revert`, { revisionId: revs[1].id });
    expect(back.status).toBe(200);
    const pin = (await t.call(null, 'GET', `/api/v1/pin/${id}`)).body.result;
    expect(pin).toMatchObject({ coordX: 100, coordY: -300, description: '다리 밑 상자', tagIds: [1], image: '/images/seed-1.webp' });
    const after = (await t.call(null, 'GET', `/api/v1/pin/${id}/revisions`)).body.result;
    expect(after[0]).toMatchObject({ kind: 'revert', userId: MODERATOR });
    expect(after[1].revertedAt).not.toBeNull();
    expect((await t.call(ADMIN, 'GET', '/api/v1/moderation/audit')).body.result[0]).toMatchObject({
      action: 'revert',
      targetType: 'pin',
      targetId: id,
      actorId: MODERATOR,
    });
  });

  it('reverts every edit of a vandal since a time, and lists the changes by player', async () => {
    const a = await newPin(PLAYER);
    const b = await newPin(PLAYER, { coordX: 200 });
    const since = new Date(Date.now() - 1000).toISOString();
    await t.call(13, 'PATCH', `/api/v1/pin/${a}`, { content: '광고' });
    await t.call(13, 'PATCH', `/api/v1/pin/${b}`, { coordX: 3000 });
    await t.call(13, 'PATCH', `/api/v1/pin/${b}`, { content: '광고 2' });
    const spam = await newPin(13);
    const feed = (await t.call(MODERATOR, 'GET', `/api/v1/moderation/changes?userId=13&since=${encodeURIComponent(since)}`)).body.result;
    expect(feed.map((c: { pinId: number }) => c.pinId)).toEqual([spam, b, b, a]);
    const r = await t.call(MODERATOR, 'POST', '/api/v1/moderation/users/13/revert-since', { since });
    expect(r.body.result).toEqual({ reverted: [a, b].sort((x, y) => x - y), hidden: [spam] });
    expect((await t.call(null, 'GET', `/api/v1/pin/${b}`)).body.result).toMatchObject({ coordX: 200, description: '다리 밑 상자' });
    expect((await t.call(null, 'GET', `/api/v1/pin/${spam}`)).status).toBe(404);
    expect((await t.call(MODERATOR, 'GET', `/api/v1/pin/${spam}`)).body.result.hidden).toBe(true);
    expect(
      (await t.call(MODERATOR, 'POST', '/api/v1/moderation/users/13/revert-since', { since: 'yesterday-ish' })).body.error
        ?.messageTranslated,
    ).toBe('시각 형식이 올바르지 않습니다.');
  });
});

describe('reports: hide and merge', () => {
  it('merges a duplicate: checks and comments move, each player counted once, totalChecks right', async () => {
    const keep = await newPin(PLAYER);
    const dup = await newPin(PLAYER, { coordX: 101 });
    for (const u of [20, 21]) await t.call(u, 'POST', `/api/v1/pin/${keep}/check`, { check: true });
    for (const u of [21, 22, 23]) await t.call(u, 'POST', `/api/v1/pin/${dup}/check`, { check: true });
    await t.call(22, 'PUT', `/api/v2/pin/${dup}/comment`, { content: '여기 있어요' });
    const before22 = (await t.call(22, 'GET', '/api/v1/me/checks')).body.result.checkTime;
    const rid = (await t.call(PLAYER, 'POST', '/api/v1/pin/report', { targetPinId: dup, duplicatePinId: keep, comment: '중복' })).body
      .result.id;
    const open = (await t.call(MODERATOR, 'GET', '/api/v1/moderation/reports?status=open')).body.result;
    expect(open[0]).toMatchObject({ id: rid, target: { id: dup }, duplicate: { id: keep }, comment: '중복', reporterId: PLAYER });
    expect((await t.call(MODERATOR, 'POST', `/api/v1/moderation/reports/${rid}`, { action: 'merge', keepPinId: 12345 })).status).toBe(400);
    const m = await t.call(MODERATOR, 'POST', `/api/v1/moderation/reports/${rid}`, { action: 'merge' });
    expect(m.status).toBe(200);
    expect((await t.call(null, 'GET', `/api/v1/pin/${keep}`)).body.result).toMatchObject({ totalChecks: 4, commentCount: 1 });
    expect((await t.one<{ n: number }>('select count(*)::int as n from checks where pin_id = $1', [keep])).n).toBe(4);
    expect((await t.call(null, 'GET', `/api/v1/pin/${dup}`)).status).toBe(404);
    expect((await t.call(MODERATOR, 'GET', `/api/v1/pin/${dup}`)).body.result).toMatchObject({
      hidden: true,
      mergedInto: keep,
      totalChecks: 0,
    });
    expect((await t.call(22, 'GET', '/api/v1/me/checks')).body.result.checkTime).toBeGreaterThan(before22);
    expect((await t.call(22, 'GET', '/api/v1/me/checks')).body.result.pinIds).toContain(keep);
    const again = await t.call(MODERATOR, 'POST', `/api/v1/moderation/reports/${rid}`, { action: 'dismiss' });
    expect(again.status).toBe(409);
    const resolved = (await t.call(MODERATOR, 'GET', '/api/v1/moderation/reports?status=resolved')).body.result;
    expect(resolved.find((x: { id: number }) => x.id === rid)).toMatchObject({ status: 'resolved', resolution: `merge:${keep}` });
  });

  it('hides a reported pin from everyone but moderators, reversibly, and out of the category list', async () => {
    const id = await newPin(PLAYER, { categoryId: 4 });
    const rid = (await t.call(PLAYER, 'POST', '/api/v1/pin/report', { targetPinId: id, duplicatePinId: 0, comment: '없는 상자' })).body
      .result.id;
    expect((await t.call(MODERATOR, 'POST', `/api/v1/moderation/reports/${rid}`, { action: 'hide' })).status).toBe(200);
    const list = (await t.call(null, 'GET', '/api/v1/category/4/pins-proto')).body.result.pins.map((p: { id: number }) => p.id);
    expect(list).not.toContain(id);
    expect((await t.call(PLAYER, 'PATCH', `/api/v1/pin/${id}`, { content: 'x' })).status).toBe(404);
    expect((await t.call(MODERATOR, 'POST', `/api/v1/moderation/pins/${id}/hide`, { hidden: false })).status).toBe(200);
    expect((await t.call(null, 'GET', `/api/v1/pin/${id}`)).status).toBe(200);
  });
});

describe('report queue filters', () => {
  it("filters by kind, the reported pin's category and region, and reporter; for moderators and admins only", async () => {
    const a = await newPin(PLAYER, { categoryId: 5 });
    const b = await newPin(PLAYER, { categoryId: 5, coordX: 102 });
    const far = await t.one<{ id: number; region: number }>(
      'select id, region from pins where region <> 0 and not hidden and category_id <> 5 order by id limit 1',
    );
    const report = async (userId: number, targetPinId: number, duplicatePinId: number, comment: string) =>
      (await t.call(userId, 'POST', '/api/v1/pin/report', { targetPinId, duplicatePinId, comment })).body.result.id as number;
    const wrong = await report(24, a, 0, '위치가 틀림');
    const dup = await report(25, b, a, '중복');
    const farOff = await report(24, far.id, 0, '없는 상자');
    const mine = [wrong, dup, farOff];
    type Row = { id: number; duplicate: unknown; reporterId: number; target: { categoryId: number; region: number } };
    const list = async (q: string) => (await t.call(MODERATOR, 'GET', `/api/v1/moderation/reports?status=open&${q}`)).body.result as Row[];
    const ours = async (q: string) => (await list(q)).map((r) => r.id).filter((id) => mine.includes(id));
    expect(await ours('kind=duplicate')).toEqual([dup]);
    expect(await ours('kind=wrong')).toEqual([farOff, wrong]);
    expect(await ours('categoryId=5')).toEqual([dup, wrong]);
    expect(await ours(`region=${far.region}`)).toEqual([farOff]);
    expect((await list('reporterId=24')).map((r) => r.id)).toEqual([farOff, wrong]);
    expect((await list('reporterId=25&kind=duplicate&categoryId=5&region=0')).map((r) => r.id)).toEqual([dup]);
    expect(await list('reporterId=25&kind=wrong')).toEqual([]);
    // Every row answers its filter, also the reports of other tests.
    for (const r of await list('kind=wrong')) expect(r.duplicate).toBeNull();
    for (const r of await list('kind=duplicate')) expect(r.duplicate).not.toBeNull();
    for (const r of await list('categoryId=5')) expect(r.target.categoryId).toBe(5);
    for (const r of await list('region=0')) expect(r.target.region).toBe(0);
    expect((await t.call(MODERATOR, 'GET', '/api/v1/moderation/reports?kind=spam')).status).toBe(400);
    expect(await statuses('GET', '/api/v1/moderation/reports?status=open&kind=wrong&reporterId=24&region=0&categoryId=5')).toEqual([
      401, 403, 200, 200,
    ]);
    // A resolved report leaves the open filter's answer and joins the resolved one.
    expect((await t.call(ADMIN, 'POST', `/api/v1/moderation/reports/${wrong}`, { action: 'dismiss' })).status).toBe(200);
    expect((await list('reporterId=24')).map((r) => r.id)).toEqual([farOff]);
    const resolved = (await t.call(ADMIN, 'GET', '/api/v1/moderation/reports?status=resolved&reporterId=24')).body.result as Row[];
    expect(resolved.map((r) => r.id)).toEqual([wrong]);
  });
});

describe('suspension', () => {
  it('lets a suspended player read, refuses every write with account_suspended, and lifts', async () => {
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
    expect(
      (await t.call(MODERATOR, 'POST', '/api/v1/moderation/users/15/suspend', { until, reason: '  ' })).body.error?.messageTranslated,
    ).toBe('정지 사유를 입력해 주세요.');
    expect(
      (await t.call(MODERATOR, 'POST', '/api/v1/moderation/users/15/suspend', { until: '2000-01-01T00:00:00Z', reason: '도배' })).status,
    ).toBe(400);
    expect((await t.call(MODERATOR, 'POST', `/api/v1/moderation/users/${ADMIN}/suspend`, { until, reason: '도배' })).status).toBe(403);
    expect((await t.call(MODERATOR, 'POST', '/api/v1/moderation/users/15/suspend', { until, reason: '도배' })).status).toBe(200);
    expect((await t.call(15, 'GET', '/api/v1/pin/10')).status).toBe(200);
    const writes: [string, string, unknown][] = [
      ['POST', '/api/v1/pin/10/check', { check: true }],
      ['PUT', '/api/v1/pin', draft()],
      ['PATCH', '/api/v1/pin/10', { content: 'x' }],
      ['PUT', '/api/v2/pin/10/comment', { content: 'x' }],
      ['POST', '/api/v1/pin/report', { targetPinId: 10, duplicatePinId: 0, comment: 'x' }],
      ['POST', '/api/v1/pin/batch-check', { pinIds: [10], check: true }],
      ['PATCH', '/api/v1/me', { nickname: '바뀐이름' }],
    ];
    for (const [method, url, body] of writes) {
      const r = await t.call(15, method as 'POST', url, body);
      expect(r.status, url).toBe(403);
      expect(r.body.error?.errClazz).toBe('account_suspended');
      expect(r.body.error?.messageTranslated).toMatch(/까지 이용 정지되었습니다 \(사유: 도배\)/);
    }
    const lift = await t.call(MODERATOR, 'DELETE', '/api/v1/moderation/users/15/suspend');
    expect(lift.status).toBe(200);
    expect((await t.call(15, 'POST', '/api/v1/pin/10/check', { check: true })).status).toBe(200);
    const actions = (await t.call(ADMIN, 'GET', '/api/v1/moderation/audit')).body.result.map((a: { action: string }) => a.action);
    expect(actions.slice(0, 2)).toEqual(['unsuspend', 'suspend']);
  });
});

describe('roles and catalogue', () => {
  it('an admin appoints and removes a moderator; admins cannot be changed', async () => {
    expect((await t.call(16, 'GET', '/api/v1/moderation/reports')).status).toBe(403);
    expect((await t.call(ADMIN, 'POST', '/api/v1/moderation/users/16/role', { role: 'moderator' })).status).toBe(200);
    expect((await t.call(16, 'GET', '/api/v1/moderation/reports')).status).toBe(200);
    expect((await t.call(16, 'GET', '/api/v1/me')).body.result.role).toBe('moderator');
    expect((await t.call(ADMIN, 'POST', `/api/v1/moderation/users/${ADMIN}/role`, { role: 'user' })).status).toBe(403);
    expect((await t.call(ADMIN, 'POST', '/api/v1/moderation/users/16/role', { role: 'admin' })).status).toBe(400);
    expect((await t.call(ADMIN, 'POST', '/api/v1/moderation/users/16/role', { role: 'user' })).status).toBe(200);
    expect((await t.call(16, 'GET', '/api/v1/moderation/reports')).status).toBe(403);
  });

  it('adds a category and a tag, renames, and bumps lastEdited so clients refetch', async () => {
    const added = await t.call(ADMIN, 'POST', '/api/v1/moderation/categories', { groupId: 1, name: '  새 보물상자  ', icon: 7 });
    const id = added.body.result.id;
    const find = async () =>
      (await t.call(null, 'GET', '/api/v1/category/groups')).body.result
        .flatMap((g: { categories: unknown[] }) => g.categories)
        .find((c: { id: number }) => c.id === id);
    expect(await find()).toMatchObject({ name: '새 보물상자', icon: 7 });
    const before = (await find()).lastEdited;
    expect((await t.call(ADMIN, 'PATCH', `/api/v1/moderation/categories/${id}`, { name: '빛나는 상자' })).status).toBe(200);
    expect(await find()).toMatchObject({ name: '빛나는 상자' });
    expect((await find()).lastEdited).toBeGreaterThan(before);
    const tag = await t.call(ADMIN, 'POST', `/api/v1/moderation/categories/${id}/tags`, { groupName: '3.0 패치', name: '신규' });
    const tags = (await t.call(null, 'GET', '/api/v1/category/tag-groups')).body.result;
    expect(JSON.stringify(tags)).toContain('신규');
    expect(tag.body.result.id).toBeGreaterThan(0);
    expect((await t.call(ADMIN, 'POST', '/api/v1/moderation/categories', { groupId: 999, name: 'x', icon: 1 })).status).toBe(400);
    expect(
      (await t.call(ADMIN, 'POST', '/api/v1/moderation/categories', { groupId: 1, name: ' ', icon: 1 })).body.error?.messageTranslated,
    ).toBe('이름을 입력해 주세요.');
  });
  it('reorders categories: the list comes back in the new order, each reordered category refetched', async () => {
    type Cat = { id: number; lastEdited: number };
    const group = async () => (await t.call(null, 'GET', '/api/v1/category/groups')).body.result[0] as { categories: Cat[] };
    const before = (await group()).categories;
    expect(before.length).toBeGreaterThan(2);
    const wanted = before.map((c) => c.id).reverse();
    expect((await t.call(ADMIN, 'POST', '/api/v1/moderation/categories/order', { ids: wanted })).body.result).toEqual({ ids: wanted });
    const after = (await group()).categories;
    expect(after.map((c) => c.id)).toEqual(wanted);
    for (const c of after) expect(c.lastEdited).toBeGreaterThan(before.find((b) => b.id === c.id)!.lastEdited);
    expect((await t.call(ADMIN, 'POST', '/api/v1/moderation/categories/order', { ids: [...wanted, 999999] })).status).toBe(400);
    expect((await group()).categories.map((c) => c.id)).toEqual(wanted);
  });
});

describe('guard rails', () => {
  it('limits the daily edits of a new or little-proven account, not a moderator', async () => {
    const saved = t.app.config.newEditorDailyEdits;
    t.app.config.newEditorDailyEdits = 2;
    try {
      expect((await t.call(25, 'PATCH', '/api/v1/pin/50', { content: '하나' })).status).toBe(200);
      expect((await t.call(25, 'PATCH', '/api/v1/pin/50', { content: '둘' })).status).toBe(200);
      const third = await t.call(25, 'PUT', '/api/v1/pin', draft());
      expect(third.status).toBe(429);
      expect(third.body.error?.messageTranslated).toBe(
        '새 계정은 하루에 2번까지 핀을 등록하거나 수정할 수 있습니다. 내일 다시 시도해 주세요.',
      );
      for (let i = 0; i < 3; i++) expect((await t.call(MODERATOR, 'PATCH', '/api/v1/pin/51', { content: `운영 ${i}` })).status).toBe(200);
    } finally {
      t.app.config.newEditorDailyEdits = saved;
    }
  });

  it('lifts the limit for a proven editor: older than a day with TRUSTED_EDITOR_EDITS accepted edits; reverted edits do not count', async () => {
    const saved = { daily: t.app.config.newEditorDailyEdits, trusted: t.app.config.trustedEditorEdits };
    t.app.config.newEditorDailyEdits = 2;
    t.app.config.trustedEditorEdits = 2;
    const [PROVEN, YOUNG, REVERTED] = [26, 27, 28];
    await t.db.query(`update users set created_at = now() - interval '2 days' where id = any($1::int[])`, [[PROVEN, REVERTED]]);
    await t.db.query('update users set created_at = now() where id = $1', [YOUNG]);
    const since = new Date(Date.now() - 1000).toISOString();
    try {
      for (const u of [PROVEN, YOUNG, REVERTED]) {
        for (const n of [1, 2]) expect((await t.call(u, 'PATCH', `/api/v1/pin/${60 + u}`, { content: `수정 ${n}` })).status).toBe(200);
      }
      // Two accepted edits and older than a day: no daily limit.
      for (let i = 0; i < 2; i++) expect((await t.call(PROVEN, 'PUT', '/api/v1/pin', draft())).status).toBe(200);
      // The same edits on an account younger than a day: limited.
      expect((await t.call(YOUNG, 'PUT', '/api/v1/pin', draft())).status).toBe(429);
      // Old enough, but a moderator reverted its edits: they are not accepted, so it stays limited.
      expect((await t.call(MODERATOR, 'POST', `/api/v1/moderation/users/${REVERTED}/revert-since`, { since })).status).toBe(200);
      expect((await t.call(REVERTED, 'PUT', '/api/v1/pin', draft())).status).toBe(429);
    } finally {
      t.app.config.newEditorDailyEdits = saved.daily;
      t.app.config.trustedEditorEdits = saved.trusted;
    }
  });

  it('refuses a pin image from an outside address, keeps ours', async () => {
    expect((await t.call(PLAYER, 'PUT', '/api/v1/pin', draft({ image: 'https://evil.example/a.png' }))).status).toBe(400);
    expect((await t.call(PLAYER, 'PUT', '/api/v1/pin', draft({ image: `${t.config.publicUrl}/images/abc.png` }))).status).toBe(200);
  });
});
