// The role rule on every moderation call (issue 23, item 7): a moderator cannot undo, lift or revert what an admin
// did; an admin may undo a moderator. Every attempt is in the audit log, a refused one as `refused`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, MODERATOR, seededApp, type TestAnswer } from '../test-helper';
import { RankMessages } from './rank';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp(300);
});
afterAll(async () => {
  await t?.close();
});

const hour = () => new Date(Date.now() + 3_600_000).toISOString();
const refusedAs = (r: TestAnswer) => {
  expect(r.status).toBe(403);
  expect(r.body.error).toMatchObject({ errClazz: 'forbidden', messageTranslated: RankMessages.adminWork });
};
/** The newest audit entry of `action` on a target. */
const lastAudit = (action: string, targetType: string, targetId: number) =>
  t.one<{ actor_id: number; detail: Record<string, unknown> } | undefined>(
    'select actor_id, detail from moderation_audit where action = $1 and target_type = $2 and target_id = $3 order by id desc limit 1',
    [action, targetType, targetId],
  );
const newPin = async (user: number) =>
  (await t.call(user, 'PUT', '/api/v1/pin', { coordX: 120, coordY: -280, categoryId: 3, region: 0, content: '상자', tags: [] })).body.result
    .id as number;
const description = async (pin: number) =>
  (await t.one<{ description: string }>('select description from pins where id = $1', [pin])).description;

