import type { Db } from '../db';
import { withRetry } from './tx';
import type { CommentView } from '../../common/api';

export type { CommentView };

/** Shown instead of the nickname when the author deleted their account. */
export const DELETED_AUTHOR = '탈퇴한 사용자';

/**
 * Best comments: at least BEST_MIN_RECOMMENDS recommends and more recommends than
 * disrecommends; the top BEST_MAX by recommends (older first on ties) head page 0.
 */
export const BEST_MIN_RECOMMENDS = 5;
export const BEST_MAX = 3;

export type Vote = 'recommend' | 'disrecommend';

interface Row {
  id: number;
  pin_id: number;
  user_id: number | null;
  nickname: string | null;
  created_at: unknown;
  content: string;
  image: string | null;
  rec: number;
  dis: number;
  my: Vote | null;
}

const SELECT = `
  select c.id, c.pin_id, c.user_id, u.nickname, c.created_at, c.content, c.image,
         (select count(*)::int from comment_likes l where l.comment_id = c.id and l.type = 'recommend') as rec,
         (select count(*)::int from comment_likes l where l.comment_id = c.id and l.type = 'disrecommend') as dis,
         (select l.type from comment_likes l where l.comment_id = c.id and l.user_id = $2) as my
    from comments c left join users u on u.id = c.user_id`;

function view(r: Row, best: boolean): CommentView {
  return {
    id: r.id,
    pinId: r.pin_id,
    userId: r.user_id,
    nickname: r.nickname ?? DELETED_AUTHOR,
    createdAt: r.created_at instanceof Date ? r.created_at.toISOString() : String(r.created_at),
    content: r.content,
    image: r.image,
    recommend: r.rec,
    disrecommend: r.dis,
    myVote: r.my,
    best,
  };
}

/**
 * One page of a pin's comments. Best comments head page 0 and are left out of the newest-first
 * list, so every comment appears exactly once across pages and `total` pages of `n` cover them.
 */
export async function listComments(
  db: Db,
  pinId: number,
  viewer: number | null,
  n: number,
  page: number,
): Promise<{ total: number; comments: CommentView[] }> {
  const me = viewer ?? 0;
  const total = (await db.query<{ n: number }>('select count(*)::int as n from comments where pin_id = $1', [pinId])).rows[0]?.n ?? 0;
  if (total === 0) return { total, comments: [] };
  const best = (
    await db.query<Row>(`select * from (${SELECT} where c.pin_id = $1) x where rec >= $3 and rec > dis order by rec desc, id limit $4`, [
      pinId,
      me,
      BEST_MIN_RECOMMENDS,
      BEST_MAX,
    ])
  ).rows;
  // With n below BEST_MAX only the first n best ones head the list; the others page normally.
  const shown = best.slice(0, n);
  const bestIds = shown.map((b) => b.id);
  const offset = Math.max(0, page * n - bestIds.length);
  const limit = page === 0 ? n - bestIds.length : n;
  const rest =
    limit <= 0
      ? []
      : (
          await db.query<Row>(
            `${SELECT} where c.pin_id = $1 and not (c.id = any($3::int[])) order by c.created_at desc, c.id desc offset $4 limit $5`,
            [pinId, me, bestIds, offset, limit],
          )
        ).rows;
  const head = page === 0 ? shown.map((r) => view(r, true)) : [];
  return { total, comments: [...head, ...rest.map((r) => view(r, false))] };
}

/** One comment as `viewer` sees it, or null. */
export async function commentById(db: Db, id: number, viewer: number | null): Promise<CommentView | null> {
  const { rows } = await db.query<Row>(`${SELECT} where c.id = $1`, [id, viewer ?? 0]);
  return rows[0] ? view(rows[0], false) : null;
}

export async function createComment(db: Db, pinId: number, userId: number, content: string, image: string | null): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'insert into comments (pin_id, user_id, content, image) values ($1, $2, $3, $4) returning id',
    [pinId, userId, content, image],
  );
  return rows[0]!.id;
}

/** A comment's author, and whether its pin is hidden (a moderator's call: then it reads as missing to players). */
export async function commentAuthor(db: Db, id: number): Promise<{ exists: boolean; userId: number | null; pinHidden: boolean }> {
  const { rows } = await db.query<{ user_id: number | null; hidden: boolean }>(
    'select c.user_id, p.hidden from comments c join pins p on p.id = c.pin_id where c.id = $1',
    [id],
  );
  return rows[0] ? { exists: true, userId: rows[0].user_id, pinHidden: rows[0].hidden } : { exists: false, userId: null, pinHidden: false };
}

export async function deleteComment(db: Db, id: number): Promise<boolean> {
  return (await db.query('delete from comments where id = $1', [id])).rowCount > 0;
}

export async function userRole(db: Db, userId: number): Promise<string | null> {
  const { rows } = await db.query<{ role: string }>('select role from users where id = $1', [userId]);
  return rows[0]?.role ?? null;
}

/**
 * Casts `type` on a comment: no vote yet adds it, the same vote again withdraws it, the other
 * vote replaces it. Returns the counts and the caller's vote after; null when the comment is unknown or its pin is
 * hidden (no likes on what players cannot see).
 */
export async function vote(
  db: Db,
  commentId: number,
  userId: number,
  type: Vote,
): Promise<{ recommend: number; disrecommend: number; myVote: Vote | null } | null> {
  return withRetry(db, async (tx) => {
    const c = await tx.query(
      'select c.id from comments c join pins p on p.id = c.pin_id where c.id = $1 and not p.hidden for update of c',
      [commentId],
    );
    if (c.rows.length === 0) return null;
    const prev =
      (await tx.query<{ type: Vote }>('select type from comment_likes where comment_id = $1 and user_id = $2', [commentId, userId])).rows[0]
        ?.type ?? null;
    let myVote: Vote | null;
    if (prev === type) {
      await tx.query('delete from comment_likes where comment_id = $1 and user_id = $2', [commentId, userId]);
      myVote = null;
    } else {
      await tx.query(
        `insert into comment_likes (comment_id, user_id, type) values ($1, $2, $3)
         on conflict (comment_id, user_id) do update set type = excluded.type, created_at = now()`,
        [commentId, userId, type],
      );
      myVote = type;
    }
    const counts = (
      await tx.query<{ rec: number; dis: number }>(
        `select count(*) filter (where type = 'recommend')::int as rec, count(*) filter (where type = 'disrecommend')::int as dis
         from comment_likes where comment_id = $1`,
        [commentId],
      )
    ).rows[0]!;
    return { recommend: counts.rec, disrecommend: counts.dis, myVote };
  });
}
