import type { FastifyInstance } from 'fastify';
import { rateLimitsFromEnv } from '../security/limits';
import { registerImageUpload } from '../images/upload';
import { registerSessionRoutes } from './auth/session';
import { registerOAuthRoutes } from './auth/oauth';
import { registerMeRoutes } from './auth/me';
import { registerProvidersRoute } from './auth/providers';

/** Sessions, OAuth sign-in, /me and the image host (registered under /api). */
export async function registerAuthRoutes(app: FastifyInstance): Promise<void> {
  const limits = rateLimitsFromEnv();
  await registerSessionRoutes(app, limits);
  await registerOAuthRoutes(app, limits);
  await registerMeRoutes(app);
  await registerProvidersRoute(app);
  await registerImageUpload(app);
}
