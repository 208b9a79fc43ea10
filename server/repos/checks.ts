import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { markTargets } from './pins';
import { withRetry } from './tx';

/**
 * Checks (found pins) per user. Every change runs in one transaction that first locks the
 * user's row, so one user's changes are serialised and checkTime strictly increases; pins'
 * total_checks move only by the rows actually inserted or deleted, so they stay exact under
 * concurrency. A call that changes nothing keeps checkTime (checkTime = lastCheckTime).
 */

export interface CheckResult {
  check: boolean;
  userId: number;
  checkTime: number;
  lastCheckTime: number;
  changed: boolean;
}

/** The channel on which every committed check change is announced (to every server process). */
export const CHECKS_CHANNEL = 'checks';
/** Most pin ids a change notice names; a bigger change says `full` and devices fetch the list. */
export const NOTICE_MAX_IDS = 400;

/** A committed change of one user's checks, as announced on CHECKS_CHANNEL. */
export interface CheckNotice {
  userId: number;
  checkTime: number;
  lastCheckTime: number;
  on: number[];
  off: number[];
  /** Too many pins to name: fetch the whole list. */
  full?: boolean;
}

export type ActionKind = 'single' | 'batch' | 'import' | 'undo';

/** What a change is and when the player made it. */
export interface ChangeMeta {
  /** When the player acted (epoch ms, not after `now`). */
  at: number;
  /** Import: a pin's own time (the file's checkedAt, not after `now`), else `at`. */
  atOf?: (pin: number) => number | undefined;
  kind: ActionKind;
  /** check for a mark, false for an unmark, null for a mixed change (undo, import). */
  checked: boolean | null;
  device: string;
  now: number;
  /** Undo: ignore the per-pin times (the undo itself is the newest change). */
  force?: boolean;
}

/** Outcome of commitChanges. */
export interface Commit {
  actionId: number | null;
  on: number[];
  off: number[];
  stale: number[];
  checkTime: number;
}

/** Actions kept per user (older ones are forgotten and can no longer be undone). */
export const MAX_ACTIONS_KEPT = 100;

/**
 * Moves each of `pinIds` (existing, locked, unique) to `want(pin)` unless the pin's last change
 * is newer than `meta.at` (or the pin's own `meta.atOf`). The pins that really change are recorded as one action with their
 * previous state (so it can be undone), get that time as their last-change time, bump checkTime
 * and are announced to every device. Runs inside the caller's transaction, user row locked.
 */
