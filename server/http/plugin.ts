import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, ErrClazz, Messages } from './errors';
import { fail } from './envelope';
import { isDataException } from './input';
import { DbUnavailableError, isDbUnavailable } from '../db/unavailable';

/** Turns every failure into the envelope: a client's mistake is never a 500. */
export function registerEnvelopeHandlers(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ApiError, request, reply) => {
    if (err instanceof ApiError) {
      return reply.status(err.status).send(fail(err.status, err.errClazz, err.messageTranslated, err.message));
    }
    const e = err as FastifyError;
    if (e.validation) {
      return reply.status(400).send(fail(400, ErrClazz.badRequest, Messages.badRequest, e.message));
    }
    // A value the database refused as data (out of range, bad encoding) is the client's mistake, not ours.
    if (isDataException(err)) {
      request.log.warn({ err, reqId: request.id }, 'data exception from the database');
      return reply.status(400).send(fail(400, ErrClazz.badRequest, Messages.badRequest, 'value refused by the database'));
    }
    // The database restarting or out of reach: nobody's mistake, and it passes (server/db/unavailable.ts).
    if (isDbUnavailable(err)) {
      // While the database is down the gate said so once; a connection lost under a request is worth a line.
      if (!(err instanceof DbUnavailableError)) request.log.warn({ reqId: request.id, cause: err.message }, 'database connection lost');
      return reply
        .status(503)
        .header('retry-after', '2')
        .send(fail(503, ErrClazz.unavailable, Messages.unavailable, 'database unavailable, try again shortly'));
    }
    const status = e.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(fail(429, ErrClazz.rateLimited, Messages.rateLimited, e.message));
    if (status === 413) return reply.status(413).send(fail(413, ErrClazz.tooLarge, Messages.tooLarge, e.message));
    if (status === 415) return reply.status(415).send(fail(415, ErrClazz.unsupportedMedia, Messages.badRequest, e.message));
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send(
          fail(
            status,
            status === 404 ? ErrClazz.notFound : ErrClazz.badRequest,
            status === 404 ? Messages.notFound : Messages.badRequest,
            e.message,
          ),
        );
    }
    request.log.error({ err, reqId: request.id }, 'internal error');
    return reply.status(500).send(fail(500, ErrClazz.internal, Messages.internal, `internal error (request ${request.id})`));
  });
}

/** Unknown API routes get the envelope with 404. */
export function apiNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(fail(404, ErrClazz.notFound, Messages.notFound, `no route ${request.method} ${request.url}`));
  });
}
