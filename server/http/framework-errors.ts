import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ErrClazz, Messages } from './errors';
import { fail } from './envelope';

/** Korean messages of the answers Fastify and Node give before any route runs. */
export const frameworkMessages = {
  badUrl: '주소 형식이 올바르지 않습니다.',
  urlTooLong: '주소가 너무 깁니다.',
  headersTooLarge: '요청 헤더가 너무 큽니다.',
  timeout: '요청 시간이 초과되었습니다. 다시 시도해 주세요.',
} as const;

/** Fastify's `frameworkErrors`: a bad URL (400) or an over-long path parameter (414), in the envelope. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  const message =
    status === 414 ? frameworkMessages.urlTooLong : error.code === 'FST_ERR_BAD_URL' ? frameworkMessages.badUrl : Messages.badRequest;
  void reply.status(status).send(fail(status, ErrClazz.badRequest, message, error.message));
}

/**
 * Node's `clientError` (before Fastify sees a request): headers too large (431), a request that took
 * longer than REQUEST_TIMEOUT_S (408) or bytes that are not HTTP (400) — answered in the envelope.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message, clazz] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, frameworkMessages.headersTooLarge, ErrClazz.tooLarge]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, frameworkMessages.timeout, ErrClazz.badRequest]
        : [400, Messages.badRequest, ErrClazz.badRequest];
  const body = JSON.stringify(fail(status, clazz, message, err.code ?? 'client error'));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
