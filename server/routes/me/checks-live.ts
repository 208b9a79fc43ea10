import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireUser } from '../../auth/guard';
import { CHECKS_CHANNEL, type CheckNotice } from '../../repos/checks';

/*
 * GET /v1/me/checks/live: Server-Sent Events of the caller's check changes, from any device and
 * any server process. Every committed change is announced with NOTIFY on CHECKS_CHANNEL (inside
 * its transaction, so only committed changes); each process LISTENs once, while it has any
 * stream open, and writes each notice to the streams of that user only.
 *
 * Events: `check` with a CheckNotice (on/off pin ids, or full: fetch the list), and a comment
 * line every HEARTBEAT_MS so proxies keep the stream open. The stream starts with `ready`.
 */

/** How often an idle stream gets a comment line. */
export const HEARTBEAT_MS = 25_000;
/** Most open streams per user in one process (tabs and devices); the oldest is closed first. */
export const MAX_STREAMS_PER_USER = 16;

/** Registers the live check stream. */
export async function registerLiveRoutes(app: FastifyInstance): Promise<void> {
  const streams = new Map<number, Set<FastifyReply>>();
  let stopListening: Promise<() => Promise<void>> | null = null;

  const deliver = (payload: string) => {
    let notice: CheckNotice;
    try {
      notice = JSON.parse(payload) as CheckNotice;
    } catch {
      return;
    }
    for (const reply of streams.get(notice.userId) ?? []) reply.raw.write(`event: check\ndata: ${payload}\n\n`);
  };
  const drop = (userId: number, reply: FastifyReply) => {
    const set = streams.get(userId);
    set?.delete(reply);
    if (set?.size === 0) streams.delete(userId);
    if (streams.size === 0 && stopListening) {
      const stop = stopListening;
      stopListening = null;
      void stop.then((f) => f()).catch(() => undefined);
    }
  };

  app.addHook('preClose', async () => {
    for (const set of streams.values()) for (const reply of set) reply.raw.end();
  });

  app.get('/v1/me/checks/live', { config: { stream: true } }, async (request, reply) => {
    const userId = requireUser(request);
    stopListening ??= app.db.listen(CHECKS_CHANNEL, deliver);
    await stopListening;
    let set = streams.get(userId);
    if (!set) streams.set(userId, (set = new Set()));
    if (set.size >= MAX_STREAMS_PER_USER) {
      const oldest = set.values().next().value!;
      oldest.raw.end();
      set.delete(oldest);
    }
    set.add(reply);
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    reply.raw.write('event: ready\ndata: {}\n\n');
    const beat = setInterval(() => reply.raw.write(': beat\n\n'), HEARTBEAT_MS);
    reply.raw.on('close', () => {
      clearInterval(beat);
      drop(userId, reply);
    });
  });
}
