import type { FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { PENDING_PATH, baseCookie } from '../cookies';
import { randomToken, signValue, verifyValue } from '../tokens';
import { GOOGLE_SCOPE, type ProviderName, type ResolvedProvider } from './providers';
import '../types';

/** The OAuth `state` of a sign-in this browser started (HttpOnly; only the OAuth calls see it). */
export const STATE_COOKIE = 'wuwa_oauth_state';
/** How long a person has at the provider before the sign-in must be started again. */
export const STATE_TTL_S = 10 * 60;

interface StateClaims {
  p: ProviderName;
  s: string;
  exp: number;
}

/**
 * Starts a sign-in: binds a fresh random `state` to this browser (signed cookie) and returns the
 * provider's authorize URL carrying it. The login call later must bring the same state back.
 */
export function startSignIn(reply: FastifyReply, p: ResolvedProvider): string {
  const state = randomToken(24);
  const claims: StateClaims = { p: p.name, s: state, exp: Math.floor(Date.now() / 1000) + STATE_TTL_S };
  reply.setCookie(
    STATE_COOKIE,
    signValue(reply.server.auth.secret, 'oauth-state', claims),
    baseCookie(reply.server.config, PENDING_PATH, STATE_TTL_S),
  );
  const params = new URLSearchParams({ response_type: 'code', client_id: p.config.clientId, redirect_uri: p.config.redirectUri, state });
  if (p.name === 'google') params.set('scope', GOOGLE_SCOPE);
  const sep = p.config.authorizeUrl.includes('?') ? '&' : '?';
  return `${p.config.authorizeUrl}${sep}${params.toString()}`;
}

/** True when `state` is the one this browser's cookie holds for `provider`, unexpired. */
export function stateMatches(request: FastifyRequest, provider: ProviderName, state: string): boolean {
  const raw = request.cookies[STATE_COOKIE];
  if (!raw) return false;
  const c = verifyValue<StateClaims>(request.server.auth.secret, 'oauth-state', raw);
  if (!c || c.p !== provider || typeof c.s !== 'string' || typeof c.exp !== 'number' || c.exp * 1000 <= Date.now()) return false;
  const a = Buffer.from(c.s);
  const b = Buffer.from(state);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A state is used once. */
export function clearState(reply: FastifyReply): void {
  reply.clearCookie(STATE_COOKIE, baseCookie(reply.server.config, PENDING_PATH, 0));
}
