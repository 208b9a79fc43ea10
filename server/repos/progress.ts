import type { Db } from '../db';
import { EXPORT_VERSION, type FilePin } from '../../common/progress-file';
import type { ImportMode, ImportPlan, ProgressExport, RecentAction } from '../../common/api';
import { pinList, runChange, type ActionKind } from './checks';
import { markTargets } from './pins';
import { unpackIds } from './pinpack';

/*
 * A player's progress beyond single checks: the recent actions (and undoing one), export of the
 * found pins with their times, and import (merge or replace) with a preview. Every change goes
 * through commitChanges, so it is recorded, timed per pin and announced like a mark.
 */

/** One recent action as GET /v1/me/actions lists it (its schema: common/api RecentActionSchema). */
export type ActionView = RecentAction;

/** The user's most recent actions (those of the active profile), newest first. */
export async function listActions(db: Db, userId: number, limit: number): Promise<ActionView[]> {
  const { rows } = await db.query<{
    id: number;
    kind: ActionKind;
    checked: boolean | null;
    pin_count: number;
    at: number;
    device: string;
    undone_at: number | null;
    undoable: boolean;
  }>(
    `select id, kind, checked, pin_count, at, device, undone_at, (was_off is not null or was_on is not null) as undoable
       from check_actions where profile_id = (select active_profile from users where id = $1) and not pending order by id desc limit $2`,
    [userId, limit],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    check: r.checked,
    count: r.pin_count,
    at: r.at,
    device: r.device,
    undoneAt: r.undone_at,
    undoable: r.undoable,
  }));
}

export type UndoOutcome =
  | { kind: 'missing' }
  | { kind: 'undone' }
  | { kind: 'forgotten' }
  | { kind: 'ok'; actionId: number | null; restored: number; checkTime: number; lastCheckTime: number; pinIds: number[] };

/**
 * Restores the state before action `id` of exactly the pins it changed and still owns (a pin
 * changed again since keeps its newer change). The undo is itself an action. An action whose
 * undo data was dropped (the per-player cap) answers `forgotten`.
 */
export async function undoAction(db: Db, userId: number, id: number, now: number, device: string): Promise<UndoOutcome> {
  // Undoing a large batch is a large write: on the embedded database it is written in steps like the batch was.
  const size = await db.query<{ pin_count: number }>('select pin_count from check_actions where id = $1 and user_id = $2', [id, userId]);
  const r = await runChange<'missing' | 'undone' | 'forgotten', number[]>(
    db,
    userId,
    size.rows[0]?.pin_count ?? 0,
    async (q, profile) => {
      // An action of another profile is not this one's to undo (as if missing).
      const { rows } = await q.query<{ undone_at: number | null; pending: boolean; was_off: Uint8Array | null; was_on: Uint8Array | null }>(
        `select undone_at, pending, was_off, was_on from check_actions where id = $1 and profile_id = $2${q === db ? '' : ' for update'}`,
        [id, profile],
      );
      const a = rows[0];
      if (!a || a.pending) return { abort: 'missing' as const };
      if (a.undone_at != null) return { abort: 'undone' as const };
      if (a.was_off == null && a.was_on == null) return { abort: 'forgotten' as const };
      const owned = await q.query<{ ids: number[] | null }>(
        'select array_agg(pin_id order by pin_id) as ids from check_marks where profile_id = $1 and action_id = $2',
        [profile, id],
      );
      const wasOn = new Set(unpackIds(a.was_on));
      return {
        ids: owned.rows[0]?.ids ?? [],
        want: (pin: number) => wasOn.has(pin),
        meta: { at: now, kind: 'undo' as const, checked: null, device, now, force: true },
      };
    },
    async (tx, _c, profile) => {
      await tx.query('update check_actions set undone_at = $2 where id = $1', [id, now]);
      return pinList(tx, profile);
    },
  );
  if ('abort' in r) return { kind: r.abort };
  const c = r.commit;
  return {
    kind: 'ok',
    actionId: c.actionId,
    restored: c.on.length + c.off.length,
    checkTime: c.checkTime,
    lastCheckTime: r.last,
    pinIds: r.done ?? [],
  };
}

/** The export file (JSON, common/api ProgressExportSchema); the CSV has the same rows (pinId,checkedAt). */
export type { ProgressExport };

/**
 * The user's found pins with the time of each: when it was found (a restored pin keeps the file's time), or the
 * player's own time of the mark where that is earlier (a mark made offline and sent later).
 */
export async function exportChecks(db: Db, userId: number, now: number, profile?: number): Promise<ProgressExport> {
  await db.userIdle?.(userId);
  // The active profile's, or `profile` (one of the user's).
  const { rows } = await db.query<{ pin_id: number; at: number }>(
    `select c.pin_id, least(m.at, (extract(epoch from c.checked_at) * 1000)::bigint) as at
       from profile_checks c left join check_marks m on m.profile_id = c.profile_id and m.pin_id = c.pin_id
      where c.profile_id = coalesce($2, (select active_profile from users where id = $1))
        and c.profile_id in (select id from progress_profiles where user_id = $1)
      order by c.pin_id`,
    [userId, profile ?? null],
  );
  return { version: EXPORT_VERSION, exportedAt: now, pins: rows.map((r) => ({ pinId: r.pin_id, checkedAt: Number(r.at) })) };
}

