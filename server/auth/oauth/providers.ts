import type { FastifyInstance } from 'fastify';
import type { OAuthProviderConfig } from '../../config';
import { LOCAL_AUTHORIZE_PATH, LOCAL_CLIENT_ID, LOCAL_REDIRECT_URI, localClientSecret } from '../local-provider';

/** The providers a client may sign in with. `local` is the built-in one (LOCAL_LOGIN=1). */
export const PROVIDERS = ['kakao', 'google', 'local'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

/** How a provider's user info is read: Kakao's `{id, kakao_account.email}` or OpenID Connect's `{sub, email}`. */
export type UserinfoShape = 'kakao' | 'oidc';

export interface ResolvedProvider {
  name: ProviderName;
  shape: UserinfoShape;
  config: OAuthProviderConfig;
}

/** Google's scopes (SPEC §7). */
export const GOOGLE_SCOPE = 'openid profile email';

/** Where this server can reach itself (the local provider's token and user info calls go over real HTTP). */
function selfBase(app: FastifyInstance): string {
  const addr = app.server.address();
  if (addr && typeof addr === 'object') {
    const host =
      addr.address === '0.0.0.0' || addr.address === '::' ? '127.0.0.1' : addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
    return `http://${host}:${addr.port}`;
  }
  return app.config.publicUrl;
}

/** The provider's settings, or null when it is not configured (no client id; local login off). */
export function resolveProvider(app: FastifyInstance, name: string): ResolvedProvider | null {
  const c = app.config;
  if (name === 'kakao') return c.kakao.clientId ? { name, shape: 'kakao', config: c.kakao } : null;
  if (name === 'google') return c.google.clientId ? { name, shape: 'oidc', config: c.google } : null;
  if (name === 'local' && c.localLogin) {
    const base = selfBase(app);
    return {
      name,
      shape: 'kakao',
      config: {
        clientId: LOCAL_CLIENT_ID,
        clientSecret: localClientSecret(app),
        redirectUri: LOCAL_REDIRECT_URI,
        authorizeUrl: LOCAL_AUTHORIZE_PATH,
        tokenUrl: `${base}/oauth/local/token`,
        userinfoUrl: `${base}/oauth/local/userinfo`,
      },
    };
  }
  return null;
}
