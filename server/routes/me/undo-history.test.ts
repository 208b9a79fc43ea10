// The undo history is bounded (issue 23 item 3): batch actions keep their pins packed (id runs), and past a per-player
// cap of undo data the oldest actions stay listed but can no longer be undone.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seededApp } from '../../test-helper';
import { undoCap, UNDO_BYTES_PER_PLAYER } from '../../repos/checks';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp(6500);
}, 120_000);
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  undoCap.bytes = UNDO_BYTES_PER_PLAYER;
});

/** Every other pin of 1..6000: 3,000 pins, none next to another (the worst case for id runs). */
const scattered = Array.from({ length: 3000 }, (_, i) => 1 + 2 * i);
/** Table and index bytes of the undo history, whichever tables it has. */
async function historyBytes(): Promise<number> {
  const r = await t.one<{ n: number }>(
    `select coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint as n from pg_class c
      where c.relkind = 'r' and c.relname in ('check_actions', 'check_action_pins', 'check_action_journal')`,
  );
  return Number(r.n);
}

describe('the undo history', () => {
  it('keeps 20 batches of 3,000 scattered pins in under 400 KB', async () => {
    const user = await t.newUser('기록크기');
    const before = await historyBytes();
    for (let i = 0; i < 20; i++) {
      const r = await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: scattered, check: i % 2 === 0 });
      expect(r.body.result.changed).toBe(3000);
    }
    // One row per pin (about 60,000 rows and their index) took about 5 MB here.
    expect((await historyBytes()) - before).toBeLessThan(400_000);
    const actions = (await t.call(user, 'GET', '/api/v1/me/actions')).body.result.actions;
    expect(actions).toHaveLength(20);
    expect(actions.every((a: { undoable: boolean }) => a.undoable)).toBe(true);
    // Still exactly undoable: the newest (an unmark of the 3,000) brings them back.
    const undo = await t.call(user, 'POST', `/api/v1/me/actions/${actions[0].id}/undo`);
    expect(undo.body.result).toMatchObject({ restored: 3000 });
    expect(undo.body.result.userChecks).toEqual(scattered.filter((p) => p <= 6000));
  }, 120_000);

  it('past the cap, the oldest actions stay listed but say they can no longer be undone', async () => {
    undoCap.bytes = 13_000; // two 3,000-pin scattered batches (6,000 bytes each) and some single marks
    const user = await t.newUser('기록한도');
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: scattered, check: i % 2 === 0 });
      ids.push(r.body.result.actionId);
    }
    const mark = await t.call(user, 'POST', '/api/v1/pin/6400/check', { check: true });
    const actions = (await t.call(user, 'GET', '/api/v1/me/actions')).body.result.actions;
    expect(actions.map((a: { id: number; undoable: boolean }) => [a.id, a.undoable])).toEqual([
      [mark.body.result.actionId, true],
      [ids[2], true],
      [ids[1], true],
      [ids[0], false],
    ]);
    const refused = await t.call(user, 'POST', `/api/v1/me/actions/${ids[0]}/undo`);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.messageTranslated).toBe('오래된 작업이라 더 이상 실행 취소할 수 없습니다.');
    expect((await t.call(user, 'POST', `/api/v1/me/actions/${ids[1]}/undo`)).status).toBe(200);
    // The newest action is always undoable, even alone over the cap.
    undoCap.bytes = 10;
    const big = await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: scattered, check: false });
    const after = (await t.call(user, 'GET', '/api/v1/me/actions')).body.result.actions;
    expect(after[0]).toMatchObject({ id: big.body.result.actionId, undoable: true });
    expect(after.slice(1).every((a: { undoable: boolean }) => !a.undoable)).toBe(true);
    expect((await t.call(user, 'POST', `/api/v1/me/actions/${big.body.result.actionId}/undo`)).status).toBe(200);
  }, 120_000);
});
