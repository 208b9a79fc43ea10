import type { Db } from '../db';
import { audit, iso } from '../moderation/audit';
import type { Role } from '../moderation/roles';
import { bumpCategories } from './categories';
import { lockPinFields, revision } from './pins';
import type { ModerationReport as ReportView, Player as PlayerView, ReportPin } from '../../common/api';

/** A report in the moderation queue, with both pins' places for the small map; a pin as the queue shows it. */
export type { ReportView, ReportPin };

const PIN_COLS = (
  a: string,
) => `json_build_object('id', ${a}.id, 'region', ${a}.region, 'coordX', ${a}.coord_x, 'coordY', ${a}.coord_y, 'coordZ', ${a}.coord_z,
  'categoryId', ${a}.category_id, 'categoryName', ${a}c.name, 'icon', coalesce(${a}.icon, ${a}c.icon), 'description', ${a}.description,
  'totalChecks', ${a}.total_checks, 'hidden', ${a}.hidden)`;

/** Which reports the queue shows beyond their status (every field optional). */
export interface ReportFilter {
  /** 'duplicate': reports naming a duplicate pin; 'wrong': reports of a wrong or missing pin. */
  kind?: 'duplicate' | 'wrong';
  /** The reported pin's category. */
  categoryId?: number;
  /** The reported pin's region. */
  region?: number;
  /** The reporting player. */
  reporterId?: number;
}

/** Reports by status ('open', or 'resolved' = resolved and dismissed) and filter, newest first. */
export async function listReports(db: Db, status: 'open' | 'resolved', limit: number, filter: ReportFilter = {}): Promise<ReportView[]> {
  const params: unknown[] = [limit];
  const where = [status === 'open' ? "r.status = 'open'" : "r.status <> 'open'"];
  if (filter.kind) where.push(filter.kind === 'duplicate' ? 'r.duplicate_pin_id <> 0' : 'r.duplicate_pin_id = 0');
  const param = (sql: string, v: number | undefined) => {
    if (v === undefined) return;
    params.push(v);
    where.push(`${sql} = $${params.length}`);
  };
  param('t.category_id', filter.categoryId);
  param('t.region', filter.region);
  param('r.user_id', filter.reporterId);
  const { rows } = await db.query<{
    id: number;
    status: ReportView['status'];
    comment: string;
    created_at: unknown;
    user_id: number | null;
    nickname: string | null;
    resolution: string | null;
    resolved_at: unknown;
    target: ReportPin;
    duplicate: ReportPin | null;
  }>(
    `select r.id, r.status, r.comment, r.created_at, r.user_id, u.nickname, r.resolution, r.resolved_at,
            ${PIN_COLS('t')} as target, case when d.id is null then null else ${PIN_COLS('d')} end as duplicate
       from reports r join pins t on t.id = r.target_pin_id join categories tc on tc.id = t.category_id
       left join pins d on d.id = r.duplicate_pin_id left join categories dc on dc.id = d.category_id
       left join users u on u.id = r.user_id
      where ${where.join(' and ')}
      order by r.created_at desc, r.id desc limit $1`,
    params,
  );
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    comment: r.comment,
    createdAt: iso(r.created_at),
    reporterId: r.user_id,
    reporterNickname: r.nickname,
    resolution: r.resolution,
    resolvedAt: r.resolved_at == null ? null : iso(r.resolved_at),
    target: r.target,
    duplicate: r.duplicate,
  }));
}

/** The open report locked for update, or why it cannot be acted on. */
export async function lockReport(tx: Db, id: number): Promise<{ targetPinId: number; duplicatePinId: number; status: string } | null> {
  const { rows } = await tx.query<{ target_pin_id: number; duplicate_pin_id: number; status: string }>(
    'select target_pin_id, duplicate_pin_id, status from reports where id = $1 for update',
    [id],
  );
  const r = rows[0];
  return r ? { targetPinId: r.target_pin_id, duplicatePinId: r.duplicate_pin_id, status: r.status } : null;
}

/** Closes a report with what was done (`rejected` for a dismissal). */
export async function closeReport(tx: Db, id: number, actorId: number, status: 'resolved' | 'rejected', resolution: string): Promise<void> {
  await tx.query('update reports set status = $2, resolved_by = $3, resolved_at = now(), resolution = $4 where id = $1', [
    id,
    status,
    actorId,
    resolution,
  ]);
}

/**
 * Merges pin `dupId` into `keepId`: checks move (a player who had both counts once), comments
 * move, the kept pin's totalChecks is recounted from its checks, the duplicate is hidden with
 * merged_into set, and every player whose checks changed gets a new checkTime so clients refetch.
 */
