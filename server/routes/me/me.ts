import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { requireUser } from '../../auth/guard';
import { clearSessionCookies } from '../../auth/cookies';
import { isUniqueViolation, nicknameTakenMessage, validNickname } from '../../auth/nickname';
import { loadMe } from '../../auth/me';
import { ApiError } from '../../http/errors';
import { ok } from '../../http/envelope';
import { EnvelopeSchema, MeSchema } from '../../../common/api';

const MeAnswer = { 200: EnvelopeSchema(MeSchema) };

const PatchBody = Type.Object({ nickname: Type.String({ maxLength: 200 }) });

/**
 * GET /v1/me (null for a visitor), PATCH /v1/me {nickname}, DELETE /v1/me.
 * Deleting removes the user, sessions, refresh tokens, provider links, checks (pins' totalChecks are
 * decremented in the same transaction) and comment votes; pins stay with no registerer, comments stay
 * with no author (shown as '탈퇴한 사용자'), reports and revisions stay anonymous (foreign keys do it).
 */
export async function registerMeRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/v1/me', { schema: { response: MeAnswer } }, async (request) => {
    if (request.userId == null) return ok(null);
    return ok(await loadMe(root.db, request.userId));
  });

  app.patch('/v1/me', { schema: { body: PatchBody, response: MeAnswer } }, async (request) => {
    const userId = requireUser(request);
    const nickname = validNickname(request.body.nickname);
    try {
      const { rowCount } = await root.db.query('update users set nickname = $2 where id = $1', [userId, nickname]);
      if (rowCount === 0) throw ApiError.requiresLogin();
    } catch (e) {
      if (isUniqueViolation(e)) throw ApiError.conflict(nicknameTakenMessage, 'nickname taken');
      throw e;
    }
    return ok(await loadMe(root.db, userId));
  });

  app.delete('/v1/me', async (request, reply) => {
    const userId = requireUser(request);
    const sessions = await root.db.transaction(async (tx) => {
      // Locking the user row first serialises this with the user's own check calls (they bump check_time).
      const { rows } = await tx.query('select id from users where id = $1 for update', [userId]);
      if (rows.length === 0) return [];
      await tx.query(
        `update pins p set total_checks = p.total_checks - c.n
           from (select c.pin_id, count(*)::int as n from profile_checks c join progress_profiles f on f.id = c.profile_id
                  where f.user_id = $1 group by c.pin_id) c
          where p.id = c.pin_id`,
        [userId],
      );
      const s = await tx.query<{ id: number }>('select id from sessions where user_id = $1', [userId]);
      await tx.query('delete from users where id = $1', [userId]);
      return s.rows.map((r) => Number(r.id));
    });
    root.auth.forget(sessions);
    clearSessionCookies(reply, root.config);
    return ok(null);
  });
}
