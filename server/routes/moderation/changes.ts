import { Type, type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { listAudit } from '../../moderation/audit';
import { auditRefusals, requireRankOver, revertSinceAuthors } from '../../moderation/rank';
import { ModerationMessages, requireModerator, roleOf } from '../../moderation/roles';
import { publishPinChange } from '../../repos/pin-events';
import { listChanges, revertSince } from '../../repos/revisions';
import { nowMs, withRetry } from '../../repos/tx';
import { Id, IdParams } from '../common';
import { AuditEntrySchema, EnvelopeSchema, RevertSinceResultSchema, RevisionSchema } from '../../../common/api';

const Cursor = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const ChangesQuery = Type.Object({
  since: Type.Optional(Type.String({ maxLength: 40 })),
  userId: Type.Optional(Id),
  before: Type.Optional(Cursor),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});
const SinceBody = Type.Object({ since: Type.String({ maxLength: 40 }) });
const AuditQuery = Type.Object({ before: Type.Optional(Cursor), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })) });

/** A time given as ISO 8601 text or epoch milliseconds; a Korean 400 otherwise. */
export function parseSince(v: string): Date {
  const d = /^\d{1,15}$/.test(v) ? new Date(Number(v)) : new Date(v);
  if (Number.isNaN(d.getTime())) throw ApiError.badRequest(ModerationMessages.sinceInvalid, `bad time "${v}"`);
  return d;
}

const ChangesAnswer = { 200: EnvelopeSchema(Type.Array(RevisionSchema)) };
const RevertSince = { params: IdParams, body: SinceBody, response: { 200: EnvelopeSchema(RevertSinceResultSchema) } };
const AuditAnswer = { 200: EnvelopeSchema(Type.Array(AuditEntrySchema)) };

/** The recent-changes feed, revert-since and the audit log. */
export async function registerChangeRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/moderation/changes', { schema: { querystring: ChangesQuery, response: ChangesAnswer } }, async (request) => {
    await requireModerator(app.db, request);
    const q = request.query as Static<typeof ChangesQuery>;
    return ok(
      await listChanges(app.db, {
        since: q.since ? parseSince(q.since) : undefined,
        userId: q.userId,
        before: q.before,
        limit: q.limit ?? 100,
      }),
    );
  });

  app.post('/v1/moderation/users/:id/revert-since', { schema: RevertSince }, async (request) => {
    const me = await requireModerator(app.db, request);
    const { id } = request.params as { id: number };
    const since = parseSince((request.body as Static<typeof SinceBody>).since);
    if ((await roleOf(app.db, id)) === null) throw ApiError.notFound(ModerationMessages.userNotFound, `no user ${id}`);
    const done = await auditRefusals(app.db, me.userId, () =>
      withRetry(app.db, async (tx) => {
        await requireRankOver(tx, me, await revertSinceAuthors(tx, id, since), 'revert-since', 'user', id);
        return revertSince(tx, id, since, me.userId, nowMs());
      }),
    );
    for (const pinId of done.pins) await publishPinChange(app.db, { pinId, categoryIds: [], kind: 'revert' });
    for (const pinId of done.hidden) await publishPinChange(app.db, { pinId, categoryIds: [], kind: 'hide' });
    return ok({ reverted: done.pins, hidden: done.hidden });
  });

  app.get('/v1/moderation/audit', { schema: { querystring: AuditQuery, response: AuditAnswer } }, async (request) => {
    await requireModerator(app.db, request);
    const q = request.query as Static<typeof AuditQuery>;
    return ok(await listAudit(app.db, q.limit ?? 100, q.before));
  });
}
