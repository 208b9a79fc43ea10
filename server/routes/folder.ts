import type { FastifyInstance } from 'fastify';
import type { RateLimits } from '../security/limits';

/** Registers some routes on `app` (the /api scope or a child of it); sign-in routes also take the rate limits. */
export type RouteRegistration = (app: FastifyInstance, limits: RateLimits) => Promise<void>;

/**
 * The routes of one folder of server/routes (its index.ts exports one): a new route file is one more entry
 * there, and routes/index.ts registers every folder alike.
 */
export interface RouteFolder {
  /** Checked by Fastify's own validator: sign-in, sessions, /v1/me and the image host. */
  plain?: readonly RouteRegistration[];
  /** Checked by TypeBox itself (validator.ts), in a child scope of the folder: bodies strictly, a failure a Korean 400. */
  strict?: readonly RouteRegistration[];
}
