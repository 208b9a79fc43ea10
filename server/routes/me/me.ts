import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { requireUser } from '../../auth/guard';
import { clearSessionCookies } from '../../auth/cookies';
import { isUniqueViolation, nicknameTakenMessage, validNickname } from '../../auth/nickname';
import { deleteAccount, loadMe, renameUser } from '../../repos/accounts';
import { ApiError } from '../../http/errors';
import { ok } from '../../http/envelope';
import { MeSchema } from '../../../common/api';
import { NullAnswer, answer } from '../responses';

const MeAnswer = answer(MeSchema);

const PatchBody = Type.Object({ nickname: Type.String({ maxLength: 200 }) });

/**
 * GET /v1/me (null for a visitor), PATCH /v1/me {nickname}, DELETE /v1/me.
 * Deleting removes the user, sessions, refresh tokens, provider links, checks (pins' totalChecks are
 * decremented in the same transaction) and comment votes; pins stay with no registerer, comments stay
 * with no author (shown as '탈퇴한 사용자'), reports and revisions stay anonymous (repos/accounts.ts).
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
      if (!(await renameUser(root.db, userId, nickname))) throw ApiError.requiresLogin();
    } catch (e) {
      if (isUniqueViolation(e)) throw ApiError.conflict(nicknameTakenMessage, 'nickname taken');
      throw e;
    }
    return ok(await loadMe(root.db, userId));
  });

  app.delete('/v1/me', { schema: { response: NullAnswer } }, async (request, reply) => {
    const userId = requireUser(request);
    const sessions = await deleteAccount(root.db, userId);
    root.auth.forget(sessions);
    clearSessionCookies(reply, root.config);
    return ok(null);
  });
}
