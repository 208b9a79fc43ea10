import { Type, type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { search } from '../../repos/search';
import { DataMessages } from '../common';
import { EnvelopeSchema, SearchResultSchema } from '../../../common/api';

/** Search text: 1..50 characters after trimming; at most 200 pins per answer (default 30). */
export const MAX_QUERY = 50;
export const MAX_SEARCH_LIMIT = 200;

const SearchQuery = Type.Object({
  q: Type.String({ maxLength: 200 }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SEARCH_LIMIT, default: 30 })),
});

/** GET /v1/search: categories by name, pins by description or tag. */
export async function registerSearchRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/v1/search',
    { schema: { querystring: SearchQuery, response: { 200: EnvelopeSchema(SearchResultSchema) } } },
    async (request) => {
      const { q, limit = 30 } = request.query as Static<typeof SearchQuery>;
      const text = q.trim();
      if (text.length === 0) throw ApiError.badRequest(DataMessages.queryEmpty, 'q is empty');
      if (text.length > MAX_QUERY) throw ApiError.badRequest(DataMessages.contentTooLong(MAX_QUERY), `q longer than ${MAX_QUERY}`);
      return ok(await search(app.db, text, limit));
    },
  );
}
