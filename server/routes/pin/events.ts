import type { FastifyInstance, FastifyReply } from 'fastify';
import { PIN_CHANNEL } from '../../repos/pin-events';

/** A comment line every 25 s keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/**
 * GET /v1/pin/events: a server-sent event stream of pin changes (`data: {pinId, categoryIds, kind}`)
 * for every open map. Each server process LISTENs once on the database channel and forwards what
 * any process NOTIFYs, so an edit reaches maps connected to any process.
 */
export async function registerPinEventRoutes(app: FastifyInstance): Promise<void> {
  const streams = new Set<FastifyReply>();
  let unlisten: (() => Promise<void>) | null = null;
  let listening: Promise<void> | null = null;
  const ensureListening = () => {
    listening ??= app.db.listen(PIN_CHANNEL, (payload) => {
      for (const reply of streams) reply.raw.write(`event: pin\ndata: ${payload}\n\n`);
    }).then((stop) => { unlisten = stop; });
    return listening;
  };
  const heartbeat = setInterval(() => {
    for (const reply of streams) reply.raw.write(': ping\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    for (const reply of streams) reply.raw.end();
    streams.clear();
    await listening?.catch(() => {});
    await unlisten?.();
  });

  app.get('/v1/pin/events', { config: { stream: true } }, async (request, reply) => {
    await ensureListening();
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    reply.raw.write('retry: 5000\n: connected\n\n');
    streams.add(reply);
    request.raw.on('close', () => streams.delete(reply));
  });
}
