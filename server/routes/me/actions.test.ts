import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { miscountedPins, seededApp } from '../../test-helper';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp(1500);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const mine = async (user: number): Promise<number[]> => (await t.call(user, 'GET', '/api/v1/me/checks')).body.result.pinIds;

describe('actions and undo', () => {
  it('undo of a 300-pin batch restores exactly the earlier state, leaving pins found before untouched', async () => {
    const user = await t.newUser('취소1');
    await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: [500, 501, 502], check: true });
    const ids = Array.from({ length: 300 }, (_, i) => 400 + i); // includes 500..502, found before
    const batch = await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: ids, check: true });
    expect(batch.body.result.actionId).toEqual(expect.any(Number));
    expect(batch.body.result.changed).toBe(297);
    const list = await t.call(user, 'GET', '/api/v1/me/actions');
    expect(list.body.result.actions[0]).toMatchObject({
      id: batch.body.result.actionId,
      kind: 'batch',
      check: true,
      count: 297,
      undoneAt: null,
    });
    const undo = await t.call(user, 'POST', `/api/v1/me/actions/${batch.body.result.actionId}/undo`);
    expect(undo.status).toBe(200);
    expect(undo.body.result).toMatchObject({ restored: 297, userChecks: [500, 501, 502] });
    expect(await mine(user)).toEqual([500, 501, 502]);
    expect(await miscountedPins(t.db)).toBe(0);
    const again = await t.call(user, 'POST', `/api/v1/me/actions/${batch.body.result.actionId}/undo`);
    expect(again.status).toBe(409);
    expect(again.body.error?.messageTranslated).toBe('이미 실행 취소한 작업입니다.');
    const after = (await t.call(user, 'GET', '/api/v1/me/actions')).body.result.actions;
    expect(after[0]).toMatchObject({ kind: 'undo', count: 297 });
    expect(after[1].undoneAt).toEqual(expect.any(Number));
    // Undoing the undo brings the batch back.
    await t.call(user, 'POST', `/api/v1/me/actions/${after[0].id}/undo`);
    expect(await mine(user)).toHaveLength(300);
  });

  it('undo of an unmark batch restores the unmarked pins; a pin changed since keeps its newer change', async () => {
    const user = await t.newUser('취소2');
    await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: [600, 601, 602], check: true });
    const off = await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: [600, 601, 602, 603], check: false });
    await t.call(user, 'POST', '/api/v1/pin/601/check', { check: true }); // a newer change elsewhere
    await t.call(user, 'POST', '/api/v1/pin/601/check', { check: false });
    const undo = await t.call(user, 'POST', `/api/v1/me/actions/${off.body.result.actionId}/undo`);
    expect(undo.body.result.restored).toBe(2);
    expect(await mine(user)).toEqual([600, 602]);
  });

  it('a 1,200-pin batch and its undo each take their turns in the bulk lane, counted in /metrics', async () => {
    const user = await t.newUser('취소큰묶음');
    const lane = async () => Number(/db_bulk_lane_writes_total (\d+)/.exec((await t.app.inject('/metrics')).body)?.[1]);
    const before = await lane();
    const ids = Array.from({ length: 1200 }, (_, i) => 100 + i);
    const batch = await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: ids, check: true });
    expect(batch.body.result.changed).toBe(1200);
    const undo = await t.call(user, 'POST', `/api/v1/me/actions/${batch.body.result.actionId}/undo`);
    expect(undo.body.result.restored).toBe(1200);
    expect(await mine(user)).toEqual([]);
    // The lane exists on the embedded database (one connection), where each takes it once per step it is written in;
    // PostgreSQL's pool needs none and counts nothing.
    if (t.db.kind === 'pglite') expect((await lane()) - before).toBeGreaterThanOrEqual(2);
    else expect((await lane()) - before).toBe(0);
  });

  it("refuses another user's action, unknown ids and visitors", async () => {
    const a = await t.newUser('취소3');
    const b = await t.newUser('취소4');
    const r = await t.call(a, 'POST', '/api/v1/pin/700/check', { check: true });
    const other = await t.call(b, 'POST', `/api/v1/me/actions/${r.body.result.actionId}/undo`);
    expect(other.status).toBe(404);
    expect(other.body.error?.messageTranslated).toBe('되돌릴 작업을 찾을 수 없습니다.');
    expect(await mine(a)).toEqual([700]);
    expect((await t.call(a, 'POST', '/api/v1/me/actions/abc/undo')).status).toBe(400);
    expect((await t.call(null, 'GET', '/api/v1/me/actions')).status).toBe(401);
    expect((await t.call(null, 'POST', `/api/v1/me/actions/${r.body.result.actionId}/undo`)).status).toBe(401);
  });
});
