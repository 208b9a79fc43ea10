import { Type, type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard';
import { storedImage } from '../../moderation/guard-rails';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { pinVisible } from '../../repos/pins';
import { commentById, createComment, listComments } from '../../repos/comments';
import { DataMessages, IdParams, ImageRef, requireText } from '../common';
import { pinShownTo } from './revisions';
import { PIN_LIMITS } from '../../../common/pin-model';
import { CommentPageSchema, CommentSchema, EnvelopeSchema } from '../../../common/api';

/** Comments per page: 1..50, default 10. Pages count from 0 (at most 100,000). */
export const MAX_COMMENTS_PER_PAGE = 50;

const PageQuery = Type.Object({
  n: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_COMMENTS_PER_PAGE, default: 10 })),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0 })),
});
const CommentBody = Type.Object({
  content: Type.String({ maxLength: 10_000 }),
  image: Type.Optional(Type.Union([ImageRef, Type.Null(), Type.Literal('')])),
});

const PageAnswer = { 200: EnvelopeSchema(CommentPageSchema) };
const CommentAnswer = { 200: EnvelopeSchema(CommentSchema) };

/**
 * GET /v1/pin/:id/comment (a page of a pin's comments) and PUT /v2/pin/:id/comment (writing one). A hidden pin reads
 * as missing (404): moderators and admins still read its comments, nobody writes new ones.
 */
export async function registerPinCommentRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/pin/:id/comment', { schema: { params: IdParams, querystring: PageQuery, response: PageAnswer } }, async (request) => {
    const { id } = request.params as { id: number };
    const { n = 10, page = 0 } = request.query as Static<typeof PageQuery>;
    if (!(await pinShownTo(app, id, request.userId))) throw ApiError.notFound(DataMessages.pinNotFound, `no pin ${id}`);
    const r = await listComments(app.db, id, request.userId, n, page);
    return ok({ total: r.total, page, n, comments: r.comments });
  });

  app.put('/v2/pin/:id/comment', { schema: { params: IdParams, body: CommentBody, response: CommentAnswer } }, async (request) => {
    const userId = requireUser(request);
    const { id } = request.params as { id: number };
    const body = request.body as Static<typeof CommentBody>;
    const content = requireText(body.content, PIN_LIMITS.comment);
    if (!(await pinVisible(app.db, id))) throw ApiError.notFound(DataMessages.pinNotFound, `no pin ${id}`);
    const commentId = await createComment(app.db, id, userId, content, await storedImage(app.db, app.config, body.image || null));
    return ok(await commentById(app.db, commentId, userId));
  });
}
