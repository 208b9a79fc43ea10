import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { withRetry } from './tx';

/**
 * Checks (found pins) per user. Every change runs in one transaction that first locks the
 * user's row, so one user's changes are serialised and checkTime strictly increases; pins'
 * total_checks move only by the rows actually inserted or deleted, so they stay exact under
 * concurrency. A call that changes nothing keeps checkTime (checkTime = lastCheckTime).
 */

export interface CheckResult { check: boolean; userId: number; checkTime: number; lastCheckTime: number; changed: boolean }

async function lockUser(tx: Db, userId: number): Promise<number> {
  const { rows } = await tx.query<{ check_time: number }>('select check_time from users where id = $1 for update', [userId]);
  if (!rows[0]) throw ApiError.requiresLogin();
  return rows[0].check_time;
}

async function bumpTime(tx: Db, userId: number, last: number, now: number): Promise<number> {
  const next = Math.max(now, last + 1);
  await tx.query('update users set check_time = $2 where id = $1', [userId, next]);
  return next;
}

/**
 * Adds (check) or removes the pins of `ids` (all known, unique) for the user; returns how many
 * rows changed. Pins are locked in id order first so concurrent batches cannot deadlock.
 */
async function applyChecks(tx: Db, userId: number, ids: readonly number[], check: boolean): Promise<number> {
  if (ids.length === 0) return 0;
  const sql = check
    ? `with changed as (insert into checks (user_id, pin_id) select $1, unnest($2::int[]) on conflict do nothing returning pin_id)
       update pins set total_checks = total_checks + 1 from changed where pins.id = changed.pin_id`
    : `with changed as (delete from checks where user_id = $1 and pin_id = any($2::int[]) returning pin_id)
       update pins set total_checks = total_checks - 1 from changed where pins.id = changed.pin_id`;
  const r = await tx.query(sql, [userId, ids]);
  return r.rowCount;
}

/** Locks the known pins among `ids` in id order and returns how many exist. */
async function lockPins(tx: Db, ids: readonly number[]): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    'select count(*)::int as n from (select id from pins where id = any($1::int[]) order by id for update) s', [ids]);
  return rows[0]?.n ?? 0;
}

/** POST /v1/pin/:id/check. Null when the pin does not exist. */
export async function checkPin(db: Db, userId: number, pinId: number, check: boolean, now: number): Promise<CheckResult | null> {
  return withRetry(db, async (tx) => {
    const last = await lockUser(tx, userId);
    if ((await lockPins(tx, [pinId])) === 0) return null;
    const n = await applyChecks(tx, userId, [pinId], check);
    const checkTime = n > 0 ? await bumpTime(tx, userId, last, now) : last;
    return { check, userId, checkTime, lastCheckTime: last, changed: n > 0 };
  });
}

/** The user's checked pin ids (ascending) and checkTime. */
export async function userChecks(db: Db, userId: number): Promise<{ userId: number; checkTime: number; pinIds: number[] }> {
  const user = await db.query<{ check_time: number }>('select check_time from users where id = $1', [userId]);
  if (!user.rows[0]) throw ApiError.requiresLogin();
  const { rows } = await db.query<{ ids: number[] | null }>('select array_agg(pin_id order by pin_id) as ids from checks where user_id = $1', [userId]);
  return { userId, checkTime: user.rows[0].check_time, pinIds: rows[0]?.ids ?? [] };
}

/**
 * Pin ids per transaction of a large batch on the embedded database. PGlite has one connection, so one 20,000-pin
 * transaction would hold every other player's check behind it; in slices of this size the others' transactions
 * take turns between the slices (PGlite's transaction queue is first come, first served).
 */
export const EMBEDDED_BATCH_SLICE = 1_000;

/** Slices of a batch applied so far since start (for tests and /metrics-style counting). */
export const batchSliceStats = { slices: 0 };

/** Per-user chain of batches in this process: one user's batches run one after another, never side by side. */
const userBatchChain = new Map<number, Promise<unknown>>();

function queuedPerUser<T>(userId: number, fn: () => Promise<T>): Promise<T> {
  const prev = userBatchChain.get(userId) ?? Promise.resolve();
  const run = prev.then(fn, fn);
  const tail = run.catch(() => undefined);
  userBatchChain.set(userId, tail);
  void tail.then(() => { if (userBatchChain.get(userId) === tail) userBatchChain.delete(userId); });
  return run;
}

