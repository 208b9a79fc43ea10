import type { FastifyReply } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Config } from '../config';

/** Cookie names of the session and of a pending (not yet registered) OAuth identity. */
export const ACCESS_COOKIE = 'wuwa_at';
export const REFRESH_COOKIE = 'wuwa_rt';
export const PENDING_COOKIE = 'wuwa_oauth_pending';
/** The refresh token is only ever sent to the refresh and logout calls. */
export const REFRESH_PATH = '/api/v1/auth';
/** The pending identity is only sent to the OAuth calls. */
export const PENDING_PATH = '/api/v1/oauth';

/** HttpOnly, SameSite=Lax, Secure when the public URL is https. */
export function baseCookie(config: Config, path: string, maxAgeS: number): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', secure: config.publicUrl.startsWith('https:'), path, maxAge: Math.floor(maxAgeS) };
}

/** Removes both session cookies. */
export function clearSessionCookies(reply: FastifyReply, config: Config): void {
  reply.clearCookie(ACCESS_COOKIE, baseCookie(config, '/', 0));
  reply.clearCookie(REFRESH_COOKIE, baseCookie(config, REFRESH_PATH, 0));
}
