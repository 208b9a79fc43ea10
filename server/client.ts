import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { fail } from './http/envelope';
import { ErrClazz, Messages } from './http/errors';

/**
 * Serves the built client. Paths without a file extension are client-side routes and get
 * index.html; a missing file (an old hashed asset, say) gets a real 404, never HTML.
 */
export async function registerClient(app: FastifyInstance): Promise<void> {
  const index = join(app.config.clientDir, 'index.html');
  if (!app.config.serveClient || !existsSync(index)) return;
  // wildcard: files are looked up per request, so a rebuilt dist/ is served without a restart.
  await app.register(fastifyStatic, {
    root: app.config.clientDir,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    cacheControl: false,
    // @fastify/static 10 hands setHeaders the Fastify reply, not Node's response.
    setHeaders: (reply: unknown, path: string) => {
      (reply as { header(k: string, v: string): void }).header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // The static wildcard route also catches unknown /api paths: they keep the envelope.
    if (path.startsWith('/api/')) {
      return reply.status(404).send(fail(404, ErrClazz.notFound, Messages.notFound, `no route ${request.method} ${path}`));
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || /\.[a-z0-9]+$/i.test(path)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await readFile(index));
  });
}
