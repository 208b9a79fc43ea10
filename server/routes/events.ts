import type { FastifyInstance } from 'fastify';
import { fail } from '../http/envelope';
import { ErrClazz } from '../http/errors';
import { connectionMessages } from '../http/connections';
import { EventStreams } from '../events/EventStreams';
import { EventStreamAnswer, NullEnvelope } from './responses';

/*
 * GET /v1/events: the one Server-Sent Events stream of an open page (what it carries, its budgets and
 * the LISTEN lifecycle: events/EventStreams.ts). A refused stream is answered in the envelope before it
 * opens: 503 when the process is full, 429 when the address is.
 */

/** Registers the event stream. */
export async function registerEventRoutes(app: FastifyInstance): Promise<void> {
  const streams = new EventStreams(app.db, app.config.connections);
  app.addHook('preClose', async () => streams.endAll());
  app.addHook('onClose', () => streams.stop());

  app.get(
    '/v1/events',
    { config: { stream: true }, schema: { response: { ...EventStreamAnswer, 429: NullEnvelope, 503: NullEnvelope } } },
    async (request, reply) => {
      const refused = streams.refusal(request.ip);
      if (refused === 'total')
        return reply.status(503).send(fail(503, 'server_busy', connectionMessages.total, 'too many event streams on this server'));
      if (refused === 'perIp')
        return reply
          .status(429)
          .send(fail(429, ErrClazz.rateLimited, connectionMessages.perIp, 'too many event streams from this address'));
      // Not listening (the database is down): this stream gets the error (503) and the next one tries again.
      await streams.prepare(request.ip);
      reply.hijack();
      // The client left while the listeners started: its 'close' has passed, so it must not be counted.
      if (request.socket.destroyed) return;
      streams.open(reply, request.userId, request.ip);
    },
  );
}
