import type { AuthService } from './AuthService';

declare module 'fastify' {
  interface FastifyInstance {
    /** Session keys and caches of this server (server/auth). */
    auth: AuthService;
  }
}
