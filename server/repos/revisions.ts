import type { Db } from '../db';
import { diffPin } from '../../common/pin-diff';
import type { Revision } from '../../common/api';
import { audit, iso } from '../moderation/audit';
import { bumpCategories } from './categories';
import { lockPinFields, revision, updatePin, type PinFields, type RevisionKind } from './pins';

/** One revision of a pin as the history shows it. */
export type RevisionView = Revision;

interface RevisionRow {
  id: number;
  pin_id: number;
  user_id: number | null;
  nickname: string | null;
  kind: RevisionKind;
  created_at: unknown;
  reverted_at: unknown;
  before: PinFields | null;
  after: PinFields;
}

const view = (r: RevisionRow): RevisionView => ({
  id: Number(r.id),
  pinId: r.pin_id,
  userId: r.user_id,
  nickname: r.nickname,
  kind: r.kind,
  createdAt: iso(r.created_at),
  revertedAt: r.reverted_at == null ? null : iso(r.reverted_at),
  before: r.before,
  after: r.after,
  changes: diffPin(r.before, r.after),
});

const SELECT = `select r.id, r.pin_id, r.user_id, u.nickname, r.kind, r.created_at, r.reverted_at, r.before, r.after
  from pin_revisions r left join users u on u.id = r.user_id`;

/** A pin's revisions, newest first. */
export async function listRevisions(db: Db, pinId: number): Promise<RevisionView[]> {
  return (await db.query<RevisionRow>(`${SELECT} where r.pin_id = $1 order by r.id desc limit 500`, [pinId])).rows.map(view);
}

/** Recent changes to any pin, newest first, optionally since a time and by one player. */
export async function listChanges(
  db: Db,
  opts: { since?: Date; userId?: number; limit: number; before?: number },
): Promise<RevisionView[]> {
  const { rows } = await db.query<RevisionRow>(
    `${SELECT} where ($1::timestamptz is null or r.created_at >= $1) and ($2::int is null or r.user_id = $2) and ($3::bigint is null or r.id < $3)
      order by r.id desc limit $4`,
    [opts.since?.toISOString() ?? null, opts.userId ?? null, opts.before ?? null, opts.limit],
  );
  return rows.map(view);
}

/** Marks the player edits of a pin from revision `fromId` on as undone. */
async function markReverted(tx: Db, pinId: number, fromId: number): Promise<void> {
  await tx.query(
    `update pin_revisions set reverted_at = now() where pin_id = $1 and id >= $2 and reverted_at is null and kind in ('create', 'edit')`,
    [pinId, fromId],
  );
}

/**
 * Puts a pin back to its state right after revision `revisionId` (a revert is itself a revision).
 * Null when the revision is not one of this pin's.
 */
export async function revertPin(
  tx: Db,
  pinId: number,
  revisionId: number,
  actorId: number,
  now: number,
): Promise<{ categoryId: number; before: PinFields } | null> {
  const current = await lockPinFields(tx, pinId);
  if (!current) return null;
  const { rows } = await tx.query<{ after: PinFields }>('select after from pin_revisions where id = $1 and pin_id = $2', [
    revisionId,
    pinId,
  ]);
  const target = rows[0]?.after;
  if (!target) return null;
  await updatePin(tx, pinId, actorId, current, target, now, 'revert');
  await markReverted(tx, pinId, revisionId + 1);
  await audit(tx, actorId, 'revert', 'pin', pinId, { revisionId });
  return { categoryId: target.categoryId, before: current };
}

/** Hides or shows a pin for everyone but moderators (recorded as a revision and audited). */
export async function setHidden(
  tx: Db,
  pinId: number,
  hidden: boolean,
  actorId: number,
  now: number,
  reason?: string,
): Promise<PinFields | null> {
  const fields = await lockPinFields(tx, pinId);
  if (!fields) return null;
  await tx.query('update pins set hidden = $2, updated_at = now() where id = $1', [pinId, hidden]);
  await revision(tx, pinId, actorId, fields, fields, hidden ? 'hide' : 'unhide');
  await bumpCategories(tx, [fields.categoryId], now);
  await audit(tx, actorId, hidden ? 'hide' : 'unhide', 'pin', pinId, reason ? { reason } : {});
  return fields;
}

/**
 * Undoes every edit `userId` made since `since`: each pin goes back to its state before the
 * player's first edit in the span (pins the player created then are hidden). Later edits by
 * others to those pins are undone with it; they stay in the history to be redone by hand.
 */
export async function revertSince(
  tx: Db,
  userId: number,
  since: Date,
  actorId: number,
  now: number,
): Promise<{ pins: number[]; hidden: number[] }> {
  const { rows } = await tx.query<{ pin_id: number; id: number; before: PinFields | null }>(
    `select distinct on (pin_id) pin_id, id, before from pin_revisions
      where user_id = $1 and created_at >= $2 and kind in ('create', 'edit') and reverted_at is null
      order by pin_id, id`,
    [userId, since.toISOString()],
  );
  const pins: number[] = [];
  const hidden: number[] = [];
  for (const r of rows) {
    const current = await lockPinFields(tx, r.pin_id);
    if (!current) continue;
    if (r.before === null) {
      await setHidden(tx, r.pin_id, true, actorId, now, 'revert-since');
      hidden.push(r.pin_id);
    } else {
      await updatePin(tx, r.pin_id, actorId, current, r.before, now, 'revert');
      pins.push(r.pin_id);
    }
    await markReverted(tx, r.pin_id, Number(r.id));
  }
  await audit(tx, actorId, 'revert-since', 'user', userId, { since: since.toISOString(), reverted: pins, hidden });
  return { pins, hidden };
}