/**
 * POST /v1/pin/batch-check: `unknown` > 0 means nothing was applied. On PostgreSQL, one transaction. On the embedded
 * database a batch above EMBEDDED_BATCH_SLICE ids is checked for unknown ids first (nothing written when any), then
 * applied in slices, a transaction each, one batch per user at a time: the same end state, and a single check of
 * another player waits for one slice, not for the whole batch. Checks are a set, so if the process dies between
 * slices a retry of the same batch completes it and total_checks stay exact (each slice is atomic).
 */
export async function batchCheck(db: Db, userId: number, ids: readonly number[], check: boolean, now: number): Promise<{ unknown: number; checkTime: number; lastCheckTime: number; changed: number; pinIds: number[] }> {
  if (db.kind === 'pglite' && ids.length > EMBEDDED_BATCH_SLICE) return queuedPerUser(userId, () => slicedBatchCheck(db, userId, ids, check, now));
  return withRetry(db, async (tx) => {
    const last = await lockUser(tx, userId);
    const found = await lockPins(tx, ids);
    if (found !== ids.length) return { unknown: ids.length - found, checkTime: last, lastCheckTime: last, changed: 0, pinIds: [] };
    const n = await applyChecks(tx, userId, ids, check);
    const checkTime = n > 0 ? await bumpTime(tx, userId, last, now) : last;
    const { rows } = await tx.query<{ ids: number[] | null }>('select array_agg(pin_id order by pin_id) as ids from checks where user_id = $1', [userId]);
    return { unknown: 0, checkTime, lastCheckTime: last, changed: n, pinIds: rows[0]?.ids ?? [] };
  });
}

async function slicedBatchCheck(db: Db, userId: number, ids: readonly number[], check: boolean, now: number): Promise<{ unknown: number; checkTime: number; lastCheckTime: number; changed: number; pinIds: number[] }> {
  const user = await db.query<{ check_time: number }>('select check_time from users where id = $1', [userId]);
  if (!user.rows[0]) throw ApiError.requiresLogin();
  const { rows: known } = await db.query<{ n: number }>('select count(*)::int as n from pins where id = any($1::int[])', [ids]);
  const unknown = ids.length - (known[0]?.n ?? 0);
  if (unknown > 0) return { unknown, checkTime: user.rows[0].check_time, lastCheckTime: user.rows[0].check_time, changed: 0, pinIds: [] };
  const sorted = [...ids].sort((a, b) => a - b);
  let changed = 0;
  for (let i = 0; i < sorted.length; i += EMBEDDED_BATCH_SLICE) {
    const slice = sorted.slice(i, i + EMBEDDED_BATCH_SLICE);
    changed += await withRetry(db, async (tx) => {
      await lockUser(tx, userId);
      await lockPins(tx, slice);
      return applyChecks(tx, userId, slice, check);
    });
    batchSliceStats.slices++;
    // Let the requests that came in meanwhile queue their transactions before the next slice.
    await new Promise((r) => setImmediate(r));
  }
  return withRetry(db, async (tx) => {
    const last = await lockUser(tx, userId);
    const checkTime = changed > 0 ? await bumpTime(tx, userId, last, now) : last;
    const { rows } = await tx.query<{ ids: number[] | null }>('select array_agg(pin_id order by pin_id) as ids from checks where user_id = $1', [userId]);
    return { unknown: 0, checkTime, lastCheckTime: last, changed, pinIds: rows[0]?.ids ?? [] };
  });
}

/**
 * POST /v1/auth/emergency: the union of the caller's own records' pin ids is added to the
 * caller's checks (ids of pins that no longer exist are skipped); other users' records are ignored.
 */
export async function mergeChecks(db: Db, userId: number, ids: readonly number[], now: number): Promise<{ checkTime: number; merged: number }> {
  return withRetry(db, async (tx) => {
    const last = await lockUser(tx, userId);
    let known: number[] = [];
    if (ids.length) {
      const { rows } = await tx.query<{ ids: number[] | null }>(
        'select array_agg(id order by id) as ids from (select id from pins where id = any($1::int[]) order by id for update) s', [ids]);
      known = rows[0]?.ids ?? [];
    }
    const n = await applyChecks(tx, userId, known, true);
    const checkTime = n > 0 ? await bumpTime(tx, userId, last, now) : last;
    return { checkTime, merged: n };
  });
}