describe('a moderator cannot undo what an admin did', () => {
  it("suspensions: an admin's suspension of another moderator cannot be lifted or replaced by a moderator", async () => {
    const other = await t.newUser('다른운영진');
    expect((await t.call(ADMIN, 'POST', `/api/v1/moderation/users/${other}/role`, { role: 'moderator' })).status).toBe(200);
    expect(
      (await t.call(ADMIN, 'POST', `/api/v1/moderation/users/${other}/suspend`, { until: hour(), reason: '관리자 정지' })).status,
    ).toBe(200);
    refusedAs(await t.call(MODERATOR, 'DELETE', `/api/v1/moderation/users/${other}/suspend`));
    expect(await lastAudit('refused', 'user', other)).toMatchObject({
      actor_id: MODERATOR,
      detail: { attempt: 'unsuspend', admin: ADMIN },
    });
    // An admin's suspension of a player: a moderator can neither lift nor shorten it.
    const player = await t.newUser('관리자정지');
    expect((await t.call(ADMIN, 'POST', `/api/v1/moderation/users/${player}/suspend`, { until: hour(), reason: '도배' })).status).toBe(200);
    const soon = new Date(Date.now() + 60_000).toISOString();
    refusedAs(await t.call(MODERATOR, 'POST', `/api/v1/moderation/users/${player}/suspend`, { until: soon, reason: '줄임' }));
    refusedAs(await t.call(MODERATOR, 'DELETE', `/api/v1/moderation/users/${player}/suspend`));
    const still = await t.one<{ active: boolean; reason: string }>(
      "select suspended_until > now() + interval '30 minutes' as active, suspend_reason as reason from users where id = $1",
      [player],
    );
    expect(still).toEqual({ active: true, reason: '도배' });
    // The admin lifts them; a moderator's own suspension a moderator may lift, and an admin may lift a moderator's.
    expect((await t.call(ADMIN, 'DELETE', `/api/v1/moderation/users/${other}/suspend`)).status).toBe(200);
    expect((await t.call(ADMIN, 'DELETE', `/api/v1/moderation/users/${player}/suspend`)).status).toBe(200);
    expect(
      (await t.call(MODERATOR, 'POST', `/api/v1/moderation/users/${player}/suspend`, { until: hour(), reason: '운영진 정지' })).status,
    ).toBe(200);
    expect((await t.call(other, 'DELETE', `/api/v1/moderation/users/${player}/suspend`)).status).toBe(200);
    expect(await lastAudit('unsuspend', 'user', player)).toMatchObject({ actor_id: other });
  });

  it("pin edits: a moderator cannot revert an admin's edit, alone or in a revert-since; an admin can", async () => {
    const player = await t.newUser('편집자');
    const pin = await newPin(player);
    expect((await t.call(ADMIN, 'PATCH', `/api/v1/pin/${pin}`, { content: '관리자가 고침' })).status).toBe(200);
    const revisions = (await t.call(null, 'GET', `/api/v1/pin/${pin}/revisions`)).body.result as { id: number }[];
    const first = revisions.at(-1)!.id;
    refusedAs(await t.call(MODERATOR, 'POST', `/api/v1/pin/${pin}/revert`, { revisionId: first }));
    expect(await lastAudit('refused', 'pin', pin)).toMatchObject({ actor_id: MODERATOR, detail: { attempt: 'revert', admin: ADMIN } });
    // A player's revert-since that would take the admin's later edit with it, and any revert-since of an admin.
    const since = new Date(Date.now() - 60_000).toISOString();
    refusedAs(await t.call(MODERATOR, 'POST', `/api/v1/moderation/users/${player}/revert-since`, { since }));
    refusedAs(await t.call(MODERATOR, 'POST', `/api/v1/moderation/users/${ADMIN}/revert-since`, { since }));
    expect(await lastAudit('refused', 'user', ADMIN)).toMatchObject({ actor_id: MODERATOR, detail: { attempt: 'revert-since' } });
    expect(await description(pin)).toBe('관리자가 고침');
    expect((await t.one<{ hidden: boolean }>('select hidden from pins where id = $1', [pin])).hidden).toBe(false);
    expect((await t.call(ADMIN, 'POST', `/api/v1/pin/${pin}/revert`, { revisionId: first })).status).toBe(200);
    expect(await description(pin)).toBe('상자');
    // A player's edit with no admin's after it: the moderator reverts it as before.
    expect((await t.call(player, 'PATCH', `/api/v1/pin/${pin}`, { content: '낙서' })).status).toBe(200);
    const latest = (await t.call(null, 'GET', `/api/v1/pin/${pin}/revisions`)).body.result[1].id as number;
    expect((await t.call(MODERATOR, 'POST', `/api/v1/pin/${pin}/revert`, { revisionId: latest })).status).toBe(200);
    expect(await description(pin)).toBe('상자');
  });

  it("hiding: a moderator cannot flip a pin an admin hid or showed, directly or through a report's merge", async () => {
    const player = await t.newUser('숨김');
    const pin = await newPin(player);
    expect((await t.call(ADMIN, 'POST', `/api/v1/moderation/pins/${pin}/hide`, { hidden: true })).status).toBe(200);
    refusedAs(await t.call(MODERATOR, 'POST', `/api/v1/moderation/pins/${pin}/hide`, { hidden: false }));
    expect((await t.call(ADMIN, 'POST', `/api/v1/moderation/pins/${pin}/hide`, { hidden: false })).status).toBe(200);
    refusedAs(await t.call(MODERATOR, 'POST', `/api/v1/moderation/pins/${pin}/hide`, { hidden: true }));
    const keep = await newPin(player);
    const report = (await t.call(player, 'POST', '/api/v1/pin/report', { targetPinId: keep, duplicatePinId: pin, comment: '중복' })).body
      .result.id as number;
    refusedAs(await t.call(MODERATOR, 'POST', `/api/v1/moderation/reports/${report}`, { action: 'merge', keepPinId: keep }));
    expect(await lastAudit('refused', 'pin', pin)).toMatchObject({ detail: { attempt: 'report-merge', admin: ADMIN } });
    expect((await t.one<{ hidden: boolean }>('select hidden from pins where id = $1', [pin])).hidden).toBe(false);
    expect((await t.one<{ status: string }>('select status from reports where id = $1', [report])).status).toBe('open');
    // What a moderator hid, another moderator (or an admin) may show again.
    expect((await t.call(MODERATOR, 'POST', `/api/v1/moderation/pins/${keep}/hide`, { hidden: true })).status).toBe(200);
    expect((await t.call(ADMIN, 'POST', `/api/v1/moderation/pins/${keep}/hide`, { hidden: false })).status).toBe(200);
  });

  it("comments: a moderator cannot delete an admin's comment; a removal by staff is audited", async () => {
    const player = await t.newUser('댓글');
    const pin = await newPin(player);
    const write = async (user: number) =>
      (await t.call(user, 'PUT', `/api/v2/pin/${pin}/comment`, { content: '댓글입니다' })).body.result.id as number;
    const byAdmin = await write(ADMIN);
    const byPlayer = await write(player);
    refusedAs(await t.call(MODERATOR, 'DELETE', `/api/v1/comment/${byAdmin}`));
    expect(await lastAudit('refused', 'comment', byAdmin)).toMatchObject({ actor_id: MODERATOR, detail: { attempt: 'delete-comment' } });
    expect((await t.call(MODERATOR, 'DELETE', `/api/v1/comment/${byPlayer}`)).status).toBe(200);
    expect(await lastAudit('delete-comment', 'comment', byPlayer)).toMatchObject({ actor_id: MODERATOR, detail: { author: player } });
    expect((await t.call(ADMIN, 'DELETE', `/api/v1/comment/${byAdmin}`)).status).toBe(200);
  });

  it('the other role refusals are audited too (a moderator suspending staff, an admin changing an admin)', async () => {
    const r = await t.call(MODERATOR, 'POST', `/api/v1/moderation/users/${ADMIN}/suspend`, { until: hour(), reason: '시도' });
    expect(r.status).toBe(403);
    expect(r.body.error?.messageTranslated).toBe('운영진이나 관리자는 정지할 수 없습니다.');
    expect(await lastAudit('refused', 'user', ADMIN)).toMatchObject({
      actor_id: MODERATOR,
      detail: { attempt: 'suspend', target: 'admin' },
    });
    const a = await t.call(ADMIN, 'POST', `/api/v1/moderation/users/${ADMIN}/role`, { role: 'user' });
    expect(a.status).toBe(403);
    expect(await lastAudit('refused', 'user', ADMIN)).toMatchObject({ actor_id: ADMIN, detail: { attempt: 'role' } });
  });
});
