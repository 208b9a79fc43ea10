import { Type, type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { auditRefusals, requireRankOver, revisionsAfter } from '../../moderation/rank';
import { ModerationMessages, requireModerator, roleOf } from '../../moderation/roles';
import { pinExists, pinVisible } from '../../repos/pins';
import { listRevisions, revertPin } from '../../repos/revisions';
import { publishPinChange } from '../../repos/pin-events';
import { nowMs, withRetry } from '../../repos/tx';
import { DataMessages, IdParams } from '../common';
import { EnvelopeSchema, PinWrittenSchema, RevisionSchema } from '../../../common/api';

const RevertBody = Type.Object({ revisionId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });

/** Whether the caller may see hidden pins (moderators and admins). */
export async function seesHidden(app: FastifyInstance, userId: number | null): Promise<boolean> {
  if (userId == null) return false;
  const role = await roleOf(app.db, userId);
  return role === 'moderator' || role === 'admin';
}

/** Whether `userId` may read pin `id` and what hangs on it: a visible pin, or a hidden one for moderators and admins. */
export async function pinShownTo(app: FastifyInstance, id: number, userId: number | null): Promise<boolean> {
  return (await pinVisible(app.db, id)) || ((await seesHidden(app, userId)) && (await pinExists(app.db, id)));
}

const RevisionsAnswer = { 200: EnvelopeSchema(Type.Array(RevisionSchema)) };
const RevertAnswer = { 200: EnvelopeSchema(PinWrittenSchema) };

/** GET /v1/pin/:id/revisions (everyone) and POST /v1/pin/:id/revert (moderators and admins). */
export async function registerRevisionRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/pin/:id/revisions', { schema: { params: IdParams, response: RevisionsAnswer } }, async (request) => {
    const { id } = request.params as { id: number };
    if (!(await pinShownTo(app, id, request.userId))) throw ApiError.notFound(DataMessages.pinNotFound, `no pin ${id}`);
    return ok(await listRevisions(app.db, id));
  });

  app.post('/v1/pin/:id/revert', { schema: { params: IdParams, body: RevertBody, response: RevertAnswer } }, async (request) => {
    const me = await requireModerator(app.db, request);
    const { id } = request.params as { id: number };
    const { revisionId } = request.body as Static<typeof RevertBody>;
    const done = await auditRefusals(app.db, me.userId, () =>
      withRetry(app.db, async (tx) => {
        await requireRankOver(tx, me, await revisionsAfter(tx, id, revisionId), 'revert', 'pin', id);
        return revertPin(tx, id, revisionId, me.userId, nowMs());
      }),
    );
    if (!done) throw ApiError.notFound(ModerationMessages.revisionNotFound, `no revision ${revisionId} of pin ${id}`);
    await publishPinChange(app.db, { pinId: id, categoryIds: [done.before.categoryId, done.categoryId], kind: 'revert' });
    return ok({ id, categoryId: done.categoryId });
  });
}
