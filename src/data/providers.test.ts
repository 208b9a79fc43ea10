import { describe, expect, it } from 'vitest';
import { normalizeProviders } from './providers';

describe('normalizeProviders', () => {
  it('keeps offered providers, drops null ones and the image host; every sign-in starts at the server', () => {
    const out = normalizeProviders({
      kakao: null,
      google: { authorizeUrl: 'https://accounts.example/auth', clientId: 'g1', redirectUri: '/oauth/google' },
      local: { authorizeUrl: '/oauth/local/authorize', clientId: 'wuwa-map-local', redirectUri: '/oauth/kakao?provider=local' },
      imageHost: { url: '/api/v1/images', clientId: 'x' },
    });
    expect(out.map((p) => p.id)).toEqual(['google', 'local']);
    // The server's start route binds the OAuth state to this browser (login CSRF), then redirects.
    expect(out.map((p) => p.authorizeUrl)).toEqual(['/api/v1/oauth/google/start', '/api/v1/oauth/local/start']);
  });
});
