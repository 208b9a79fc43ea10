import type { FastifyInstance } from 'fastify';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { IMAGE_TYPES, STORED_NAME, imagesDir, type ImageExt } from './store';

/**
 * GET /images/:file — uploaded images with safe headers: the stored type only (nosniff), inline,
 * a CSP that lets nothing run even if a browser were tricked into rendering it as a document,
 * and a year of caching (names are random and files never change).
 */
export async function registerImageServing(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { file: string } }>('/images/:file', async (request, reply) => {
    const { file } = request.params;
    const notFound = () =>
      reply.status(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('이미지를 찾을 수 없습니다.');
    if (!STORED_NAME.test(file)) return notFound();
    const path = join(imagesDir(app.config.dataDir), file);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return notFound();
    const ext = file.slice(file.lastIndexOf('.') + 1) as ImageExt;
    return reply
      .header('content-type', IMAGE_TYPES[ext])
      .header('content-length', info.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(createReadStream(path));
  });
}
