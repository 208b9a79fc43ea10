import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Db } from '../../db';
import { promoteAdmin } from '../../moderation/roles';
import { ApiError } from '../../http/errors';
import { ok } from '../../http/envelope';
import { exchangeCode, type ProviderIdentity } from '../../auth/oauth/exchange';
import { clearPending, readPending, setPending } from '../../auth/oauth/pending';
import { clearState, startSignIn, stateMatches } from '../../auth/oauth/state';
import { PROVIDERS, resolveProvider, type ProviderName, type ResolvedProvider } from '../../auth/oauth/providers';
import { createSession, setSessionCookies } from '../../auth/sessions';
import { isUniqueViolation, nicknameTakenMessage, validNickname } from '../../auth/nickname';
import { loadMe, type Me } from '../../auth/me';
import { signInRateLimit } from '../../security/plugin';
import type { RateLimits } from '../../security/limits';

/** Korean messages of the sign-in calls. */
export const signInMessages = {
  unknownProvider: '사용할 수 없는 로그인 방식입니다.',
  pendingMissing: '로그인 정보가 만료되었습니다. 처음부터 다시 로그인해 주세요.',
  stateMismatch: '로그인 요청을 확인할 수 없습니다. 처음부터 다시 로그인해 주세요.',
} as const;

/** Login answer: signed in (`me`), or the provider identity is new and needs a nickname. */
export type LoginResult = { registered: true; me: Me } | { registered: false; email: string | null };

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

async function linkedUser(db: Db, name: ProviderName, id: ProviderIdentity): Promise<number | null> {
  const { rows } = await db.query<{ user_id: number }>('select user_id from provider_accounts where provider = $1 and subject = $2', [
    name,
    id.subject,
  ]);
  return rows[0]?.user_id ?? null;
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

  app.get('/v1/oauth/:provider/start', { schema: { params: Params }, config }, async (request, reply) => {
    const p = provider(root, request.params.provider);
    return reply.header('cache-control', 'no-store').redirect(startSignIn(reply, p), 302);
  });

  app.post('/v1/oauth/:provider/login', { schema: { params: Params, body: LoginBody }, config }, async (request, reply) => {
    const p = provider(root, request.params.provider);
    // Login CSRF: a code from someone else's sign-in (a crafted callback link) has no state of ours.
    if (!stateMatches(request, p.name, request.body.state ?? ''))
      throw ApiError.badRequest(signInMessages.stateMismatch, 'OAuth state missing or does not match');
    clearState(reply);
    const identity = await exchangeCode(p, request.body.code);
    const userId = await linkedUser(root.db, p.name, identity);
    if (userId !== null) return ok(await signIn(root, reply, userId));
    setPending(reply, p.name, identity);
    return ok<LoginResult>({ registered: false, email: identity.email });
  });

  app.post('/v1/oauth/:provider/register', { schema: { params: Params, body: RegisterBody }, config }, async (request, reply) => {
    const p = provider(root, request.params.provider);
    const nickname = validNickname(request.body.nickname);
    const identity = readPending(request, p.name);
    if (!identity) throw ApiError.badRequest(signInMessages.pendingMissing, 'no pending identity for this provider');
    let userId: number;
    try {
      userId = await root.db.transaction(async (tx) => {
        // Registering twice (a double click) signs into the account the first call made.
        const existing = await linkedUser(tx, p.name, identity);
        if (existing !== null) return existing;
        const { rows } = await tx.query<{ id: number }>('insert into users (nickname, email) values ($1, $2) returning id', [
          nickname,
          identity.email,
        ]);
        const id = rows[0]!.id;
        await tx.query('insert into provider_accounts (provider, subject, user_id, email) values ($1, $2, $3, $4)', [
          p.name,
          identity.subject,
          id,
          identity.email,
        ]);
        return id;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw ApiError.conflict(nicknameTakenMessage, 'nickname taken');
      throw e;
    }
    return ok(await signIn(root, reply, userId));
  });
}
