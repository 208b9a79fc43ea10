import type { FastifyReply, FastifyRequest } from 'fastify';
import { PENDING_COOKIE, PENDING_PATH, baseCookie } from '../cookies';
import { signValue, verifyValue } from '../tokens';
import type { ProviderIdentity } from './exchange';
import type { ProviderName } from './providers';
import '../types';

/** How long a person has to choose a nickname after the provider login. */
export const PENDING_TTL_S = 15 * 60;

interface Pending {
  p: ProviderName;
  sub: string;
  email: string | null;
  exp: number;
}

/** Keeps a not-yet-registered identity in a signed, HttpOnly cookie (never taken from the request body). */
export function setPending(reply: FastifyReply, provider: ProviderName, id: ProviderIdentity): void {
  const value = signValue(reply.server.auth.secret, 'oauth-pending', {
    p: provider,
    sub: id.subject,
    email: id.email,
    exp: Math.floor(Date.now() / 1000) + PENDING_TTL_S,
  });
  reply.setCookie(PENDING_COOKIE, value, baseCookie(reply.server.config, PENDING_PATH, PENDING_TTL_S));
}

/** The pending identity for `provider`, or null when missing, forged, expired or for another provider. */
export function readPending(request: FastifyRequest, provider: ProviderName): ProviderIdentity | null {
  const raw = request.cookies[PENDING_COOKIE];
  if (!raw) return null;
  const p = verifyValue<Pending>(request.server.auth.secret, 'oauth-pending', raw);
  if (!p || p.p !== provider || typeof p.sub !== 'string' || typeof p.exp !== 'number' || p.exp * 1000 <= Date.now()) return null;
  return { subject: p.sub, email: typeof p.email === 'string' ? p.email : null };
}

export function clearPending(reply: FastifyReply): void {
  reply.clearCookie(PENDING_COOKIE, baseCookie(reply.server.config, PENDING_PATH, 0));
}