/** CSV of an export: a header and one `pinId,checkedAt` line per found pin. */
export function exportCsv(e: ProgressExport): string {
  return ['pinId,checkedAt', ...e.pins.map((p) => `${p.pinId},${new Date(p.checkedAt).toISOString()}`)].join('\n') + '\n';
}

export type { ImportMode, ImportPlan };

/** One pin of an import file: its id and, where the file has it, when it was found (epoch ms). */
export type ImportedPin = FilePin;

/**
 * The file's time of each pin it lands on (see markTargets: a merged duplicate on its kept pin, the earliest time
 * when several land on one), never after `now` (like a mark's `at`); undefined: the import's time.
 */
function timesOf(pins: readonly ImportedPin[], targets: Map<number, number>, now: number): Map<number, number | undefined> {
  const at = new Map<number, number | undefined>();
  for (const p of pins) {
    const pin = targets.get(p.pinId);
    if (pin === undefined) continue;
    const t = p.checkedAt === undefined ? undefined : Math.min(p.checkedAt, now);
    const had = at.get(pin);
    at.set(pin, !at.has(pin) ? t : had === undefined || t === undefined ? undefined : Math.min(had, t));
  }
  return at;
}

/**
 * A restore is the player's own act, now: unlike a mark replayed from another device it is not weighed against the
 * pins' last-change times. Merge adds every listed pin; replace also removes every found pin the file does not list.
 */
async function plan(tx: Db, profile: number, mode: ImportMode, pins: readonly ImportedPin[], now: number) {
  const targets = await markTargets(
    tx,
    pins.map((p) => p.pinId),
  );
  const at = timesOf(pins, targets, now);
  const { rows } = await tx.query<{ id: number; found: boolean }>(
    `select p.id, (c.pin_id is not null) as found
       from pins p
       left join profile_checks c on c.profile_id = $1 and c.pin_id = p.id
      where p.id = any($2::int[]) and not p.hidden order by p.id`,
    [profile, [...at.keys()]],
  );
  const listed = new Set(rows.map((r) => r.id));
  // A replace leaves the checks of hidden pins alone: the file cannot list them, and a pin shown again keeps its mark.
  const mine = await tx.query<{ ids: number[] | null }>(
    'select array_agg(c.pin_id order by c.pin_id) as ids from profile_checks c join pins p on p.id = c.pin_id and not p.hidden where c.profile_id = $1',
    [profile],
  );
  const found = new Set(mine.rows[0]?.ids ?? []);
  const add = rows.filter((r) => !r.found).map((r) => r.id);
  const remove = mode === 'replace' ? [...found].filter((p) => !listed.has(p)) : [];
  const summary: ImportPlan = {
    mode,
    add: add.length,
    remove: remove.length,
    unchanged: rows.length - add.length,
    unknown: pins.length - [...targets.keys()].filter((id) => listed.has(targets.get(id)!)).length,
  };
  return { summary, add, remove, at };
}

/** The preview: what importing `pins` (unique ids) in `mode` would change, changing nothing. */
export async function previewImport(
  db: Db,
  userId: number,
  mode: ImportMode,
  pins: readonly ImportedPin[],
  now: number,
): Promise<ImportPlan> {
  await db.userIdle?.(userId);
  const { rows } = await db.query<{ active_profile: number }>('select active_profile from users where id = $1', [userId]);
  return (await plan(db, rows[0]?.active_profile ?? 0, mode, pins, now)).summary;
}

/**
 * Applies an import in one transaction (all or nothing), as one undoable action; a large one takes its turn in the
 * bulk lane. Every pin it changes has `now` as its last-change time (a mark from another device made before the
 * restore no longer overrides it); the pins it finds keep the file's time as when they were found (the export's).
 */
export async function applyImport(db: Db, userId: number, mode: ImportMode, pins: readonly ImportedPin[], now: number, device: string) {
  // A replace may also remove every found pin: count those in the write's size.
  const found =
    mode === 'replace'
      ? ((await db.query<{ n: number }>('select count(*)::int as n from checks where user_id = $1', [userId])).rows[0]?.n ?? 0)
      : 0;
  let summary: ImportPlan | undefined;
  let dated: { pins: number[]; at: number[] } = { pins: [], at: [] };
  const r = await runChange<never, null>(
    db,
    userId,
    pins.length + found,
    async (q, profile) => {
      const p = await plan(q, profile, mode, pins, now);
      summary = p.summary;
      const adding = new Set(p.add);
      const withTime = p.add.filter((pin) => p.at.get(pin) !== undefined);
      dated = { pins: withTime, at: withTime.map((pin) => p.at.get(pin)!) };
      return {
        ids: [...p.add, ...p.remove],
        want: (pin: number) => adding.has(pin),
        // A restore is the player's own act, now: its marks are the pins' newest change (a mark replayed late from
        // another device does not undo it), and it is not weighed against the pins' last-change times (force).
        meta: { at: now, kind: 'import' as const, checked: null, device, now, force: true },
      };
    },
    async (tx, _c, profile) => {
      // The pins it finds keep the file's time as when they were found (what the export gives back).
      if (dated.pins.length > 0) {
        await tx.query(
          `update profile_checks c set checked_at = to_timestamp(t.at / 1000.0)
             from unnest($2::int[], $3::bigint[]) as t(pin, at) where c.profile_id = $1 and c.pin_id = t.pin`,
          [profile, dated.pins, dated.at],
        );
      }
      return null;
    },
  );
  if ('abort' in r) throw new Error('unreachable');
  return { plan: summary!, actionId: r.commit.actionId, checkTime: r.commit.checkTime };
}
