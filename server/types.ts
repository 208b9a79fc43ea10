import type { Db } from './db';
import type { Config } from './config';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
  }
  interface FastifyRequest {
    /** The signed-in user, set by the auth plugin from the access-token cookie; null for visitors. */
    userId: number | null;
  }
  interface FastifyContextConfig {
    /** A long-lived answer (server-sent events): it never ends by itself, so request-answer tests leave it out. */
    stream?: boolean;
  }
}