export async function commitChanges(
  tx: Db,
  userId: number,
  last: number,
  pinIds: readonly number[],
  want: (pin: number) => boolean,
  meta: ChangeMeta,
): Promise<Commit> {
  const { rows } = await tx.query<{ id: number; checked: boolean; at: number | null; action_id: number | null }>(
    `select p.id, (c.pin_id is not null) as checked, m.at, m.action_id
       from unnest($2::int[]) as p(id)
       join pins on pins.id = p.id
       left join checks c on c.user_id = $1 and c.pin_id = p.id
       left join check_marks m on m.user_id = $1 and m.pin_id = p.id`,
    [userId, pinIds],
  );
  const atOf = (pin: number) => meta.atOf?.(pin) ?? meta.at;
  const stale: number[] = [];
  const changes: typeof rows = [];
  for (const r of rows) {
    if (!meta.force && r.at != null && atOf(r.id) < r.at) stale.push(r.id);
    else if (r.checked !== want(r.id)) changes.push(r);
  }
  if (changes.length === 0) return { actionId: null, on: [], off: [], stale, checkTime: last };
  const on = changes.filter((r) => !r.checked).map((r) => r.id);
  const off = changes.filter((r) => r.checked).map((r) => r.id);
  await applyChecks(tx, userId, on, true);
  await applyChecks(tx, userId, off, false);
  const checkTime = Math.max(meta.now, last + 1);
  const notice: CheckNotice =
    on.length + off.length > NOTICE_MAX_IDS
      ? { userId, checkTime, lastCheckTime: last, on: [], off: [], full: true }
      : { userId, checkTime, lastCheckTime: last, on, off };
  // One statement records the action with each pin's previous state (so it can be undone), gives the pins their new
  // last-change time, bumps the user's checkTime and announces the change: on the embedded database every statement
  // is a turn of the one connection, so a single check costs 9 statements, not 13. NOTIFY inside the transaction is
  // delivered on commit, and never for a rolled-back change.
  const pins = changes.map((r) => r.id);
  const action = await tx.query<{ id: number }>(
    `with action as (
       insert into check_actions (user_id, kind, checked, pin_count, at, device) values ($1, $2, $3, $4, $5, $6) returning id
     ), was as (
       insert into check_action_pins (action_id, pin_id, was_checked, was_at, was_action_id)
       select action.id, t.pin, t.was, t.at, t.act from action, unnest($7::int[], $8::boolean[], $9::bigint[], $10::bigint[]) as t(pin, was, at, act)
     ), marks as (
       insert into check_marks (user_id, pin_id, checked, at, action_id)
       select $1, t.pin, t.checked, t.at, action.id from action, unnest($7::int[], $11::boolean[], $12::bigint[]) as t(pin, checked, at)
       on conflict (user_id, pin_id) do update set checked = excluded.checked, at = excluded.at, action_id = excluded.action_id
     ), bump as (
       update users set check_time = $13 where id = $1
     )
     select action.id, pg_notify($14, $15) from action`,
    [
      userId,
      meta.kind,
      meta.checked,
      changes.length,
      meta.now,
      meta.device.slice(0, 60),
      pins,
      changes.map((r) => r.checked),
      changes.map((r) => r.at),
      changes.map((r) => r.action_id),
      changes.map((r) => !r.checked),
      changes.map((r) => atOf(r.id)),
      checkTime,
      CHECKS_CHANNEL,
      JSON.stringify(notice),
    ],
  );
  const actionId = action.rows[0]!.id;
  // Older actions are forgotten in steps of ten: the last MAX_ACTIONS_KEPT are always kept.
  if (actionId % 10 === 0) {
    await tx.query(
      `delete from check_actions where user_id = $1 and id < (select id from check_actions where user_id = $1 order by id desc offset $2 limit 1)`,
      [userId, MAX_ACTIONS_KEPT - 1],
    );
  }
  return { actionId, on, off, stale, checkTime };
}

/** Locks the user's row (serialising their changes) and returns their checkTime. */
export async function lockUser(tx: Db, userId: number): Promise<number> {
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

/** Locks the visible pins among `ids` in id order and returns how many there are (a hidden pin counts as missing). */
export async function lockPins(tx: Db, ids: readonly number[]): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    'select count(*)::int as n from (select id from pins where id = any($1::int[]) and not hidden order by id for update) s',
    [ids],
  );
  return rows[0]?.n ?? 0;
}

/**
 * POST /v1/pin/:id/check. Null when the pin does not exist or is hidden; a mark of a merged duplicate lands on the
 * kept pin (`pinId`). A change older than the pin's last one is ignored (answered with the current state).
 */
export async function checkPin(
  db: Db,
  userId: number,
  pinId: number,
  check: boolean,
  now: number,
  at: number = now,
  device = '',
): Promise<(CheckResult & { actionId: number | null; pinId: number }) | null> {
  return withRetry(db, async (tx) => {
    const last = await lockUser(tx, userId);
    const target = (await markTargets(tx, [pinId])).get(pinId);
    if (target === undefined || (await lockPins(tx, [target])) === 0) return null;
    const c = await commitChanges(tx, userId, last, [target], () => check, {
      at: Math.min(at, now),
      kind: 'single',
      checked: check,
      device,
      now,
    });
    const current = c.stale.length ? await isChecked(tx, userId, target) : check;
    return {
      check: current,
      userId,
      pinId: target,
      checkTime: c.checkTime,
      lastCheckTime: last,
      changed: c.actionId != null,
      actionId: c.actionId,
    };
  });
}

