import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { fail } from '../../http/envelope';
import { ErrClazz } from '../../http/errors';
import { IconMessages } from '../../images/category-icon';
import { Id } from '../common';

const Params = Type.Object({ id: Id, file: Type.String({ maxLength: 40 }) });

/**
 * GET /v1/category/:id/icon/:hash.webp — a category's raster icon (migration 016). The URL names the
 * icon's version (its hash), so the answer never changes: a year of caching, immutable, and an ETag of
 * the hash for revalidation. A stale or unknown version is a 404 (the category list has the new URL).
 */
export async function registerCategoryIconRoute(app: FastifyInstance): Promise<void> {
  app.get('/v1/category/:id/icon/:file', { schema: { params: Params } }, async (request, reply) => {
    const { id, file } = request.params as { id: number; file: string };
    const m = /^([0-9a-f]{16})\.webp$/.exec(file);
    const row = m
      ? (await app.db.query<{ icon_webp: Uint8Array }>('select icon_webp from categories where id = $1 and icon_hash = $2', [id, m[1]]))
          .rows[0]
      : undefined;
    if (!row) {
      return reply
        .status(404)
        .header('cache-control', 'no-store')
        .send(fail(404, ErrClazz.notFound, IconMessages.notFound, `no icon ${file} for category ${id}`));
    }
    const etag = `"${m![1]}"`;
    reply
      .header('etag', etag)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', 'cross-origin');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    const bytes = row.icon_webp;
    return reply.type('image/webp').send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });
}
