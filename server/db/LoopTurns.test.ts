// The embedded database lets the event loop turn between operations: a queue of queries must not run as one chain
// of microtasks (no socket read, no connection accepted until it is empty).
import { describe, expect, it } from 'vitest';
import { openPglite } from './pglite';

/** Counts event-loop turns (check phases) until stopped. */
function countTurns(): { stop(): number } {
  let turns = 0;
  let on = true;
  const tick = () => {
    if (!on) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  return { stop: () => ((on = false), turns) };
}

describe('the embedded database and the event loop', () => {
  it('gives the loop a turn between queued queries and transactions', async () => {
    const db = await openPglite();
    try {
      await db.exec('create table t (n int)');
      const turns = countTurns();
      await Promise.all([
        ...Array.from({ length: 40 }, (_, i) => db.query('insert into t values ($1)', [i])),
        ...Array.from({ length: 20 }, (_, i) =>
          db.transaction(async (tx) => {
            await tx.query('insert into t values ($1)', [100 + i]);
            await tx.query('select count(*) from t');
          }),
        ),
      ]);
      // 60 operations queued at once: the loop turned for (about) each of them, not once for all.
      expect(turns.stop()).toBeGreaterThanOrEqual(60);
      expect((await db.query<{ n: number }>('select count(*)::int as n from t')).rows[0]!.n).toBe(60);
    } finally {
      await db.close();
    }
  });
});
