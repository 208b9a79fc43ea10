import { Type, type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard';
import { ok } from '../../http/envelope';
import { pinsOf } from '../../repos/search';
import { EnvelopeSchema, MyPinsSchema } from '../../../common/api';

const MyPinsQuery = Type.Object({
  n: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0 })),
});

/** GET /v1/me/pins?n&page: the pins the caller registered, newest first. */
export async function registerMyPinRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/me/pins', { schema: { querystring: MyPinsQuery, response: { 200: EnvelopeSchema(MyPinsSchema) } } }, async (request) => {
    const userId = requireUser(request);
    const { n = 50, page = 0 } = request.query as Static<typeof MyPinsQuery>;
    return ok(await pinsOf(app.db, userId, n, page));
  });
}
