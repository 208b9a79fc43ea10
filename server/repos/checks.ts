import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { markTargets } from './pins';
import { packIds } from './pinpack';
import { withRetry } from './tx';
import { BULK_MIN_ROWS } from '../db/BulkLane';
import type { ActionKind, UserChecks } from '../../common/api';

/**
 * Checks (found pins) per user, kept per progress profile (migration 020): every change applies to the profile
 * active when it runs. Every change runs in one transaction that first locks the
 * user's row (and reads the active profile there), so one user's changes are serialised and checkTime strictly
 * increases, and a change never lands in a profile switched away from meanwhile; pins'
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

export type { ActionKind };

/** What a change is and when the player made it. */
export interface ChangeMeta {
  /** When the player acted (epoch ms, not after `now`). */
  at: number;
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

/** Actions kept per user (older ones are forgotten: no longer listed, no longer undoable). */
export const MAX_ACTIONS_KEPT = 100;

/**
 * Bytes of undo data (packed pin sets, see pinpack.ts) kept per player. Past it the oldest actions lose their undo
 * data: they stay in the list of recent actions, marked as no longer undoable. The newest action is always kept.
 */
export const UNDO_BYTES_PER_PLAYER = 1_048_576;
/** The cap in force (tests lower it). */
export const undoCap = { bytes: UNDO_BYTES_PER_PLAYER };

/**
 * Large changes on the embedded database (`minPins` pins and more) are written in steps, one short transaction each,
 * under a journal: the first of `stepPins` pins, each next one sized to hold the database about `stepMs` ms (0: all
 * of `stepPins`; tests).
 */
export const bulkTuning = { stepPins: 500, stepMs: 60, minPins: 1_000 };
/** Steps of large changes written, the longest one (ms), and large changes rolled back, since start (tests, /metrics). */
export const stepStats = { steps: 0, longestMs: 0, rolledBack: 0 };

type PinState = { id: number; checked: boolean; at: number | null; action_id: number | null };

/** The player's account and the progress profile a change applies to. */
export interface Owner {
  user: number;
  profile: number;
}

/** The profile's state of each existing pin of `ids`. */
async function readStates(q: Db, profile: number, ids: readonly number[]): Promise<PinState[]> {
  const { rows } = await q.query<PinState>(
    // Each pin is looked up by its keys (an array scan of pins, a lateral probe of the player's check and mark): the
    // planner's statistics go stale on the embedded database (no autovacuum), and with them it hashed or rescanned
    // all of the player's rows for every pin of a step (quadratic: a 50,000-pin batch in steps took minutes).
    `select p.id, exists (select 1 from profile_checks c where c.profile_id = $1 and c.pin_id = p.id) as checked, m.at, m.action_id
       from pins p
       left join lateral (select at, action_id from check_marks where profile_id = $1 and pin_id = p.id) m on true
      where p.id = any($2::int[])`,
    [profile, ids],
  );
  return rows;
}

/** The pins whose last change is newer than this one (left alone), and those that really change. */
function sortOut(rows: readonly PinState[], want: (pin: number) => boolean, meta: ChangeMeta) {
  const stale: number[] = [];
  const changes: PinState[] = [];
  for (const r of rows) {
    if (!meta.force && r.at != null && meta.at < r.at) stale.push(r.id);
    else if (r.checked !== want(r.id)) changes.push(r);
  }
  const on = changes.filter((r) => !r.checked).map((r) => r.id);
  const off = changes.filter((r) => r.checked).map((r) => r.id);
  return { stale, changes, on, off };
}

function noticeOf(o: Owner, checkTime: number, last: number, on: number[], off: number[]): CheckNotice {
  // The profile is not named: a device follows the account's checkTime, which a switch of profile moves too.
  const userId = o.user;
  return on.length + off.length > NOTICE_MAX_IDS
    ? { userId, checkTime, lastCheckTime: last, on: [], off: [], full: true }
    : { userId, checkTime, lastCheckTime: last, on, off };
}

/**
 * Moves each of `pinIds` (existing, locked, unique) to `want(pin)` unless the pin's last change
 * is newer than `meta.at`. The pins that really change are recorded as one action with their
 * previous state (so it can be undone), get that time as their last-change time, bump checkTime
 * and are announced to every device. Runs inside the caller's transaction, user row locked.
 */
export async function commitChanges(
  tx: Db,
  o: Owner,
  last: number,
  pinIds: readonly number[],
  want: (pin: number) => boolean,
  meta: ChangeMeta,
): Promise<Commit> {
  const { stale, changes, on, off } = sortOut(await readStates(tx, o.profile, pinIds), want, meta);
  if (changes.length === 0) return { actionId: null, on: [], off: [], stale, checkTime: last };
  await applyChecks(tx, o.profile, on, true);
  await applyChecks(tx, o.profile, off, false);
  const checkTime = Math.max(meta.now, last + 1);
  const [wasOff, wasOn] = [packIds(on), packIds(off)];
  // One statement records the action with the packed sets of the pins it changed (so it can be undone), gives the pins
  // their new last-change time, bumps the user's checkTime and announces the change: on the embedded database every
  // statement is a turn of the one connection. NOTIFY inside the transaction is delivered on commit, and never for a
  // rolled-back change.
  const action = await tx.query<{ id: number }>(
    `with action as (
       insert into check_actions (user_id, kind, checked, pin_count, at, device, was_off, was_on, undo_bytes, profile_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $16) returning id
     ), marks as (
       insert into check_marks (profile_id, pin_id, checked, at, action_id)
       select $16, t.pin, t.checked, t.at, action.id from action, unnest($10::int[], $11::boolean[], $12::bigint[]) as t(pin, checked, at)
       on conflict (profile_id, pin_id) do update set checked = excluded.checked, at = excluded.at, action_id = excluded.action_id
     ), bump as (
       update users set check_time = $13 where id = $1
     )
     select action.id, pg_notify($14, $15) from action`,
    [
      o.user,
      meta.kind,
      meta.checked,
      changes.length,
      meta.now,
      meta.device.slice(0, 60),
      wasOff,
      wasOn,
      wasOff.length + wasOn.length,
      changes.map((r) => r.id),
      changes.map((r) => !r.checked),
      changes.map(() => meta.at),
      checkTime,
      CHECKS_CHANNEL,
      JSON.stringify(noticeOf(o, checkTime, last, on, off)),
      o.profile,
    ],
  );
  const actionId = action.rows[0]!.id;
  await trimHistory(tx, o.profile, actionId);
  return { actionId, on, off, stale, checkTime };
}

/**
 * Keeps each profile's history bounded: the last MAX_ACTIONS_KEPT actions (older ones forgotten in steps of ten), and
 * undo data of at most UNDO_BYTES_PER_PLAYER: older actions past it keep their row but lose their pin sets.
 */
async function trimHistory(tx: Db, profile: number, newest: number): Promise<void> {
  await tx.query(
    `update check_actions set was_off = null, was_on = null, undo_bytes = 0
      where id in (select id from (select id, sum(undo_bytes) over (order by id desc) as total
                                     from check_actions where profile_id = $1 and not pending) s
                    where total > $2 and id <> $3)
        and undo_bytes > 0`,
    [profile, undoCap.bytes, newest],
  );
  if (newest % 10 === 0) {
    await tx.query(
      `delete from check_actions where profile_id = $1 and id < (select id from check_actions where profile_id = $1 order by id desc offset $2 limit 1)`,
      [profile, MAX_ACTIONS_KEPT - 1],
    );
  }
}

/** What a change does, once the caller has read what it needs (`prepare`): each pin of `ids` moves to `want(pin)`. */
export interface ChangePlan {
  /** The pins (unique). */
  ids: readonly number[];
  want: (pin: number) => boolean;
  meta: ChangeMeta;
  /** Every pin must exist: one missing leaves everything as it was (the outcome's `unknown`). */
  strict?: boolean;
}

/** The outcome of runChange: the plan's own refusal, or what was committed and `finish`'s answer. */
export type ChangeOutcome<A, F> =
  { abort: A } | { unknown: number; last: number; commit: Commit; done: null } | { unknown: 0; last: number; commit: Commit; done: F };

/** A step found a pin of a strict change missing. */
class PinsMissing extends Error {
  constructor(readonly unknown: number) {
    super('pins missing');
  }
}

/** Runs `fn` after the user's earlier changes where the database needs that (embedded: see UserTurns). */
export const inUserTurn = <T>(db: Db, userId: number, fn: () => Promise<T>): Promise<T> => (db.userTurn ? db.userTurn(userId, fn) : fn());

/**
 * Makes one change of the user's checks, all or nothing, as one undoable action: `prepare` reads what it needs and
 * says which pins move where (or refuses), `finish` runs in the transaction that makes the change visible.
 *
 * On PostgreSQL, and for fewer than bulkTuning.minPins pins (`size`, known before `prepare`), it is one transaction.
 * A large change on the embedded database (one connection: a transaction there stops every other player) is written
 * in steps sized to hold it about bulkTuning.stepMs each, one short transaction each, taking turns in the bulk lane: the action is
 * pending (hidden) meanwhile, each step journals the earlier state of its pins, and one last short transaction makes
 * it whole (the action listed, the checkTime bumped, the devices told). A step that fails rolls the steps before it
 * back from the journal; a process killed midway leaves a pending action that start-up rolls back
 * (recoverPendingActions). The player's other changes wait meanwhile (UserTurns), and their own reads wait for it
 * to be whole (userIdle); other players only ever see the pins' found-counts move step by step.
 */
export async function runChange<A, F>(
  db: Db,
  userId: number,
  size: number,
  prepare: (q: Db, profile: number) => Promise<{ abort: A } | ChangePlan>,
  finish: (tx: Db, c: Commit, profile: number) => Promise<F>,
): Promise<ChangeOutcome<A, F>> {
  if (!db.userTurn || size < bulkTuning.minPins) {
    // PostgreSQL's autovacuum lags a loop of large changes (1.2 GB of dead row versions in 10 minutes of 50,000-pin
    // batches measured): each large change has the tables it churned vacuumed after it, in the background (a vacuum
    // there blocks no reader or writer), one at a time per process.
    if (size >= bulkTuning.minPins && db.kind === 'postgres') {
      return runChangeWhole(db, userId, prepare, finish).finally(() => void vacuumChurned(db));
    }
    return runChangeWhole(db, userId, prepare, finish);
  }
  return runChangeInSteps(db, userId, prepare, finish);
}

let vacuuming: Promise<void> | null = null;
/** Vacuums the tables large changes churn, unless this process is already doing so. */
function vacuumChurned(db: Db): Promise<void> {
  vacuuming ??= (async () => {
    for (const table of VACUUMED) await db.exec(`vacuum ${table}`).catch(() => undefined);
  })().finally(() => (vacuuming = null));
  return vacuuming;
}

/** runChange as one transaction. */
function runChangeWhole<A, F>(
  db: Db,
  userId: number,
  prepare: (q: Db, profile: number) => Promise<{ abort: A } | ChangePlan>,
  finish: (tx: Db, c: Commit, profile: number) => Promise<F>,
): Promise<ChangeOutcome<A, F>> {
  {
    return inUserTurn(db, userId, () =>
      withRetry(db, async (tx): Promise<ChangeOutcome<A, F>> => {
        const { last, profile } = await lockProgress(tx, userId);
        const p = await prepare(tx, profile);
        if ('abort' in p) return p;
        const found = await lockPins(tx, p.ids);
        if (p.strict && found !== p.ids.length) return { unknown: p.ids.length - found, last, commit: unchanged(last), done: null };
        const c = await commitChanges(tx, { user: userId, profile }, last, p.ids, p.want, p.meta);
        return { unknown: 0, last, commit: c, done: await finish(tx, c, profile) };
      }),
    );
  }
}

/** runChange on the embedded database, in steps. */
function runChangeInSteps<A, F>(
  db: Db,
  userId: number,
  prepare: (q: Db, profile: number) => Promise<{ abort: A } | ChangePlan>,
  finish: (tx: Db, c: Commit, profile: number) => Promise<F>,
): Promise<ChangeOutcome<A, F>> {
  return db.userTurn!(userId, async (): Promise<ChangeOutcome<A, F>> => {
    // The profile cannot change meanwhile: a switch takes its turn after this change (inUserTurn).
    const user = await db.query<{ check_time: number; active_profile: number }>(
      'select check_time, active_profile from users where id = $1',
      [userId],
    );
    if (!user.rows[0]) throw ApiError.requiresLogin();
    const before = user.rows[0].check_time;
    const profile = user.rows[0].active_profile;
    const o: Owner = { user: userId, profile };
    const p = await prepare(db, profile);
    if ('abort' in p) return p;
    const ids = Int32Array.from(p.ids).sort();
    if (p.strict) {
      // Unknown pins are refused before anything is written (a step finds a pin deleted since).
      let missing = 0;
      for (let i = 0; i < ids.length; i += CHECK_STEP) {
        const part = [...ids.subarray(i, i + CHECK_STEP)];
        const { rows } = await db.query<{ n: number }>('select count(*)::int as n from pins where id = any($1::int[]) and not hidden', [
          part,
        ]);
        missing += part.length - (rows[0]?.n ?? 0);
      }
      if (missing) return { unknown: missing, last: before, commit: unchanged(before), done: null };
    }
    const { rows } = await db.query<{ id: number }>(
      `insert into check_actions (user_id, kind, checked, pin_count, at, device, pending, profile_id) values ($1, $2, $3, 0, $4, $5, true, $6) returning id`,
      [userId, p.meta.kind, p.meta.checked, p.meta.now, p.meta.device.slice(0, 60), profile],
    );
    const actionId = rows[0]!.id;
    const on: number[] = [];
    const off: number[] = [];
    const stale: number[] = [];
    try {
      let size = bulkTuning.stepPins;
      for (let i = 0, seq = 0; i < ids.length; seq++) {
        const part = [...ids.subarray(i, i + size)];
        i += part.length;
        let held = 0;
        // Every step takes its turn in the bulk lane (a pause as long as the step after it), whatever its size.
        await db.bulk(Math.max(part.length, BULK_MIN_ROWS), () =>
          db.transaction(async (tx) => {
            const t0 = performance.now();
            // The foreign keys were just checked: the pins by readStates, the player by the turn.
            const role = await replicaRole(tx);
            if (role) await tx.exec(role);
            const states = await readStates(tx, profile, part);
            if (p.strict && states.length !== part.length) throw new PinsMissing(part.length - states.length);
            const s = sortOut(states, p.want, p.meta);
            await applyChecks(tx, profile, s.on, true);
            await applyChecks(tx, profile, s.off, false);
            if (s.changes.length) {
              await tx.query(
                `with journal as (
                   insert into check_action_journal (action_id, seq, pins, was_checked, was_at, was_action)
                   values ($2, $3, $4, $5, $6, $7)
                 )
                 insert into check_marks (profile_id, pin_id, checked, at, action_id)
                 select $1, t.pin, t.checked, t.at, $2 from unnest($4::int[], $8::boolean[], $9::bigint[]) as t(pin, checked, at)
                 on conflict (profile_id, pin_id) do update set checked = excluded.checked, at = excluded.at, action_id = excluded.action_id`,
                [
                  profile,
                  actionId,
                  seq,
                  s.changes.map((r) => r.id),
                  s.changes.map((r) => r.checked),
                  s.changes.map((r) => r.at),
                  s.changes.map((r) => r.action_id),
                  s.changes.map((r) => !r.checked),
                  s.changes.map(() => p.meta.at),
                ],
              );
            }
            on.push(...s.on);
            off.push(...s.off);
            stale.push(...s.stale);
            held = performance.now() - t0;
          }),
        );
        stepStats.steps++;
        stepStats.longestMs = Math.max(stepStats.longestMs, held);
        // The next step is sized to hold the database about stepMs, whatever this machine's speed.
        if (bulkTuning.stepMs > 0) {
          const fit = Math.round((part.length * bulkTuning.stepMs) / Math.max(held, 1));
          size = Math.min(STEP_MAX, Math.max(STEP_MIN, Math.round(size / 2), Math.min(fit, size * 2)));
        }
      }
      return await db.transaction(async (tx) => {
        const last = await lockUser(tx, userId);
        const c = await completeAction(tx, o, last, actionId, on, off, stale, p.meta);
        return { unknown: 0 as const, last, commit: c, done: await finish(tx, c, profile) };
      });
    } catch (e) {
      await rollbackAction(db, profile, actionId);
      if (e instanceof PinsMissing) return { unknown: e.unknown, last: before, commit: unchanged(before), done: null };
      throw e;
    } finally {
      // The embedded database has no autovacuum: without this every 50,000-pin batch left about 9 MB of dead row
      // versions (found-counts, checks, marks) that nothing reused (570 MB in 10 minutes of looping). One table per
      // turn, so each holds the database alone (47–65 ms each for a 52,000-pin world here).
      await vacuumChurned(db);
    }
  });
}

/** The tables a large change churns, vacuumed after it on the embedded database. */
const VACUUMED = ['check_action_journal', 'check_marks', 'profile_checks', 'pins'];

/** Pins a step of a large change may name, and ids per existence check before one. */
const STEP_MIN = 100;
const STEP_MAX = 5_000;
const CHECK_STEP = 5_000;

let replica: string | undefined;
/**
 * `set local session_replication_role = replica` where the role may skip foreign-key triggers (the embedded
 * database runs as a superuser; seeding does the same), else nothing.
 */
async function replicaRole(tx: Db): Promise<string> {
  if (replica === undefined) {
    const { rows } = await tx.query<{ s: boolean }>('select rolsuper as s from pg_roles where rolname = current_user');
    replica = rows[0]?.s ? 'set local session_replication_role = replica' : '';
  }
  return replica;
}

const unchanged = (last: number): Commit => ({ actionId: null, on: [], off: [], stale: [], checkTime: last });

/** The last step of a large change: the pending action becomes whole, or goes when it changed nothing. */
async function completeAction(
  tx: Db,
  o: Owner,
  last: number,
  actionId: number,
  on: number[],
  off: number[],
  stale: number[],
  meta: ChangeMeta,
): Promise<Commit> {
  if (on.length + off.length === 0) {
    await tx.query('delete from check_actions where id = $1', [actionId]);
    return { ...unchanged(last), stale };
  }
  const checkTime = Math.max(meta.now, last + 1);
  const [wasOff, wasOn] = [packIds(on), packIds(off)];
  await tx.query(
    `with action as (
       update check_actions set pending = false, pin_count = $2, was_off = $3, was_on = $4, undo_bytes = $5 where id = $1
     ), journal as (
       delete from check_action_journal where action_id = $1
     ), bump as (
       update users set check_time = $7 where id = $6
     )
     select pg_notify($8, $9)`,
    [
      actionId,
      on.length + off.length,
      wasOff,
      wasOn,
      wasOff.length + wasOn.length,
      o.user,
      checkTime,
      CHECKS_CHANNEL,
      JSON.stringify(noticeOf(o, checkTime, last, on, off)),
    ],
  );
  await trimHistory(tx, o.profile, actionId);
  return { actionId, on, off, stale, checkTime };
}

/**
 * Undoes the written steps of a pending action from its journal, newest first, one short transaction each, then
 * drops the action: the user's checks, marks and the pins' found-counts are as before the change began.
 */
async function rollbackAction(db: Db, profile: number, actionId: number): Promise<void> {
  const { rows } = await db.query<{ seq: number }>('select seq from check_action_journal where action_id = $1 order by seq desc', [
    actionId,
  ]);
  for (const { seq } of rows) {
    await db.bulk(BULK_MIN_ROWS, () =>
      db.transaction(async (tx) => {
        const j = await tx.query<{ pins: number[]; was_checked: boolean[]; was_at: (number | null)[]; was_action: (number | null)[] }>(
          'select pins, was_checked, was_at, was_action from check_action_journal where action_id = $1 and seq = $2',
          [actionId, seq],
        );
        const r = j.rows[0];
        if (!r) return;
        const back = r.pins.filter((_, k) => r.was_checked[k]);
        const gone = r.pins.filter((_, k) => !r.was_checked[k]);
        // A pin deleted meanwhile has no checks to give back.
        const existing = await tx.query<{ ids: number[] | null }>('select array_agg(id) as ids from pins where id = any($1::int[])', [
          back,
        ]);
        await applyChecks(tx, profile, existing.rows[0]?.ids ?? [], true);
        await applyChecks(tx, profile, gone, false);
        await tx.query(
          `with t as (
             select * from unnest($2::int[], $3::boolean[], $4::bigint[], $5::bigint[]) as t(pin, checked, at, act)
           ), dropped as (
             delete from check_marks m using t where m.profile_id = $1 and m.pin_id = t.pin and t.at is null
           ), restored as (
             update check_marks m set checked = t.checked, at = t.at, action_id = t.act from t
              where m.profile_id = $1 and m.pin_id = t.pin and t.at is not null
           )
           delete from check_action_journal where action_id = $6 and seq = $7`,
          [profile, r.pins, r.was_checked, r.was_at, r.was_action, actionId, seq],
        );
      }),
    );
  }
  await db.query('delete from check_actions where id = $1', [actionId]);
  stepStats.rolledBack++;
}

/**
 * Start-up on the embedded database: rolls back every change a stopped process left half written (pending actions),
 * so none of it remains. Returns how many.
 */
export async function recoverPendingActions(db: Db): Promise<number> {
  const { rows } = await db.query<{ id: number; profile_id: number }>('select id, profile_id from check_actions where pending order by id');
  for (const r of rows) await rollbackAction(db, r.profile_id, Number(r.id));
  return rows.length;
}

/** Locks the user's row (serialising their changes) and returns their checkTime. */
export async function lockUser(tx: Db, userId: number): Promise<number> {
  return (await lockProgress(tx, userId)).last;
}

/** Locks the user's row and returns their checkTime and active profile (the one a change applies to). */
export async function lockProgress(tx: Db, userId: number): Promise<{ last: number; profile: number }> {
  const { rows } = await tx.query<{ check_time: number; active_profile: number }>(
    'select check_time, active_profile from users where id = $1 for update',
    [userId],
  );
  if (!rows[0]) throw ApiError.requiresLogin();
  return { last: rows[0].check_time, profile: rows[0].active_profile };
}

async function bumpTime(tx: Db, userId: number, last: number, now: number): Promise<number> {
  const next = Math.max(now, last + 1);
  await tx.query('update users set check_time = $2 where id = $1', [userId, next]);
  return next;
}

/**
 * Adds (check) or removes the pins of `ids` (all known, unique) for the profile; returns how many
 * rows changed. Pins are locked in id order first so concurrent batches cannot deadlock.
 */
async function applyChecks(tx: Db, profile: number, ids: readonly number[], check: boolean): Promise<number> {
  if (ids.length === 0) return 0;
  const sql = check
    ? `with changed as (insert into profile_checks (profile_id, pin_id) select $1, unnest($2::int[]) on conflict do nothing returning pin_id)
       update pins set total_checks = total_checks + 1 where id = any(array(select pin_id from changed))`
    : `with changed as (delete from profile_checks where profile_id = $1 and pin_id = any($2::int[]) returning pin_id)
       update pins set total_checks = total_checks - 1 where id = any(array(select pin_id from changed))`;
  const r = await tx.query(sql, [profile, ids]);
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
  return inUserTurn(db, userId, () =>
    withRetry(db, async (tx) => {
      const { last, profile } = await lockProgress(tx, userId);
      const target = (await markTargets(tx, [pinId])).get(pinId);
      if (target === undefined || (await lockPins(tx, [target])) === 0) return null;
      const c = await commitChanges(tx, { user: userId, profile }, last, [target], () => check, {
        at: Math.min(at, now),
        kind: 'single',
        checked: check,
        device,
        now,
      });
      const current = c.stale.length ? await isChecked(tx, profile, target) : check;
      return {
        check: current,
        userId,
        pinId: target,
        checkTime: c.checkTime,
        lastCheckTime: last,
        changed: c.actionId != null,
        actionId: c.actionId,
      };
    }),
  );
}

async function isChecked(tx: Db, profile: number, pinId: number): Promise<boolean> {
  const { rows } = await tx.query('select 1 from profile_checks where profile_id = $1 and pin_id = $2', [profile, pinId]);
  return rows.length > 0;
}

/** The user's checked pin ids (ascending: the active profile's) and checkTime, in one read. */
export async function userChecks(db: Db, userId: number): Promise<UserChecks> {
  await db.userIdle?.(userId);
  const { rows } = await db.query<{ check_time: number; ids: number[] | null }>(
    `select u.check_time,
            (select array_agg(pin_id order by pin_id) from profile_checks where profile_id = u.active_profile) as ids
       from users u where u.id = $1`,
    [userId],
  );
  if (!rows[0]) throw ApiError.requiresLogin();
  return { userId, checkTime: rows[0].check_time, pinIds: rows[0].ids ?? [] };
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
  const r = await runChange<number, number[]>(
    db,
    userId,
    ids.length,
    async (q) => {
      // A mark of a merged duplicate lands on its kept pin; a missing or hidden pin refuses the whole batch.
      const targets = await markTargets(q, ids);
      if (targets.size < ids.length) return { abort: ids.length - targets.size };
      const kept = [...new Set(targets.values())];
      return { ids: kept, want: () => check, meta: { at: Math.min(at, now), kind: 'batch', checked: check, device, now }, strict: true };
    },
    (tx, _c, profile) => pinList(tx, profile),
  );
  if ('abort' in r) return { unknown: r.abort, checkTime: 0, lastCheckTime: 0, changed: 0, ignored: 0, actionId: null, pinIds: [] };
  const c = r.commit;
  return {
    unknown: r.unknown,
    checkTime: c.checkTime,
    lastCheckTime: r.last,
    changed: c.on.length + c.off.length,
    ignored: c.stale.length,
    actionId: c.actionId,
    pinIds: r.done ?? [],
  };
}

/** The profile's found pins, ascending (answers of the changes that return them). */
export async function pinList(q: Db, profile: number): Promise<number[]> {
  const { rows } = await q.query<{ ids: number[] | null }>(
    'select array_agg(pin_id order by pin_id) as ids from profile_checks where profile_id = $1',
    [profile],
  );
  return rows[0]?.ids ?? [];
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
  return inUserTurn(db, userId, () =>
    withRetry(db, async (tx) => {
      const { last, profile } = await lockProgress(tx, userId);
      let known: number[] = [];
      if (ids.length) {
        const { rows } = await tx.query<{ ids: number[] | null }>(
          'select array_agg(id order by id) as ids from (select id from pins where id = any($1::int[]) and not hidden order by id for update) s',
          [[...new Set((await markTargets(tx, ids)).values())]],
        );
        known = rows[0]?.ids ?? [];
      }
      const n = await applyChecks(tx, profile, known, true);
      const checkTime = n > 0 ? await bumpTime(tx, userId, last, now) : last;
      return { checkTime, merged: n };
    }),
  );
}
