import type { Db } from '../db';
import { ApiError, ErrClazz } from '../http/errors';
import { audit } from './audit';
import type { Role } from './roles';

/*
 * The one rule of roles on every moderation call: a moderator cannot undo, lift or revert what an admin did.
 * "What an admin did" is the latest act on the thing the call would change, made by an account that is an admin
 * (admins come from ADMIN_EMAILS and the app never takes the role back):
 *   - a suspension in force that an admin set (lifting it, or suspending the player again over it);
 *   - a pin's hidden state last set by an admin (hide, unhide, or a merge that hid it), when the call flips it;
 *   - an admin's revision of a pin that a revert would undo (a revert to an earlier revision, a player's
 *     revert-since that reaches it, or any revert-since of an admin's own edits);
 *   - an admin's comment (deleting it).
 * Admins may undo anything a moderator did. Every attempt is audited: an allowed one by the action's own entry, a
 * refused one as `refused` (with the attempt and the admin), written outside the refused action's transaction.
 */

/** Korean message of a refusal. */
export const RankMessages = {
  adminWork: '관리자가 한 조치는 운영진이 되돌리거나 해제할 수 없습니다. 관리자에게 요청해 주세요.',
} as const;

type Target = 'pin' | 'user' | 'report' | 'category' | 'tag' | 'comment';

/** A moderation attempt refused by a role boundary; `auditRefusals` records it. */
export class RankRefused extends ApiError {
  constructor(
    readonly attempt: string,
    readonly targetType: Target,
    readonly targetId: number,
    readonly detail: Record<string, unknown>,
    messageTranslated: string = RankMessages.adminWork,
  ) {
    super(403, ErrClazz.forbidden, messageTranslated, `${attempt} refused: ${JSON.stringify(detail)}`);
  }
}

/** The first admin among `authors` (ids of whoever did what the call would undo), or null. */
export async function adminAmong(db: Db, authors: readonly (number | null)[]): Promise<number | null> {
  const ids = [...new Set(authors.filter((a): a is number => a != null))];
  if (ids.length === 0) return null;
  const { rows } = await db.query<{ id: number }>("select id from users where id = any($1::int[]) and role = 'admin' order by id limit 1", [
    ids,
  ]);
  return rows[0]?.id ?? null;
}

/**
 * The rule itself: throws RankRefused when a moderator's call would undo what one of `authors` did as an admin.
 * Admins pass; so does a call that undoes nobody's admin work.
 */
export async function requireRankOver(
  db: Db,
  actor: { userId: number; role: Role },
  authors: readonly (number | null)[],
  attempt: string,
  targetType: Target,
  targetId: number,
): Promise<void> {
  if (actor.role === 'admin') return;
  const admin = await adminAmong(db, authors);
  if (admin !== null) throw new RankRefused(attempt, targetType, targetId, { attempt, admin, role: actor.role });
}

/**
 * Runs a moderation call; a RankRefused it throws is written to the audit log (outside the call's transaction, which
 * rolled back) before it answers 403.
 */
export async function auditRefusals<T>(db: Db, actorId: number, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof RankRefused) await audit(db, actorId, 'refused', e.targetType, e.targetId, e.detail);
    throw e;
  }
}

/** Who last set pin `pinId`'s hidden state (hide, unhide, or the merge that hid it as a duplicate), or null. */
export async function hiddenStateAuthor(db: Db, pinId: number): Promise<number | null> {
  const { rows } = await db.query<{ user_id: number | null }>(
    `select r.user_id from pin_revisions r join pins p on p.id = r.pin_id
      where r.pin_id = $1 and (r.kind in ('hide', 'unhide') or (r.kind = 'merge' and p.merged_into is not null))
      order by r.id desc limit 1`,
    [pinId],
  );
  return rows[0]?.user_id ?? null;
}

/** Whoever made the revisions of pin `pinId` after `revisionId` that a revert to it undoes (none when it is not this pin's). */
export async function revisionsAfter(db: Db, pinId: number, revisionId: number): Promise<(number | null)[]> {
  const { rows } = await db.query<{ user_id: number | null }>(
    `select distinct r.user_id from pin_revisions r
      where r.pin_id = $1 and r.id > $2 and r.kind in ('create', 'edit', 'revert')
        and exists (select 1 from pin_revisions o where o.id = $2 and o.pin_id = $1)`,
    [pinId, revisionId],
  );
  return rows.map((r) => r.user_id);
}

/**
 * Whoever made the edits a revert-since of `userId` undoes: the player, and everyone whose later edits to the same
 * pins go with it.
 */
export async function revertSinceAuthors(db: Db, userId: number, since: Date): Promise<(number | null)[]> {
  const { rows } = await db.query<{ user_id: number | null }>(
    `with mine as (
       select distinct on (pin_id) pin_id, id from pin_revisions
        where user_id = $1 and created_at >= $2 and kind in ('create', 'edit') and reverted_at is null
        order by pin_id, id
     )
     select distinct r.user_id from pin_revisions r join mine m on m.pin_id = r.pin_id and r.id >= m.id
      where r.kind in ('create', 'edit', 'revert')`,
    [userId, since.toISOString()],
  );
  return [userId, ...rows.map((r) => r.user_id)];
}
