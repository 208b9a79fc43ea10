import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { fail } from '../../http/envelope';
import { ErrClazz } from '../../http/errors';
import { IconMessages } from '../../images/category-icon';
import { Binary, ErrorEnvelope, Id } from '../common';
import { categoryIconBytes } from '../../repos/categories';

const Params = Type.Object({ id: Id, file: Type.String({ maxLength: 40 }) });
const IconAnswer = {
  200: { content: { 'image/webp': { schema: Binary('The 64×64 WebP icon (immutable; ETag: its hash).') } } },
  304: Type.Null(),
  404: ErrorEnvelope,
};

/**
 * GET /v1/category/:id/icon/:hash.webp — a category's raster icon (migration 016). The URL names the
 * icon's version (its hash), so the answer never changes: a year of caching, immutable, and an ETag of
 * the hash for revalidation. A stale or unknown version is a 404 (the category list has the new URL).
 */
export async function registerCategoryIconRoute(app: FastifyInstance): Promise<void> {
  app.get('/v1/category/:id/icon/:file', { schema: { params: Params, response: IconAnswer } }, async (request, reply) => {
    const { id, file } = request.params as { id: number; file: string };
    const m = /^([0-9a-f]{16})\.webp$/.exec(file);
    const bytes = m ? await categoryIconBytes(app.db, id, m[1]!) : null;
    if (!bytes) {
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
    return reply.type('image/webp').send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });
}
