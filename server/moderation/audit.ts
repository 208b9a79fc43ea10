import type { Db } from '../db';
import type { AuditEntry } from '../../common/api';

export type { AuditEntry };

/** Records one moderator or admin action in the audit log (inside the action's own transaction). */
export async function audit(
  tx: Db,
  actorId: number,
  action: string,
  targetType: 'pin' | 'user' | 'report' | 'category' | 'tag' | 'comment' | 'region',
  targetId: number | null,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await tx.query('insert into moderation_audit (actor_id, action, target_type, target_id, detail) values ($1, $2, $3, $4, $5::jsonb)', [
    actorId,
    action,
    targetType,
    targetId,
    JSON.stringify(detail),
  ]);
}

/** The newest `limit` audit entries (before id `before` when paging). */
export async function listAudit(db: Db, limit: number, before?: number): Promise<AuditEntry[]> {
  const { rows } = await db.query<{
    id: number;
    actor_id: number | null;
    nickname: string | null;
    action: string;
    target_type: string;
    target_id: number | null;
    detail: Record<string, unknown>;
    created_at: unknown;
  }>(
    `select a.*, u.nickname from moderation_audit a left join users u on u.id = a.actor_id
      where ($1::bigint is null or a.id < $1) order by a.id desc limit $2`,
    [before ?? null, limit],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    actorId: r.actor_id,
    actorNickname: r.nickname,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    detail: r.detail,
    createdAt: iso(r.created_at),
  }));
}

/** A timestamp column as ISO text. */
export const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
