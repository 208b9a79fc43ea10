import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { commentAuthor, deleteComment, userRole, vote, type Vote } from '../../repos/comments';
import { audit } from '../../moderation/audit';
import { auditRefusals, requireRankOver } from '../../moderation/rank';
import { DataMessages, IdParams } from '../common';
import { CommentDeletedSchema, CommentVotesSchema, VoteTypeSchema } from '../../../common/api';
import { answer } from '../responses';

const LikeBody = Type.Object({ type: VoteTypeSchema });
const DeletedAnswer = answer(CommentDeletedSchema);
const VoteAnswer = answer(CommentVotesSchema);

/** DELETE /v1/comment/:id and POST /v2/comment/:id/like (the same vote again withdraws it). */
export async function registerCommentRoutes(app: FastifyInstance): Promise<void> {
  // Deleting: the author, or a moderator or admin (moderation of abusive comments).
  app.delete('/v1/comment/:id', { schema: { params: IdParams, response: DeletedAnswer } }, async (request) => {
    const userId = requireUser(request);
    const { id } = request.params as { id: number };
    const author = await commentAuthor(app.db, id);
    if (!author.exists) throw ApiError.notFound(DataMessages.commentNotFound, `no comment ${id}`);
    const role = await userRole(app.db, userId);
    const staff = role === 'moderator' || role === 'admin';
    // On a hidden pin the comment reads as missing to players, its author included.
    if (author.pinHidden && !staff) throw ApiError.notFound(DataMessages.commentNotFound, `comment ${id} is on a hidden pin`);
    if (author.userId !== userId && !staff) throw ApiError.forbidden(DataMessages.commentDeleteForbidden, 'not the author');
    if (author.userId === userId) await deleteComment(app.db, id);
    else {
      // A moderator's or admin's removal is a moderation call: audited, and an admin's comment is for admins (rank.ts).
      const me = { userId, role: role as 'moderator' | 'admin' };
      await auditRefusals(app.db, userId, () =>
        app.db.transaction(async (tx) => {
          await requireRankOver(tx, me, [author.userId], 'delete-comment', 'comment', id);
          if (await deleteComment(tx, id)) await audit(tx, userId, 'delete-comment', 'comment', id, { author: author.userId });
        }),
      );
    }
    return ok({ id, deleted: true });
  });

  app.post('/v2/comment/:id/like', { schema: { params: IdParams, body: LikeBody, response: VoteAnswer } }, async (request) => {
    const userId = requireUser(request);
    const { id } = request.params as { id: number };
    const { type } = request.body as { type: Vote };
    const r = await vote(app.db, id, userId, type);
    if (!r) throw ApiError.notFound(DataMessages.commentNotFound, `no comment ${id}`);
    return ok({ commentId: id, ...r });
  });
}
