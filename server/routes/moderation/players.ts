import { Type, type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { audit } from '../../moderation/audit';
import { auditRefusals, RankRefused, requireRankOver } from '../../moderation/rank';
import { ModerationMessages, requireAdmin, requireModerator, roleOf } from '../../moderation/roles';
import { listPlayers, lockSuspension, setRole, setSuspension } from '../../repos/moderation';
import { IdParams } from '../common';
import { parseSince } from './changes';
import { EnvelopeSchema, PlayerSchema, RoleResultSchema, SuspensionResultSchema } from '../../../common/api';

const PlayersQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 50 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});
const SuspendBody = Type.Object({ until: Type.String({ maxLength: 40 }), reason: Type.String({ maxLength: 500 }) });
const RoleBody = Type.Object({ role: Type.Union([Type.Literal('moderator'), Type.Literal('user')]) });

const Suspended = { 200: EnvelopeSchema(SuspensionResultSchema) };
const Suspend = { params: IdParams, body: SuspendBody, response: Suspended };
const PlayersAnswer = { 200: EnvelopeSchema(Type.Array(PlayerSchema)) };
const RoleAnswer = { 200: EnvelopeSchema(RoleResultSchema) };

/** Players: the list, suspension and (admins) moderator appointments; the role rule of rank.ts on each. */
export async function registerPlayerRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/moderation/users', { schema: { querystring: PlayersQuery, response: PlayersAnswer } }, async (request) => {
    await requireModerator(app.db, request);
    const q = request.query as Static<typeof PlayersQuery>;
    return ok(await listPlayers(app.db, (q.q ?? '').trim(), q.limit ?? 100));
  });

  app.post('/v1/moderation/users/:id/suspend', { schema: Suspend }, async (request) => {
    const me = await requireModerator(app.db, request);
    const { id } = request.params as { id: number };
    const body = request.body as Static<typeof SuspendBody>;
    const until = parseSince(body.until);
    const reason = body.reason.trim();
    if (!reason) throw ApiError.badRequest(ModerationMessages.reasonEmpty, 'reason is empty');
    if (until.getTime() <= Date.now()) throw ApiError.badRequest(ModerationMessages.untilPast, 'until is not in the future');
    await auditRefusals(app.db, me.userId, () =>
      app.db.transaction(async (tx) => {
        const target = await lockSuspension(tx, id);
        if (target === null) throw ApiError.notFound(ModerationMessages.userNotFound, `no user ${id}`);
        // Moderators suspend players; only an admin may suspend a moderator; nobody suspends an admin.
        if (target.role === 'admin' || (target.role === 'moderator' && me.role !== 'admin'))
          throw new RankRefused('suspend', 'user', id, { attempt: 'suspend', target: target.role }, ModerationMessages.cannotTargetStaff);
        // Suspending again over an admin's suspension would shorten or lift it.
        await requireRankOver(tx, me, [target.by], 'suspend', 'user', id);
        await setSuspension(tx, id, { until, reason, by: me.userId });
        await audit(tx, me.userId, 'suspend', 'user', id, { until: until.toISOString(), reason });
      }),
    );
    return ok({ id, suspendedUntil: until.toISOString(), reason });
  });

  app.delete('/v1/moderation/users/:id/suspend', { schema: { params: IdParams, response: Suspended } }, async (request) => {
    const me = await requireModerator(app.db, request);
    const { id } = request.params as { id: number };
    await auditRefusals(app.db, me.userId, () =>
      app.db.transaction(async (tx) => {
        const target = await lockSuspension(tx, id);
        if (target === null) throw ApiError.notFound(ModerationMessages.userNotFound, `no user ${id}`);
        await requireRankOver(tx, me, [target.by], 'unsuspend', 'user', id);
        await setSuspension(tx, id, null);
        await audit(tx, me.userId, 'unsuspend', 'user', id);
      }),
    );
    return ok({ id, suspendedUntil: null });
  });

  app.post('/v1/moderation/users/:id/role', { schema: { params: IdParams, body: RoleBody, response: RoleAnswer } }, async (request) => {
    const actor = await requireAdmin(app.db, request);
    const { id } = request.params as { id: number };
    const { role } = request.body as Static<typeof RoleBody>;
    const current = await roleOf(app.db, id);
    if (current === null) throw ApiError.notFound(ModerationMessages.userNotFound, `no user ${id}`);
    await auditRefusals(app.db, actor, async () => {
      if (current === 'admin')
        throw new RankRefused('role', 'user', id, { attempt: 'role', role, target: 'admin' }, ModerationMessages.cannotChangeAdmin);
      await app.db.transaction(async (tx) => {
        await setRole(tx, id, role);
        await audit(tx, actor, role === 'moderator' ? 'appoint-moderator' : 'remove-moderator', 'user', id);
      });
    });
    return ok({ id, role });
  });
}
