// The pin calls' response schemas (issue 24 item 5) drop nothing: each answer below reaches the client field for field
// as its handler made it (answer-probe.ts), nulls included, and keeps the fields src/data reads.
import { describe, expect, it } from 'vitest';
import { MODERATOR } from '../../test-helper';
import { probedServer } from '../answer-probe';

const s = probedServer();

const USER = 7;
const send = s.result;

describe('pin answers keep every field', () => {
  it('writes: create, edit, report', async () => {
    const draft = { coordX: 10.5, coordY: -20.25, categoryId: 3, region: 0, content: '답', tags: [1] };
    const created = await send(USER, 'PUT', '/api/v1/pin', draft);
    expect(created).toEqual({ id: expect.any(Number), categoryId: 3 });
    const edited = await send(USER, 'PATCH', `/api/v1/pin/${created.id}`, { coordZ: 1, content: null, categoryId: 4 });
    expect(edited).toEqual({ id: created.id, categoryId: 4 });
    expect(await send(USER, 'POST', '/api/v1/pin/report', { targetPinId: created.id, duplicatePinId: 0, comment: '중복' })).toEqual({
      id: expect.any(Number),
      targetPinId: created.id,
      duplicatePinId: 0,
    });
  });

  it('checks: one pin (with and without an action) and a batch', async () => {
    const player = await s.t.newUser('답체크');
    const one = await send(player, 'POST', '/api/v1/pin/5/check', { check: true });
    // src/data/checks.ts and check-rules.ts read these.
    expect(one).toMatchObject({ check: true, userId: player, pinId: 5, lastCheckTime: 0, actionId: expect.any(Number) });
    expect(one.checkTime).toBeGreaterThan(0);
    expect(await send(player, 'POST', '/api/v1/pin/5/check', { check: true })).toMatchObject({ actionId: null });
    const batch = await send(player, 'POST', '/api/v1/pin/batch-check', { pinIds: [5, 6, 7], check: true });
    expect(batch).toMatchObject({ userId: player, userChecks: [5, 6, 7], changed: 2, ignored: 0, actionId: expect.any(Number) });
    expect(batch.lastCheckTime).toBe(one.checkTime);
  });

  it("comments: a page with a deleted author's comment, and a new one with an image", async () => {
    const gone = await s.t.newUser('곧떠남');
    await send(gone, 'PUT', '/api/v2/pin/9/comment', { content: '안녕' });
    await s.t.db.query('delete from users where id = $1', [gone]);
    const written = await send(USER, 'PUT', '/api/v2/pin/9/comment', { content: '사진', image: '/images/seed-2.webp' });
    expect(written).toMatchObject({ pinId: 9, userId: USER, image: '/images/seed-2.webp', myVote: null, best: false });
    const page = await send(USER, 'GET', '/api/v1/pin/9/comment?n=50');
    expect(page).toMatchObject({ page: 0, n: 50, total: expect.any(Number) });
    const comments = page.comments as Record<string, unknown>[];
    expect(comments.find((c) => c.id === written.id)).toEqual(written);
    expect(comments.find((c) => c.userId === null)).toMatchObject({ nickname: '탈퇴한 사용자', content: '안녕', image: null });
  });

  it('history: every kind of change, a created revision, and a revert', async () => {
    const { id } = await send(USER, 'PUT', '/api/v1/pin', { coordX: 1, coordY: 2, categoryId: 3, region: 0, tags: [] });
    const before = { categoryId: 3, region: 0, coordX: 1, coordY: 2, coordZ: null, description: null, image: null, tags: [1] };
    const after = { categoryId: 4, region: 1, coordX: 4, coordY: 6, coordZ: 2, description: '글', image: '/images/a.webp', tags: [2] };
    await s.t.db.query("insert into pin_revisions (pin_id, user_id, before, after, kind) values ($1, $2, $3, $4, 'edit')", [
      id,
      USER,
      JSON.stringify(before),
      JSON.stringify(after),
    ]);
    const revisions = (await send(null, 'GET', `/api/v1/pin/${id}/revisions`)) as unknown as Record<string, unknown>[];
    expect(revisions.map((r) => (r.changes as { field: string }[]).map((c) => c.field))).toEqual([
      ['position', 'floor', 'region', 'category', 'description', 'image', 'tags'],
      ['created'],
    ]);
    // src/pages/pin/PinHistory.tsx reads these.
    expect(revisions[0]).toMatchObject({
      pinId: id,
      userId: USER,
      nickname: expect.any(String),
      kind: 'edit',
      revertedAt: null,
      before,
      after,
    });
    expect(revisions[1]).toMatchObject({ before: null, kind: 'create' });
    const created = revisions[1]!.id as number;
    expect(await send(MODERATOR, 'POST', `/api/v1/pin/${id}/revert`, { revisionId: created })).toEqual({ id, categoryId: 3 });
  });
});
