import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { GOOGLE_SCOPE, resolveProvider } from '../../auth/oauth/providers';
import { ProvidersSchema, type Providers } from '../../../common/api';
import { answer } from '../responses';

/** Where the built-in image host takes uploads (same origin, so relative). */
export const BUILTIN_IMAGE_HOST = '/api/v1/images';

/**
 * GET /v1/auth/providers — everything the login page and the comment form need: for each configured
 * provider its authorize URL, client id and redirect URI (null when not configured), and the image host.
 */
export async function registerProvidersRoute(app: FastifyInstance): Promise<void> {
  app.get('/v1/auth/providers', { schema: { response: answer(ProvidersSchema) } }, async () => {
    const pub = (name: 'kakao' | 'google' | 'local') => {
      const p = resolveProvider(app, name);
      return p ? { authorizeUrl: p.config.authorizeUrl, clientId: p.config.clientId, redirectUri: p.config.redirectUri } : null;
    };
    const google = pub('google');
    return ok<Providers>({
      kakao: pub('kakao'),
      google: google ? { ...google, scope: GOOGLE_SCOPE } : null,
      local: pub('local'),
      imageHost: { url: app.config.imageHostUrl ?? BUILTIN_IMAGE_HOST, clientId: app.config.imageHostClientId },
    });
  });
}