export async function mergePins(
  tx: Db,
  keepId: number,
  dupId: number,
  actorId: number,
  now: number,
): Promise<{ moved: number; categories: number[] } | null> {
  // Lock in id order, as the check calls do, so a merge and a batch check cannot deadlock on the pins.
  const [a, b] = keepId < dupId ? [keepId, dupId] : [dupId, keepId];
  const first = await lockPinFields(tx, a);
  const second = await lockPinFields(tx, b);
  if (!first || !second) return null;
  const keep = keepId === a ? first : second;
  const dup = keepId === a ? second : first;
  // Every progress profile's checks move (migration 020); the players owning them get the new checkTime.
  const affected = (
    await tx.query<{ user_id: number }>(
      'select distinct f.user_id from profile_checks c join progress_profiles f on f.id = c.profile_id where c.pin_id = $1 order by f.user_id',
      [dupId],
    )
  ).rows.map((r) => r.user_id);
  const moved = await tx.query(
    'insert into profile_checks (profile_id, pin_id, checked_at) select profile_id, $1, checked_at from profile_checks where pin_id = $2 on conflict do nothing',
    [keepId, dupId],
  );
  await tx.query('delete from profile_checks where pin_id = $1', [dupId]);
  await tx.query('update pins set total_checks = (select count(*)::int from profile_checks where pin_id = $1) where id = $1', [keepId]);
  await tx.query('update pins set total_checks = 0, hidden = true, merged_into = $2, updated_at = now() where id = $1', [dupId, keepId]);
  await tx.query('update comments set pin_id = $1 where pin_id = $2', [keepId, dupId]);
  if (affected.length) {
    await tx.query('update users set check_time = greatest($2::bigint, check_time + 1) where id = any($1::int[])', [affected, now]);
  }
  await revision(tx, dupId, actorId, dup, dup, 'merge');
  await revision(tx, keepId, actorId, keep, keep, 'merge');
  const categories = [...new Set([keep.categoryId, dup.categoryId])];
  await bumpCategories(tx, categories, now);
  await audit(tx, actorId, 'merge', 'pin', keepId, { duplicate: dupId, movedChecks: moved.rowCount, players: affected.length });
  return { moved: moved.rowCount, categories };
}

/** A player as the moderation page lists them. */
export type { PlayerView };

/** Players whose nickname contains `q` (all when empty), staff first, then newest. */
export async function listPlayers(db: Db, q: string, limit: number): Promise<PlayerView[]> {
  const { rows } = await db.query<{
    id: number;
    nickname: string;
    role: Role;
    created_at: unknown;
    suspended_until: unknown;
    suspend_reason: string | null;
    edits: number;
  }>(
    `select u.id, u.nickname, u.role, u.created_at, case when u.suspended_until > now() then u.suspended_until end as suspended_until, u.suspend_reason,
            (select count(*)::int from pin_revisions r where r.user_id = u.id) as edits
       from users u where $1 = '' or strpos(lower(u.nickname), lower($1)) > 0
      order by case u.role when 'admin' then 0 when 'moderator' then 1 else 2 end, u.id desc limit $2`,
    [q, limit],
  );
  return rows.map((r) => ({
    id: r.id,
    nickname: r.nickname,
    role: r.role,
    createdAt: iso(r.created_at),
    suspendedUntil: r.suspended_until == null ? null : iso(r.suspended_until),
    suspendReason: r.suspended_until == null ? null : r.suspend_reason,
    edits: r.edits,
  }));
}

/** The player's row locked, with who set the suspension in force (null when none is); null when unknown. */
export async function lockSuspension(tx: Db, id: number): Promise<{ role: Role; by: number | null; active: boolean } | null> {
  const { rows } = await tx.query<{ role: Role; suspended_by: number | null; active: boolean }>(
    'select role, suspended_by, coalesce(suspended_until > now(), false) as active from users where id = $1 for update',
    [id],
  );
  const r = rows[0];
  return r ? { role: r.role, by: r.active ? r.suspended_by : null, active: r.active } : null;
}

/** Suspends a player until `until` (or with null lifts the suspension), recording why and by whom. */
export async function setSuspension(tx: Db, id: number, s: { until: Date; reason: string; by: number } | null): Promise<void> {
  await tx.query('update users set suspended_until = $2, suspend_reason = $3, suspended_by = $4 where id = $1', [
    id,
    s?.until.toISOString() ?? null,
    s?.reason ?? null,
    s?.by ?? null,
  ]);
}

/** Sets a player's role (an admin appointing or removing a moderator). */
export async function setRole(tx: Db, id: number, role: Role): Promise<void> {
  await tx.query('update users set role = $2 where id = $1', [id, role]);
}
