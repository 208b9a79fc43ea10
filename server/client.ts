import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));

/** Serves the built client; every non-API path falls back to index.html (client-side routes). */
export async function registerClient(app: FastifyInstance): Promise<void> {
  if (!app.config.serveClient || !existsSync(dist + 'index.html')) return;
  await app.register(fastifyStatic, { root: dist, prefix: '/', wildcard: false, index: ['index.html'], maxAge: '1h' });
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.status(404).send();
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
