// Faults a test server can be told to inject into its own answers (buildApp's `hooks` option): a body cut
// mid-stream (the connection closed after part of it was sent), a 503, or a body that stalls. Armed per request path
// prefix, for a number of answers, through POST /api/__test/faults; nothing of it is in the product's server.
// POST /api/__test/expire-access ages the caller's access token, so a test need not wait out its lifetime.
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ACCESS_COOKIE, baseCookie } from '../../server/auth/cookies';

/** One armed fault: the next `times` answers to paths starting with `path` are spoiled. */
export interface Fault {
  path: string;
  /** cut: half the body, then the connection closes; status: a 503; stall: half the body, then nothing. */
  kind: 'cut' | 'status' | 'stall';
  times: number;
}

/** The route that arms faults (and that lists, as `spoiled`, how many answers were spoiled so far). */
export const FAULTS_PATH = '/api/__test/faults';

/**
 * The route that replaces the caller's access cookie with the same session's token, signed by the server's own key,
 * that expired a second ago: what the browser holds once the token's lifetime (ACCESS_TOKEN_TTL_S) has passed.
 */
export const EXPIRE_ACCESS_PATH = '/api/__test/expire-access';

/** Adds the fault hooks and the arming route to a test server. */
export function registerFaults(app: FastifyInstance): void {
  const armed: Fault[] = [];
  let spoiled = 0;
  const take = (url: string): Fault | null => {
    const i = armed.findIndex((f) => url.startsWith(f.path));
    if (i < 0) return null;
    const f = armed[i]!;
    if (--f.times <= 0) armed.splice(i, 1);
    spoiled++;
    return f;
  };
  app.post<{ Body: Fault | { clear: true } }>(FAULTS_PATH, async (request) => {
    const body = request.body;
    if ('clear' in body) armed.length = 0;
    else armed.push({ ...body });
    return { result: { armed: armed.length, spoiled } };
  });
  app.get(FAULTS_PATH, async () => ({ result: { armed: armed.length, spoiled } }));
  app.post(EXPIRE_ACCESS_PATH, async (request, reply) => {
    const token = request.cookies[ACCESS_COOKIE];
    const held = token ? app.auth.decodeAccess(token) : null;
    if (!held)
      return reply.status(400).send({ error: { code: 400, errClazz: 'bad_request', messageTranslated: '로그인 상태가 아닙니다.' } });
    const expired = app.auth.signAccess(held.uid, held.sid, -1);
    reply.setCookie(ACCESS_COOKIE, expired, baseCookie(app.config, '/', app.config.refreshTokenTtlS));
    return { result: { expiredAt: Date.now() - 1000 } };
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith(FAULTS_PATH)) return;
    const f = armed.find((a) => request.url.startsWith(a.path));
    if (f?.kind !== 'status') return;
    take(request.url);
    await reply.status(503).send({ error: { code: 503, errClazz: 'unavailable', messageTranslated: '잠시 후 다시 시도해 주세요.' } });
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 200 || !Buffer.isBuffer(payload)) return payload;
    const f = armed.find((a) => request.url.startsWith(a.path) && a.kind !== 'status');
    if (!f) return payload;
    take(request.url);
    // Sent as a stream (chunked, no length), so the client learns of the cut only from the closed connection.
    const out = new PassThrough();
    out.write(payload.subarray(0, payload.length >> 1));
    if (f.kind === 'cut') setTimeout(() => reply.raw.destroy(), 50);
    return out;
  });
}
