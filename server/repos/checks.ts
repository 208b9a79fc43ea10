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

/** POST /v1/pin/batch-check: all or nothing; `unknown` > 0 means nothing was applied. */
export async function batchCheck(db: Db, userId: number, ids: readonly number[], check: boolean, now: number): Promise<{ unknown: number; checkTime: number; lastCheckTime: number; changed: number; pinIds: number[] }> {
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
