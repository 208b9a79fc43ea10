import type { FastifyInstance, FastifyReply } from 'fastify';
import { CHECKS_CHANNEL } from '../repos/checks';
import { PIN_CHANNEL } from '../repos/pin-events';
import { NOTES_CHANNEL } from '../repos/notes';
import { fail } from '../http/envelope';
import { ErrClazz } from '../http/errors';
import { connectionMessages } from '../http/connections';

/*
 * GET /v1/events: the one Server-Sent Events stream of an open page. Everyone gets `pin` events
 * (`{pinId, categoryIds, kind}`: an edit reaches every open map); a signed-in caller also gets
 * `check` events (a CheckNotice) for their own checks and `note` events (a NoteNotice, without the text)
 * for their own private notes, made on any device through any process; never another player's.
 * Every committed change is announced with NOTIFY inside its transaction; each process LISTENs on
 * its channels once, while it has any stream open, and writes each notice to the streams it is for.
 *
 * The stream starts with `ready` `{userId}` (null for a visitor: the client compares it with the user
 * it expects), and gets a comment line every HEARTBEAT_MS so proxies keep it open. One stream, not
 * one per kind: a browser opens at most six connections to a host across all its tabs.
 *
 * Budgets (http/connections.ts): EVENTS_PER_IP streams per client address (429) and EVENTS_TOTAL per process (503),
 * answered in the envelope before the stream opens; per account, the oldest stream past MAX_STREAMS_PER_USER closes
 * (a player's new tab wins over one they left open).
 */

/** How often an idle stream gets a comment line. */
export const HEARTBEAT_MS = 25_000;
/** Most open streams per user in one process (tabs and devices); the oldest is closed first. */
export const MAX_STREAMS_PER_USER = 16;

interface Stream {
  reply: FastifyReply;
  userId: number | null;
  ip: string;
}

/** Registers the event stream. */
export async function registerEventRoutes(app: FastifyInstance): Promise<void> {
  const streams = new Set<Stream>();
  const byUser = new Map<number, Set<Stream>>();
  const byIp = new Map<string, number>();
  const budget = app.config.connections;
  let listening: Promise<(() => Promise<void>)[]> | null = null;
  // Streams waiting for the listeners: the last stream closing meanwhile must not stop them.
  let opening = 0;
  const pendingByIp = new Map<string, number>();

  const send = (s: Stream, event: string, data: string) => s.reply.raw.write(`event: ${event}\ndata: ${data}\n\n`);
  const onPin = (payload: string) => {
    for (const s of streams) send(s, 'pin', payload);
  };
  // A player's own notices go to that player's streams only.
  const toOwner = (event: string) => (payload: string) => {
    let userId: unknown;
    try {
      userId = (JSON.parse(payload) as { userId?: unknown }).userId;
    } catch {
      return;
    }
    if (typeof userId !== 'number') return;
    for (const s of byUser.get(userId) ?? []) send(s, event, payload);
  };
  const onCheck = toOwner('check');
  const onNote = toOwner('note');
  const stopListening = async () => {
    const stops = listening;
    listening = null;
    await stops?.then((fs) => Promise.all(fs.map((f) => f()))).catch(() => undefined);
  };
  const drop = (s: Stream) => {
    if (!streams.delete(s)) return;
    const n = (byIp.get(s.ip) ?? 1) - 1;
    if (n <= 0) byIp.delete(s.ip);
    else byIp.set(s.ip, n);
    const mine = s.userId == null ? undefined : byUser.get(s.userId);
    mine?.delete(s);
    if (mine?.size === 0) byUser.delete(s.userId!);
    if (streams.size === 0 && opening === 0) void stopListening();
  };

  const heartbeat = setInterval(() => {
    for (const s of streams) s.reply.raw.write(': beat\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();
  // Open streams never end by themselves: end them so closing the server does not wait on them.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    for (const s of [...streams]) s.reply.raw.end();
  });
  app.addHook('onClose', stopListening);

  // After the LISTEN connection dropped and came back, notices of the gap are lost: a second `ready` on each stream
  // makes the page fetch again what it may have missed (the client treats any `ready` after the first so).
  const onGap = () => {
    for (const s of streams) send(s, 'ready', JSON.stringify({ userId: s.userId }));
  };

  // One onGap is enough: the channels share one LISTEN connection, so they have their gaps together.
  const listenBoth = async () => {
    const got = await Promise.allSettled([
      app.db.listen(PIN_CHANNEL, onPin, onGap),
      app.db.listen(CHECKS_CHANNEL, onCheck),
      app.db.listen(NOTES_CHANNEL, onNote),
    ]);
    const stops = got.flatMap((g) => (g.status === 'fulfilled' ? [g.value] : []));
    const failed = got.find((g) => g.status === 'rejected');
    if (!failed) return stops;
    await Promise.all(stops.map((f) => f().catch(() => undefined)));
    throw failed.reason;
  };

  app.get('/v1/events', { config: { stream: true } }, async (request, reply) => {
    // Counted with the streams still opening, so a burst cannot slip past while the listeners start.
    if (streams.size + opening >= budget.eventsTotal)
      return reply.status(503).send(fail(503, 'server_busy', connectionMessages.total, 'too many event streams on this server'));
    if ((byIp.get(request.ip) ?? 0) + (pendingByIp.get(request.ip) ?? 0) >= budget.eventsPerIp)
      return reply.status(429).send(fail(429, ErrClazz.rateLimited, connectionMessages.perIp, 'too many event streams from this address'));
    opening++;
    pendingByIp.set(request.ip, (pendingByIp.get(request.ip) ?? 0) + 1);
    try {
      const pending = (listening ??= listenBoth());
      // Not listening (the database is down): this stream gets the error (503) and the next one tries again.
      await pending.catch((e: unknown) => {
        if (listening === pending) listening = null;
        throw e;
      });
    } finally {
      opening--;
      const p = pendingByIp.get(request.ip)! - 1;
      if (p <= 0) pendingByIp.delete(request.ip);
      else pendingByIp.set(request.ip, p);
    }
    // The client left while the listeners started: its 'close' has passed, so it must not be counted.
    if (request.socket.destroyed) {
      reply.hijack();
      return;
    }
    const s: Stream = { reply, userId: request.userId, ip: request.ip };
    if (s.userId != null) {
      let mine = byUser.get(s.userId);
      if (!mine) byUser.set(s.userId, (mine = new Set()));
      if (mine.size >= MAX_STREAMS_PER_USER) {
        const oldest = mine.values().next().value!;
        oldest.reply.raw.end();
        drop(oldest);
      }
      mine.add(s);
    }
    streams.add(s);
    byIp.set(s.ip, (byIp.get(s.ip) ?? 0) + 1);
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    reply.raw.write(`retry: 5000\nevent: ready\ndata: ${JSON.stringify({ userId: s.userId })}\n\n`);
    reply.raw.on('close', () => drop(s));
  });
}
