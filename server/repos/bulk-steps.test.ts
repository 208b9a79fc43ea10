// Large changes on the embedded database are written in short steps (issue 23 item 4): another player's call is
// answered between them, the player's own reads see the change whole or not at all, and a step that fails leaves
// none of it. PostgreSQL writes each change in one transaction (its pool serves the others meanwhile).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { miscountedPins, seededApp } from '../test-helper';
import { bulkTuning, stepStats } from './checks';

let t: Awaited<ReturnType<typeof seededApp>>;
const tuning = { ...bulkTuning };
beforeAll(async () => {
  t = await seededApp(6000);
}, 120_000);
afterAll(async () => {
  await t?.close();
});
afterEach(() => Object.assign(bulkTuning, tuning));

const embedded = () => t.db.kind === 'pglite';
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
const mine = async (user: number): Promise<number[]> => (await t.call(user, 'GET', '/api/v1/me/checks')).body.result.pinIds;
/** Resolves once `n` more steps of large changes are written (each event-loop turn looks). */
async function afterSteps(n: number): Promise<void> {
  const target = stepStats.steps + n;
  while (stepStats.steps < target) await new Promise((r) => setImmediate(r));
}

describe('large changes on the embedded database', () => {
  it("answers another player's check and the player's own reads while a 5,000-pin batch is written, the reads seeing it whole", async () => {
    if (!embedded()) return;
    Object.assign(bulkTuning, { stepPins: 500, stepMs: 0, minPins: 1000 });
    const heavy = await t.newUser('단계대량');
    const other = await t.newUser('사이에');
    await t.call(heavy, 'POST', '/api/v1/pin/batch-check', { pinIds: [5900], check: true });
    const order: string[] = [];
    const batch = t.call(heavy, 'POST', '/api/v1/pin/batch-check', { pinIds: range(1, 5000), check: true }).then((r) => {
      order.push('batch');
      return r;
    });
    await afterSteps(2);
    const single = t.call(other, 'POST', '/api/v1/pin/5950/check', { check: true }).then((r) => {
      order.push('other check');
      return r;
    });
    const own = mine(heavy).then((ids) => {
      order.push('own read');
      return ids;
    });
    const ownActions = t.call(heavy, 'GET', '/api/v1/me/actions');
    expect((await single).status).toBe(200);
    expect((await batch).body.result).toMatchObject({ changed: 5000 });
    expect(await own).toHaveLength(5001);
    // The other player did not wait for the batch; the player's own read waited for it to be whole.
    expect(order).toEqual(['other check', 'batch', 'own read']);
    expect((await ownActions).body.result.actions.map((a: { kind: string }) => a.kind)).not.toContain('pending');
    const actions = (await t.call(heavy, 'GET', '/api/v1/me/actions')).body.result.actions;
    expect(actions.map((a: { kind: string; count: number }) => [a.kind, a.count])).toEqual([
      ['batch', 5000],
      ['batch', 1],
    ]);
    // One undoable action: undoing it takes back all 5,000 pins, in steps too.
    const undo = await t.call(heavy, 'POST', `/api/v1/me/actions/${actions[0].id}/undo`);
    expect(undo.body.result).toMatchObject({ restored: 5000, userChecks: [5900] });
    expect(await miscountedPins(t.db)).toBe(0);
    expect((await t.one<{ n: number }>('select count(*)::int as n from check_action_journal')).n).toBe(0);
  }, 120_000);

  it('leaves none of a batch whose pin is deleted while it is written: the steps written are rolled back', async () => {
    if (!embedded()) return;
    Object.assign(bulkTuning, { stepPins: 500, stepMs: 0, minPins: 1000 });
    const user = await t.newUser('중간실패');
    await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: [10, 20], check: true });
    const before = await t.one<{ sum: number }>('select sum(total_checks)::int as sum from pins where id <> 3999');
    const batch = t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: range(1, 4000), check: true });
    await afterSteps(3);
    await t.db.query('delete from pins where id = 3999');
    const r = await batch;
    expect(r.status).toBe(400);
    expect(r.body.error?.messageTranslated).toBe('존재하지 않는 핀 1개가 포함되어 있어 아무것도 적용하지 않았습니다.');
    expect(await mine(user)).toEqual([10, 20]);
    expect((await t.call(user, 'GET', '/api/v1/me/actions')).body.result.actions).toHaveLength(1);
    // Marks are kept per progress profile (migration 020): the player's own.
    expect(
      await t.one('select count(*)::int as n from check_marks m join progress_profiles f on f.id = m.profile_id where f.user_id = $1', [
        user,
      ]),
    ).toEqual({ n: 2 });
    expect(await t.one('select count(*)::int as n from check_actions where pending')).toEqual({ n: 0 });
    expect(await t.one('select sum(total_checks)::int as sum from pins where id <> 3999')).toEqual(before);
    expect(await miscountedPins(t.db)).toBe(0);
  }, 120_000);
});
