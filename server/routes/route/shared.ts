import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { sharedRoute } from '../../repos/routes';
import { RouteMessages } from '../me/routes';
import { EnvelopeSchema, SharedRouteSchema } from '../../../common/api';

const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) });

/**
 * GET /v1/route/:token: a saved route opened by its share link, read-only, for anyone (a visitor too): its stops
 * in order where the pins are now. There is no write on a link; the owner changes a route through /v1/me/routes.
 */
export async function registerSharedRouteRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/v1/route/:token',
    { schema: { params: TokenParams, response: { 200: EnvelopeSchema(SharedRouteSchema) } } },
    async (request) => {
      const { token } = request.params as { token: string };
      const route = await sharedRoute(app.db, token, request.userId ?? null);
      if (!route) throw ApiError.notFound(RouteMessages.sharedNotFound, 'no route for this token');
      return ok(route);
    },
  );
}
