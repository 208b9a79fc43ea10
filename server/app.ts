import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config';
import type { Db } from './db';
import './types';
import { apiNotFound, registerEnvelopeHandlers } from './http/plugin';
import { registerAuth } from './auth/plugin';
import { registerDataRoutes } from './routes/data';
import { registerAuthRoutes } from './routes/auth';
import { registerModerationRoutes } from './routes/moderation';
import { registerSuspensionGuard } from './moderation/suspension';
import { registerTiles } from './tiles/plugin';
import { registerRelay } from './relay/plugin';
import { registerClient } from './client';
import { registerOps } from './ops/plugin';

export interface AppOptions {
  config: Config;
  db: Db;
  logger?: boolean;
}

/** Builds the whole server: API, tiles, tracker relay and the built client, on one port. */
export async function buildApp({ config, db, logger = false }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    // A load balancer's X-Request-Id is kept (logs line up across hops); otherwise one is made here.
    requestIdHeader: 'x-request-id',
    genReqId: () => Math.random().toString(36).slice(2, 10),
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorateRequest('userId', null);
  registerEnvelopeHandlers(app);
  await registerOps(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await registerAuth(app);
  await app.register(async (api) => {
    apiNotFound(api);
    registerSuspensionGuard(api);
    await registerAuthRoutes(api);
    await registerDataRoutes(api);
    await registerModerationRoutes(api);
    await registerRelay(api);
  }, { prefix: '/api' });
  await registerTiles(app);
  await registerClient(app);
  return app;
}