async function isChecked(tx: Db, userId: number, pinId: number): Promise<boolean> {
  const { rows } = await tx.query('select 1 from checks where user_id = $1 and pin_id = $2', [userId, pinId]);
  return rows.length > 0;
}

/** The user's checked pin ids (ascending) and checkTime. */
export async function userChecks(db: Db, userId: number): Promise<{ userId: number; checkTime: number; pinIds: number[] }> {
  const user = await db.query<{ check_time: number }>('select check_time from users where id = $1', [userId]);
  if (!user.rows[0]) throw ApiError.requiresLogin();
  const { rows } = await db.query<{ ids: number[] | null }>(
    'select array_agg(pin_id order by pin_id) as ids from checks where user_id = $1',
    [userId],
  );
  return { userId, checkTime: user.rows[0].check_time, pinIds: rows[0]?.ids ?? [] };
}

/**
 * POST /v1/pin/batch-check: all or nothing, one transaction and one action; `unknown` > 0 (missing or hidden pins)
 * means nothing was applied. Merged duplicates land on their kept pins.
 * A large batch takes its turn in the database's bulk lane, so on the embedded database it cannot stall the others.
 */
export async function batchCheck(
  db: Db,
  userId: number,
  ids: readonly number[],
  check: boolean,
  now: number,
  at: number = now,
  device = '',
): Promise<{
  unknown: number;
  checkTime: number;
  lastCheckTime: number;
  changed: number;
  ignored: number;
  actionId: number | null;
  pinIds: number[];
}> {
  return db.bulk(ids.length, () =>
    withRetry(db, async (tx) => {
      const last = await lockUser(tx, userId);
      const targets = await markTargets(tx, ids);
      const kept = [...new Set(targets.values())].sort((a, b) => a - b);
      const unknown = ids.length - targets.size + kept.length - (await lockPins(tx, kept));
      if (unknown > 0) {
        return { unknown, checkTime: last, lastCheckTime: last, changed: 0, ignored: 0, actionId: null, pinIds: [] };
      }
      const c = await commitChanges(tx, userId, last, kept, () => check, {
        at: Math.min(at, now),
        kind: 'batch',
        checked: check,
        device,
        now,
      });
      const { rows } = await tx.query<{ ids: number[] | null }>(
        'select array_agg(pin_id order by pin_id) as ids from checks where user_id = $1',
        [userId],
      );
      return {
        unknown: 0,
        checkTime: c.checkTime,
        lastCheckTime: last,
        changed: c.on.length + c.off.length,
        ignored: c.stale.length,
        actionId: c.actionId,
        pinIds: rows[0]?.ids ?? [],
      };
    }),
  );
}

/**
 * POST /v1/auth/emergency: the union of the caller's own records' pin ids is added to the
 * caller's checks (ids of pins that no longer exist or are hidden are skipped, merged duplicates land on their kept
 * pins); other users' records are ignored.
 */
export async function mergeChecks(
  db: Db,
  userId: number,
  ids: readonly number[],
  now: number,
): Promise<{ checkTime: number; merged: number }> {
  return withRetry(db, async (tx) => {
    const last = await lockUser(tx, userId);
    let known: number[] = [];
    if (ids.length) {
      const { rows } = await tx.query<{ ids: number[] | null }>(
        'select array_agg(id order by id) as ids from (select id from pins where id = any($1::int[]) and not hidden order by id for update) s',
        [[...new Set((await markTargets(tx, ids)).values())]],
      );
      known = rows[0]?.ids ?? [];
    }
    const n = await applyChecks(tx, userId, known, true);
    const checkTime = n > 0 ? await bumpTime(tx, userId, last, now) : last;
    return { checkTime, merged: n };
  });
}
