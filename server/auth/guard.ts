import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/errors';

/** The signed-in user's id, or the `requires_login` error for a visitor. */
export function requireUser(request: FastifyRequest): number {
  if (request.userId == null) throw ApiError.requiresLogin();
  return request.userId;
}
