// A pin a moderator hid reads as missing to players in every call (issue 23, item 6): no detail, no comments
// (read or write), no likes, no marks (single, batch, import, emergency), and it counts in no total. A mark of a
// duplicate merged away lands on the kept pin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, MODERATOR, seededApp, type TestAnswer } from '../../test-helper';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp(600);
});
afterAll(async () => {
  await t?.close();
});

const MISSING = 2_000_000;
const envelope = (r: TestAnswer) => ({ status: r.status, errClazz: r.body.error?.errClazz, message: r.body.error?.messageTranslated });
const checksOf = async (user: number) => (await t.call(user, 'GET', '/api/v1/me/checks')).body.result.pinIds as number[];
const hide = async (pin: number) =>
  expect((await t.call(ADMIN, 'POST', `/api/v1/moderation/pins/${pin}/hide`, { hidden: true })).status).toBe(200);

/** Visible pins nobody has checked or commented on (the demo seed comments on some: a test that counts a pin's comments
 * must not draw one of those). */
async function freshPins(n: number): Promise<number[]> {
  const { rows } = await t.db.query<{ id: number }>(
    `select id from pins p where not hidden and not exists (select 1 from checks c where c.pin_id = p.id)
       and not exists (select 1 from comments m where m.pin_id = p.id) order by random() limit $1`,
    [n],
  );
  return rows.map((r) => r.id);
}

describe('a hidden pin reads as missing to players', () => {
  it('comments: not readable by visitors or players, the same 404 as a missing pin; moderators still read them', async () => {
    const player = await t.newUser('숨김댓글');
    const [pin] = await freshPins(1);
    const put = await t.call(player, 'PUT', `/api/v2/pin/${pin}/comment`, { content: '숨겨질 댓글' });
    expect(put.status).toBe(200);
    const commentId = put.body.result.id as number;
    await hide(pin!);
    const missing = envelope(await t.call(null, 'GET', `/api/v1/pin/${MISSING}/comment`));
    expect(missing.status).toBe(404);
    expect(envelope(await t.call(null, 'GET', `/api/v1/pin/${pin}/comment`))).toEqual(missing);
    expect(envelope(await t.call(player, 'GET', `/api/v1/pin/${pin}/comment`))).toEqual(missing);
    const staff = await t.call(MODERATOR, 'GET', `/api/v1/pin/${pin}/comment`);
    expect(staff.status).toBe(200);
    expect(staff.body.result.comments.map((c: { id: number }) => c.id)).toEqual([commentId]);
    // Writing: a new comment, a like, even deleting one's own: as for a missing pin or comment.
    expect(envelope(await t.call(player, 'PUT', `/api/v2/pin/${pin}/comment`, { content: '또' }))).toEqual(
      envelope(await t.call(player, 'PUT', `/api/v2/pin/${MISSING}/comment`, { content: '또' })),
    );
    const missingComment = envelope(await t.call(player, 'POST', `/api/v2/comment/${MISSING}/like`, { type: 'recommend' }));
    expect(missingComment.status).toBe(404);
    expect(envelope(await t.call(player, 'POST', `/api/v2/comment/${commentId}/like`, { type: 'recommend' }))).toEqual(missingComment);
    expect(envelope(await t.call(player, 'DELETE', `/api/v1/comment/${commentId}`))).toEqual(
      envelope(await t.call(player, 'DELETE', `/api/v1/comment/${MISSING}`)),
    );
    expect((await t.one<{ n: number }>('select count(*)::int as n from comment_likes where comment_id = $1', [commentId])).n).toBe(0);
    expect((await t.one<{ n: number }>('select count(*)::int as n from comments where pin_id = $1', [pin])).n).toBe(1);
    // A moderator may still remove it.
    expect((await t.call(MODERATOR, 'DELETE', `/api/v1/comment/${commentId}`)).status).toBe(200);
  });

  it('marks: single, batch, import and emergency answer as for a missing pin and change nothing', async () => {
    const player = await t.newUser('숨김표시');
    const [pin, other] = await freshPins(2);
    await hide(pin!);
    const missing = envelope(await t.call(player, 'POST', `/api/v1/pin/${MISSING}/check`, { check: true }));
    expect(missing.status).toBe(404);
    expect(envelope(await t.call(player, 'POST', `/api/v1/pin/${pin}/check`, { check: true }))).toEqual(missing);
    const batch = await t.call(player, 'POST', '/api/v1/pin/batch-check', { pinIds: [other, pin], check: true });
    expect(envelope(batch)).toEqual(
      envelope(await t.call(player, 'POST', '/api/v1/pin/batch-check', { pinIds: [other, MISSING], check: true })),
    );
    expect(batch.status).toBe(400);
    const file = { version: 1, pins: [{ pinId: pin }, { pinId: other }] };
    const imported = await t.call(player, 'POST', '/api/v1/me/import', { mode: 'merge', data: file });
    expect(imported.status).toBe(200);
    expect(imported.body.result).toMatchObject({ add: 1, unknown: 1 });
    await t.call(player, 'POST', '/api/v1/auth/emergency', [{ userId: player, pinIds: [pin] }]);
    expect(await checksOf(player)).toEqual([other]);
    expect((await t.one<{ total_checks: number }>('select total_checks from pins where id = $1', [pin])).total_checks).toBe(0);
  });

  it('a replace import leaves the marks of hidden pins alone', async () => {
    const player = await t.newUser('숨김교체');
    const [pin, other] = await freshPins(2);
    expect((await t.call(player, 'POST', `/api/v1/pin/${pin}/check`, { check: true })).status).toBe(200);
    await hide(pin!);
    const r = await t.call(player, 'POST', '/api/v1/me/import', { mode: 'replace', data: { version: 1, pins: [{ pinId: other }] } });
    expect(r.body.result).toMatchObject({ add: 1, remove: 0 });
    expect(await checksOf(player)).toEqual([pin, other].sort((a, b) => a! - b!));
  });

  it('a mark of a merged duplicate lands on the kept pin (single, batch, import)', async () => {
    const player = await t.newUser('병합표시');
    const pins = (await freshPins(6)).sort((a, b) => a - b);
    const merges: [number, number][] = [
      [pins[0]!, pins[1]!],
      [pins[2]!, pins[3]!],
      [pins[4]!, pins[5]!],
    ];
    for (const [keep, dup] of merges) {
      const report = await t.call(player, 'POST', '/api/v1/pin/report', { targetPinId: keep, duplicatePinId: dup, comment: '중복' });
      const done = await t.call(MODERATOR, 'POST', `/api/v1/moderation/reports/${report.body.result.id}`, {
        action: 'merge',
        keepPinId: keep,
      });
      expect(done.status).toBe(200);
    }
    const single = await t.call(player, 'POST', `/api/v1/pin/${merges[0]![1]}/check`, { check: true });
    expect(single.status).toBe(200);
    expect(single.body.result).toMatchObject({ check: true, pinId: merges[0]![0] });
    const batch = await t.call(player, 'POST', '/api/v1/pin/batch-check', { pinIds: [merges[1]![1]], check: true });
    expect(batch.status).toBe(200);
    const imported = await t.call(player, 'POST', '/api/v1/me/import', {
      mode: 'merge',
      data: { version: 1, pins: [{ pinId: merges[2]![1] }] },
    });
    expect(imported.body.result).toMatchObject({ add: 1, unknown: 0 });
    expect(await checksOf(player)).toEqual(merges.map(([keep]) => keep));
    for (const [keep, dup] of merges) {
      const counts = await t.one<{ keep: number; dup: number }>(
        'select (select total_checks from pins where id = $1) as keep, (select total_checks from pins where id = $2) as dup',
        [keep, dup],
      );
      expect(counts).toEqual({ keep: 1, dup: 0 });
    }
  });
});

