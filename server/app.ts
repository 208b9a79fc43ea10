import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config';
import type { Db } from './db';
import './types';
import { apiNotFound, registerEnvelopeHandlers } from './http/plugin';
import { registerAuth } from './auth/plugin';
import { registerApiRoutes } from './routes';
import { registerSuspensionGuard } from './moderation/suspension';
import { registerTiles } from './tiles/plugin';
import { registerRelay } from './relay/plugin';
import type { RelayLimits } from './relay/limits';
import { registerClient } from './client';
import { loadWorld } from './world/world';
import { registerOps } from './ops/plugin';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors';
import { rejectUnstorableText } from './http/input';
import { guardConnections, registerConnectionMetrics, trustedPeer, type ConnectionGuard } from './http/connections';

export interface AppOptions {
  config: Config;
  db: Db;
  logger?: boolean;
  /** Relay limits (tests lower or raise them). */
  relayLimits?: Partial<RelayLimits>;
  /** Told of every route as it is added (the fuzz test walks them all). */
  onRoute?: (route: RouteOptions) => void;
  /** Hooks added before any route (test servers add fault injection here: tests/support/faults.ts). */
  hooks?: (app: FastifyInstance) => void;
}

/** Builds the whole server: API, tiles, tracker relay and the built client, on one port. */
export async function buildApp({ config, db, logger = false, relayLimits, onRoute, hooks }: AppOptions): Promise<FastifyInstance> {
  let connections: ConnectionGuard | undefined;
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // A load balancer's X-Request-Id is kept (logs line up across hops); otherwise one is made here.
    requestIdHeader: 'x-request-id',
    // A body trickled in a byte at a time is cut off (408) instead of holding a socket for minutes.
    requestTimeout: config.requestTimeoutMs,
    // Node checks request timeouts on this interval (30 s by default, which would double the limit).
    serverFactory: (handler: (req: IncomingMessage, res: ServerResponse) => void) => {
      const server = createServer(
        {
          connectionsCheckingInterval: Math.min(5_000, config.requestTimeoutMs),
          requestTimeout: config.requestTimeoutMs,
          headersTimeout: Math.min(60_000, config.requestTimeoutMs),
          keepAliveTimeout: 72_000,
        },
        handler,
      );
      // Open connections per address and per process (http/connections.ts), before the HTTP parser sees a byte.
      connections = guardConnections(server, config.connections, trustedPeer(config.trustProxy));
      return server;
    },
    frameworkErrors,
    clientErrorHandler,
    genReqId: () => Math.random().toString(36).slice(2, 10),
  }).withTypeProvider<TypeBoxTypeProvider>();
  if (onRoute) app.addHook('onRoute', onRoute);
  hooks?.(app);
  app.decorate('db', db);
  // The world registry (regions, floor areas) from the database before any route reads it.
  await loadWorld(db);
  app.decorate('config', config);
  app.decorateRequest('userId', null);
  registerEnvelopeHandlers(app);
  await registerOps(app);
  registerConnectionMetrics(app, connections!);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await registerAuth(app);
  await app.register(
    async (api) => {
      apiNotFound(api);
      rejectUnstorableText(api);
      registerSuspensionGuard(api);
      await registerApiRoutes(api);
      await registerRelay(api, relayLimits);
    },
    { prefix: '/api' },
  );
  await registerTiles(app);
  await registerClient(app);
  return app;
}
