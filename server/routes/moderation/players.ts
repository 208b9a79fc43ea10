import { Type, type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { audit } from '../../moderation/audit';
import { ModerationMessages, requireAdmin, requireModerator, roleOf } from '../../moderation/roles';
import { listPlayers } from '../../repos/moderation';
import { IdParams } from '../common';
import { parseSince } from './changes';

const PlayersQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 50 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});
const SuspendBody = Type.Object({ until: Type.String({ maxLength: 40 }), reason: Type.String({ maxLength: 500 }) });
const RoleBody = Type.Object({ role: Type.Union([Type.Literal('moderator'), Type.Literal('user')]) });

/** Players: the list, suspension and (admins) moderator appointments. */
export async function registerPlayerRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/moderation/users', { schema: { querystring: PlayersQuery } }, async (request) => {
    await requireModerator(app.db, request);
    const q = request.query as Static<typeof PlayersQuery>;
    return ok(await listPlayers(app.db, (q.q ?? '').trim(), q.limit ?? 100));
  });

  app.post('/v1/moderation/users/:id/suspend', { schema: { params: IdParams, body: SuspendBody } }, async (request) => {
    const { userId: actor, role: actorRole } = await requireModerator(app.db, request);
    const { id } = request.params as { id: number };
    const body = request.body as Static<typeof SuspendBody>;
    const until = parseSince(body.until);
    const reason = body.reason.trim();
    if (!reason) throw ApiError.badRequest(ModerationMessages.reasonEmpty, 'reason is empty');
    if (until.getTime() <= Date.now()) throw ApiError.badRequest(ModerationMessages.untilPast, 'until is not in the future');
    const target = await roleOf(app.db, id);
    if (target === null) throw ApiError.notFound(ModerationMessages.userNotFound, `no user ${id}`);
    // Moderators suspend players; only an admin may suspend a moderator; nobody suspends an admin.
    if (target === 'admin' || (target === 'moderator' && actorRole !== 'admin'))
      throw ApiError.forbidden(ModerationMessages.cannotTargetStaff, 'staff target');
    await app.db.transaction(async (tx) => {
      await tx.query('update users set suspended_until = $2, suspend_reason = $3 where id = $1', [id, until.toISOString(), reason]);
      await audit(tx, actor, 'suspend', 'user', id, { until: until.toISOString(), reason });
    });
    return ok({ id, suspendedUntil: until.toISOString(), reason });
  });

  app.delete('/v1/moderation/users/:id/suspend', { schema: { params: IdParams } }, async (request) => {
    const { userId: actor } = await requireModerator(app.db, request);
    const { id } = request.params as { id: number };
    if ((await roleOf(app.db, id)) === null) throw ApiError.notFound(ModerationMessages.userNotFound, `no user ${id}`);
    await app.db.transaction(async (tx) => {
      await tx.query('update users set suspended_until = null, suspend_reason = null where id = $1', [id]);
      await audit(tx, actor, 'unsuspend', 'user', id);
    });
    return ok({ id, suspendedUntil: null });
  });

  app.post('/v1/moderation/users/:id/role', { schema: { params: IdParams, body: RoleBody } }, async (request) => {
    const actor = await requireAdmin(app.db, request);
    const { id } = request.params as { id: number };
    const { role } = request.body as Static<typeof RoleBody>;
    const current = await roleOf(app.db, id);
    if (current === null) throw ApiError.notFound(ModerationMessages.userNotFound, `no user ${id}`);
    if (current === 'admin') throw ApiError.forbidden(ModerationMessages.cannotChangeAdmin, 'admin role is set by ADMIN_EMAILS');
    await app.db.transaction(async (tx) => {
      await tx.query('update users set role = $2 where id = $1', [id, role]);
      await audit(tx, actor, role === 'moderator' ? 'appoint-moderator' : 'remove-moderator', 'user', id);
    });
    return ok({ id, role });
  });
}
