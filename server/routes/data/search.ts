import { Type, type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { pinsOf, search } from '../../repos/search';
import { DataMessages } from './common';
import { EnvelopeSchema, MyPinsSchema, SearchResultSchema } from '../../../common/api';

/** Search text: 1..50 characters after trimming; at most 200 pins per answer (default 30). */
export const MAX_QUERY = 50;
export const MAX_SEARCH_LIMIT = 200;

const SearchQuery = Type.Object({
  q: Type.String({ maxLength: 200 }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SEARCH_LIMIT, default: 30 })),
});
const MyPinsQuery = Type.Object({
  n: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0 })),
});

/** GET /v1/search and GET /v1/me/pins. */
export async function registerSearchRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/search', { schema: { querystring: SearchQuery, response: { 200: EnvelopeSchema(SearchResultSchema) } } }, async (request) => {
    const { q, limit = 30 } = request.query as Static<typeof SearchQuery>;
    const text = q.trim();
    if (text.length === 0) throw ApiError.badRequest(DataMessages.queryEmpty, 'q is empty');
    if (text.length > MAX_QUERY) throw ApiError.badRequest(DataMessages.contentTooLong(MAX_QUERY), `q longer than ${MAX_QUERY}`);
    return ok(await search(app.db, text, limit));
  });

  app.get('/v1/me/pins', { schema: { querystring: MyPinsQuery, response: { 200: EnvelopeSchema(MyPinsSchema) } } }, async (request) => {
    const userId = requireUser(request);
    const { n = 50, page = 0 } = request.query as Static<typeof MyPinsQuery>;
    return ok(await pinsOf(app.db, userId, n, page));
  });
}
