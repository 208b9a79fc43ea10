import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { ApiError } from '../http/errors';
import { isApiPath, registerSecurity } from '../security/plugin';
import { registerImageServing } from '../images/serve';
import { AuthService } from './AuthService';
import { ACCESS_COOKIE } from './cookies';
import { registerLocalProvider } from './local-provider';
import { loadSessionSecret } from './secret';
import './types';

/**
 * Calls that must work with a stale access cookie: refreshing, logging out and signing in again
 * (and the provider list the login page reads first); the event stream, which a browser cannot
 * retry after a refresh by itself: it opens as a visitor's (pin events only) and its `ready` tells the
 * page so; and the category reads, the same for everyone, which the pins worker fetches without the
 * API client's refresh (a map left open past the token's life could load no new category). The image
 * host needs a live session: an expired token there is a 401 the client answers with a refresh and
 * one retry.
 */
const TOKEN_EXEMPT = [
  '/api/v1/auth/refresh',
  '/api/v1/auth/logout',
  '/api/v1/auth/providers',
  '/api/v1/oauth/',
  '/api/v1/events',
  '/api/v1/category/',
];

function exempt(url: string): boolean {
  const path = url.split('?', 1)[0] ?? url;
  return TOKEN_EXEMPT.some((p) => (p.endsWith('/') ? path.startsWith(p) : path === p));
}

/** Resolves `request.userId` from the access cookie; a present but invalid one fails with access_token_invalid. */
async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  request.userId = null;
  if (!isApiPath(request.url)) return;
  const token = request.cookies[ACCESS_COOKIE];
  if (!token) return;
  const userId = await app.auth.verifyAccess(token);
  if (userId !== null) request.userId = userId;
  // A WebSocket upgrade (the tracker relay) cannot refresh and retry: it just goes on as a visitor.
  else if (!exempt(request.url) && request.headers.upgrade?.toLowerCase() !== 'websocket') throw ApiError.accessTokenInvalid();
}

/**
 * Cookies, sessions and protection for the whole server (called at the top level, before the API):
 * security headers and CSP, the Origin check, rate limits, the access-token hook, the local OAuth
 * provider (/oauth/local/*, when LOCAL_LOGIN) and the image files (/images/*).
 */
export async function registerAuth(app: FastifyInstance): Promise<void> {
  app.decorate('auth', new AuthService(await loadSessionSecret(app.config, app.db), app.db));
  await app.register(fastifyCookie);
  app.addHook('onRequest', async (request) => authenticate(app, request));
  await registerSecurity(app);
  if (app.config.localLogin) await registerLocalProvider(app);
  await registerImageServing(app);
}
