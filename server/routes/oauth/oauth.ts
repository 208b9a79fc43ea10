import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { promoteAdmin } from '../../moderation/roles';
import { ApiError } from '../../http/errors';
import { ok } from '../../http/envelope';
import { exchangeCode } from '../../auth/oauth/exchange';
import { clearPending, readPending, setPending } from '../../auth/oauth/pending';
import { clearState, startSignIn, stateMatches } from '../../auth/oauth/state';
import { PROVIDERS, resolveProvider, type ProviderName, type ResolvedProvider } from '../../auth/oauth/providers';
import { createSession, setSessionCookies } from '../../auth/sessions';
import { isUniqueViolation, nicknameTakenMessage, validNickname } from '../../auth/nickname';
import { createAccount, linkedUser, loadMe } from '../../repos/accounts';
import { LoginResultSchema, type LoginResult } from '../../../common/api';
import { RedirectAnswer, answer } from '../responses';
import { signInRateLimit } from '../../security/plugin';
import type { RateLimits } from '../../security/limits';

/** Korean messages of the sign-in calls. */
export const signInMessages = {
  unknownProvider: '사용할 수 없는 로그인 방식입니다.',
  pendingMissing: '로그인 정보가 만료되었습니다. 처음부터 다시 로그인해 주세요.',
  stateMismatch: '로그인 요청을 확인할 수 없습니다. 처음부터 다시 로그인해 주세요.',
} as const;

/** Login answer: signed in (`me`), or the provider identity is new and needs a nickname (common/api LoginResultSchema). */
export type { LoginResult };
const LoginAnswer = answer(LoginResultSchema);

const Params = Type.Object({ provider: Type.Union(PROVIDERS.map((p) => Type.Literal(p))) });
const LoginBody = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 2048 }),
  state: Type.Optional(Type.String({ maxLength: 512 })),
});
const RegisterBody = Type.Object({ nickname: Type.String({ maxLength: 200 }) });

function provider(app: FastifyInstance, name: ProviderName): ResolvedProvider {
  const p = resolveProvider(app, name);
  if (!p) throw ApiError.notFound(signInMessages.unknownProvider, `provider ${name} is not configured`);
  return p;
}

async function signIn(app: FastifyInstance, reply: FastifyReply, userId: number): Promise<LoginResult> {
  await promoteAdmin(app.db, userId, app.config.adminEmails);
  const tokens = await createSession(app, userId);
  setSessionCookies(reply, tokens);
  clearPending(reply);
  const me = await loadMe(app.db, userId);
  if (!me) throw ApiError.notFound();
  return { registered: true, me };
}

/**
 * GET /v1/oauth/{kakao|google|local}/start — binds a fresh `state` to this browser and redirects to the provider.
 * POST /v1/oauth/{kakao|google|local}/login {code, state} (state must match the one start set) and POST /v1/oauth/{…}/register {nickname}:
 * one code path for every provider; only the provider's configuration differs.
 */
export async function registerOAuthRoutes(root: FastifyInstance, limits: RateLimits): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const config = signInRateLimit(limits, 'signIn');

  app.get('/v1/oauth/:provider/start', { schema: { params: Params, response: RedirectAnswer }, config }, async (request, reply) => {
    const p = provider(root, request.params.provider);
    return reply.header('cache-control', 'no-store').redirect(startSignIn(reply, p), 302);
  });

  app.post(
    '/v1/oauth/:provider/login',
    { schema: { params: Params, body: LoginBody, response: LoginAnswer }, config },
    async (request, reply) => {
      const p = provider(root, request.params.provider);
      // Login CSRF: a code from someone else's sign-in (a crafted callback link) has no state of ours.
      if (!stateMatches(request, p.name, request.body.state ?? ''))
        throw ApiError.badRequest(signInMessages.stateMismatch, 'OAuth state missing or does not match');
      clearState(reply);
      const identity = await exchangeCode(p, request.body.code);
      const userId = await linkedUser(root.db, p.name, identity.subject);
      if (userId !== null) return ok(await signIn(root, reply, userId));
      setPending(reply, p.name, identity);
      return ok<LoginResult>({ registered: false, email: identity.email });
    },
  );

  app.post(
    '/v1/oauth/:provider/register',
    { schema: { params: Params, body: RegisterBody, response: LoginAnswer }, config },
    async (request, reply) => {
      const p = provider(root, request.params.provider);
      const nickname = validNickname(request.body.nickname);
      const identity = readPending(request, p.name);
      if (!identity) throw ApiError.badRequest(signInMessages.pendingMissing, 'no pending identity for this provider');
      let userId: number;
      try {
        userId = await createAccount(root.db, p.name, identity, nickname);
      } catch (e) {
        if (isUniqueViolation(e)) throw ApiError.conflict(nicknameTakenMessage, 'nickname taken');
        throw e;
      }
      return ok(await signIn(root, reply, userId));
    },
  );
}
