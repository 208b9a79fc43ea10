import { describe, expect, it } from 'vitest';
import { normalizeProviders } from './providers';

describe('normalizeProviders', () => {
  it('keeps offered providers, drops null ones and the image host, and builds the code request', () => {
    const out = normalizeProviders({
      kakao: null,
      google: { authorizeUrl: 'https://accounts.example/auth', clientId: 'g1', redirectUri: '/oauth/google' },
      local: { authorizeUrl: '/oauth/local/authorize', clientId: 'wuwa-map-local', redirectUri: '/oauth/kakao?provider=local' },
      imageHost: { url: '/api/v1/images', clientId: 'x' },
    }, 'http://localhost:8080');
    expect(out.map((p) => p.id)).toEqual(['google', 'local']);
    const google = new URL(out[0]!.authorizeUrl);
    expect(google.searchParams.get('scope')).toBe('openid profile email');
    expect(google.searchParams.get('redirect_uri')).toBe('/oauth/google');
    expect(out[1]!.authorizeUrl).toBe('/oauth/local/authorize?client_id=wuwa-map-local&redirect_uri=%2Foauth%2Fkakao%3Fprovider%3Dlocal&response_type=code');
  });
});