describe('hidden pins count in no total', () => {
  it('progress: every visible pin of a category found is 100 %', async () => {
    const player = await t.newUser('완주');
    const { category_id, region } = await t.one<{ category_id: number; region: number }>(
      'select category_id, region from pins where not hidden group by category_id, region having count(*) >= 3 order by count(*) limit 1',
    );
    const ids = (
      await t.db.query<{ id: number }>('select id from pins where category_id = $1 and region = $2 and not hidden order by id', [
        category_id,
        region,
      ])
    ).rows.map((r) => r.id);
    await hide(ids.pop()!);
    expect((await t.call(player, 'POST', '/api/v1/pin/batch-check', { pinIds: ids, check: true })).status).toBe(200);
    const rows = (await t.call(player, 'GET', '/api/v1/pin/progress')).body.result.rows as {
      categoryId: number;
      region: number;
      total: number;
      checked: number;
    }[];
    expect(rows.find((r) => r.categoryId === category_id && r.region === region)).toEqual({
      categoryId: category_id,
      region,
      total: ids.length,
      checked: ids.length,
    });
    const all = await t.one<{ n: number }>('select count(*)::int as n from pins where not hidden');
    expect(rows.reduce((s, r) => s + r.total, 0)).toBe(all.n);
  });

  it("category counts, search and a player's own pins leave hidden pins out", async () => {
    const player = await t.newUser('등록자');
    const made = await t.call(player, 'PUT', '/api/v1/pin', {
      coordX: 100,
      coordY: -300,
      categoryId: 3,
      region: 0,
      content: '숨길 상자 zq',
      tags: [],
    });
    expect(made.status).toBe(200);
    const id = made.body.result.id as number;
    const count = async () =>
      ((await t.call(null, 'GET', '/api/v1/category/groups')).body.result as { categories: { id: number; pinCount: number }[] }[])
        .flatMap((g) => g.categories)
        .find((c) => c.id === 3)!.pinCount;
    const before = await count();
    expect((await t.call(player, 'GET', '/api/v1/me/pins')).body.result.total).toBe(1);
    await hide(id);
    expect(await count()).toBe(before - 1);
    const mine = (await t.call(player, 'GET', '/api/v1/me/pins')).body.result;
    expect(mine).toMatchObject({ total: 0, pins: [] });
    const found = (await t.call(null, 'GET', `/api/v1/search?q=${encodeURIComponent('숨길 상자 zq')}`)).body.result;
    expect(found.total).toBe(0);
  });
});
