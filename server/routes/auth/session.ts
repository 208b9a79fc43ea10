import type { FastifyInstance } from 'fastify';
import { ACCESS_COOKIE, REFRESH_COOKIE, clearSessionCookies } from '../../auth/cookies';
import { revokeAllSessions, revokeSession, rotateRefresh, setAccessCookie, setSessionCookies } from '../../auth/sessions';
import { requireUser } from '../../auth/guard';
import { ErrClazz, Messages } from '../../http/errors';
import { fail, ok } from '../../http/envelope';
import { signInRateLimit } from '../../security/plugin';
import type { RateLimits } from '../../security/limits';
import { LogoutAllResultSchema, RefreshResultSchema } from '../../../common/api';
import { NullAnswer, NullEnvelope, answer } from '../responses';

/**
 * POST /v1/auth/refresh — rotates the refresh cookie and issues a new pair ({refreshed: true}).
 * A missing, unknown, expired or revoked token, or a replayed one (which revokes its whole
 * session), answers 401 requires_login and clears the cookies. A token used again within a few
 * seconds (two tabs refreshing at once) answers {refreshed: false} and sets nothing.
 * POST /v1/auth/logout — revokes the session and clears the cookies; 200 for visitors too.
 */
export async function registerSessionRoutes(parent: FastifyInstance, limits: RateLimits): Promise<void> {
  await parent.register(async (app) => sessionRoutes(app, limits));
}

async function sessionRoutes(app: FastifyInstance, limits: RateLimits): Promise<void> {
  // The client posts these with an empty body, possibly still labelled application/json: accept that.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, null);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('invalid JSON body'), { statusCode: 400 }), undefined);
    }
  });

  app.post(
    '/v1/auth/refresh',
    { config: signInRateLimit(limits, 'refresh'), schema: { response: { ...answer(RefreshResultSchema), 401: NullEnvelope } } },
    async (request, reply) => {
      const token = request.cookies[REFRESH_COOKIE];
      const outcome = token ? await rotateRefresh(app, token) : { kind: 'invalid' as const };
      if (outcome.kind === 'rotated') {
        setSessionCookies(reply, outcome.tokens);
        return ok({ refreshed: true });
      }
      if (outcome.kind === 'raced') {
        setAccessCookie(reply, outcome.accessToken);
        return ok({ refreshed: false });
      }
      clearSessionCookies(reply, app.config);
      const why = outcome.kind === 'reused' ? 'refresh token reused: session revoked' : 'no valid refresh token';
      return reply.status(401).send(fail(401, ErrClazz.requiresLogin, Messages.loginRequired, why));
    },
  );

  // POST /v1/auth/logout-all — "log out everywhere": revokes every session of the signed-in account.
  app.post('/v1/auth/logout-all', { schema: { response: answer(LogoutAllResultSchema) } }, async (request, reply) => {
    const userId = requireUser(request);
    const revoked = await revokeAllSessions(app, userId);
    clearSessionCookies(reply, app.config);
    return ok({ revoked });
  });

  app.post('/v1/auth/logout', { schema: { response: NullAnswer } }, async (request, reply) => {
    await revokeSession(app, { refreshToken: request.cookies[REFRESH_COOKIE], accessToken: request.cookies[ACCESS_COOKIE] });
    clearSessionCookies(reply, app.config);
    return ok(null);
  });
}
