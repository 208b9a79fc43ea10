import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import { ApiError } from '../http/errors';
import { cspDirectives, originOf } from './csp';
import { rateLimitsFromEnv, type RateLimits } from './limits';
import { pgRateStore } from './PgRateStore';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Powerful features the map never uses are off for it and for anything it embeds; fullscreen (the
 * side navigation's button) stays ours. Geolocation is off: positions come from the tracker.
 */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), payment=(), serial=(), usb=(), xr-spatial-tracking=(), fullscreen=(self)';
/** Korean message of a refused cross-site call. */
export const crossSiteMessage = '다른 사이트에서 보낸 요청은 처리할 수 없습니다.';

/** True for paths of the JSON API (`/api` and below). */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * CSRF defence on top of SameSite=Lax cookies: a state-changing API call whose Origin header is
 * present must come from the public URL's origin or from the origin the request itself was sent to
 * (Host). A call with no Origin (curl, the tracker, server-to-server) is allowed: browsers always send
 * Origin on cross-site POST/PUT/PATCH/DELETE, so its absence means a non-browser client.
 */
export function checkOrigin(request: FastifyRequest, publicUrl: string): void {
  if (!STATE_CHANGING.has(request.method) || !isApiPath(request.url)) return;
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const allowed = new Set<string>();
  const pub = originOf(publicUrl);
  if (pub) allowed.add(pub);
  if (request.host) allowed.add(`${request.protocol}://${request.host}`);
  if (!allowed.has(origin)) throw ApiError.forbidden(crossSiteMessage, `cross-site request from origin ${origin}`);
}

/**
 * Per-route rate-limit config for sign-in calls (route option `config`). Its own allowList, because the
 * global one lets reads and non-/api paths through and the local provider lives at /oauth/local.
 */
export function signInRateLimit(limits: RateLimits, which: 'signIn' | 'refresh') {
  return {
    rateLimit: {
      max: which === 'signIn' ? limits.signInPerMin : limits.refreshPerMin,
      timeWindow: 60_000,
      keyGenerator: (r: FastifyRequest) => r.ip,
      allowList: () => false,
    },
  };
}

/** Whether a request is for the stream overlay page (/overlay with any query). */
function isOverlayPath(url: string): boolean {
  return /^\/overlay\/?(\?|$)/.test(url);
}

/** Security headers with the CSP, the Origin check and rate limits on writes. Register before any route. */
export async function registerSecurity(app: FastifyInstance, limits: RateLimits = rateLimitsFromEnv()): Promise<void> {
  const https = app.config.publicUrl.startsWith('https:');
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(app.config) },
    hsts: https ? { maxAge: 15552000 } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    checkOrigin(request, app.config.publicUrl);
  });
  // The stream overlay is framed by its setup page's live preview (same origin); every other page stays unframeable.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isOverlayPath(request.url)) return payload;
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
    return payload;
  });
  if (!limits.enabled) return;
  await app.register(fastifyRateLimit, {
    global: true,
    max: limits.writesPerMin,
    timeWindow: 60_000,
    // After the auth hook (onRequest) so a signed-in user has a budget of their own, not their IP's;
    // before validation, so malformed attempts count too.
    hook: 'preValidation',
    keyGenerator: (r) => (r.userId != null ? `u${r.userId}` : `ip${r.ip}`),
    allowList: (r) => !STATE_CHANGING.has(r.method) || !isApiPath(r.url),
    // On PostgreSQL every process counts in the same table; PGlite has one process, so memory is exact there.
    ...(app.db.kind === 'postgres' ? { store: pgRateStore(app.db) } : {}),
  });
}
