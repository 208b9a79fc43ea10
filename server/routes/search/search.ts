import { Type, type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard';
import { ok } from '../../http/envelope';
import { ApiError } from '../../http/errors';
import { parseCursor, search } from '../../repos/search';
import { DataMessages } from '../common';
import { EnvelopeSchema, SearchResultSchema } from '../../../common/api';
import { searchKey } from '../../../common/search-text';

/** Search text: 1..50 characters after trimming; at most 200 pins per answer (default 30). */
export const MAX_QUERY = 50;
export const MAX_SEARCH_LIMIT = 200;

const SearchQuery = Type.Object({
  q: Type.String({ maxLength: 200 }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SEARCH_LIMIT, default: 30 })),
  /** Narrow to one region, one category, or the pins the caller has not found (signed in). */
  region: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  category: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  unfound: Type.Optional(Type.Boolean()),
  /** "내 메모": search the caller's private notes only (signed in; an empty q lists them all). */
  notes: Type.Optional(Type.Boolean()),
  /** The previous page's `next`. */
  after: Type.Optional(Type.String({ maxLength: 32 })),
});

/**
 * GET /v1/search: categories by name, pins by description, tag or category name (case-, accent- and
 * spacing-insensitive) or pin number, a page at a time (keyset: `after` is the previous page's `next`).
 */
export async function registerSearchRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/v1/search',
    { schema: { querystring: SearchQuery, response: { 200: EnvelopeSchema(SearchResultSchema) } } },
    async (request) => {
      const { q, limit = 30, region, category, unfound, notes, after } = request.query as Static<typeof SearchQuery>;
      const text = q.trim();
      if (notes === true) requireUser(request);
      if (searchKey(text).length === 0 && notes !== true) throw ApiError.badRequest(DataMessages.queryEmpty, 'q is empty');
      if (text.length > MAX_QUERY) throw ApiError.badRequest(DataMessages.contentTooLong(MAX_QUERY), `q longer than ${MAX_QUERY}`);
      if (after !== undefined && !parseCursor(after)) throw ApiError.badRequest(DataMessages.searchCursorBad, 'after is malformed');
      return ok(
        await search(app.db, text, {
          limit,
          ...(region !== undefined ? { region } : {}),
          ...(category !== undefined ? { category } : {}),
          unfound: unfound === true,
          notes: notes === true,
          userId: request.userId ?? null,
          ...(after !== undefined ? { after } : {}),
        }),
      );
    },
  );
}
