import { OAuth2Server } from 'oauth2-mock-server';

/** A person signing in at the test OpenID Connect provider. */
export interface OidcTestUser {
  sub: string;
  email?: string;
}

/** A running OpenID Connect provider (oauth2-mock-server) that knows who each code belongs to. */
export interface GoogleTestServer {
  issuer: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  /** Tells the provider who signs in with the next code issued for `state`. */
  loginAs(state: string, user: OidcTestUser): void;
  close(): Promise<void>;
}

/**
 * Starts oauth2-mock-server on 127.0.0.1:<random port>. The mock answers every user info call with
 * `{sub: 'johndoe'}`; its events are used so the user info matches the person who authorized the code:
 * state → person (set by the test) → code (at the redirect) → access token (at the token call) → user info.
 */
export async function startGoogleServer(): Promise<GoogleTestServer> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const issuer = server.issuer.url!;
  const byState = new Map<string, OidcTestUser>();
  const byCode = new Map<string, OidcTestUser>();
  const byToken = new Map<string, OidcTestUser>();
  server.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
    const state = redirect.url.searchParams.get('state') ?? '';
    const code = redirect.url.searchParams.get('code');
    const user = byState.get(state);
    if (user && code) byCode.set(code, user);
  });
  server.service.on('beforeResponse', (response: { body: Record<string, unknown> }, req: { body: Record<string, unknown> }) => {
    const user = byCode.get(String(req.body.code));
    if (user && typeof response.body.access_token === 'string') byToken.set(response.body.access_token, user);
  });
  server.service.on(
    'beforeUserinfo',
    (response: { body: unknown; statusCode: number }, req: { headers: Record<string, string | undefined> }) => {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const user = byToken.get(token);
      if (!user) {
        response.statusCode = 401;
        response.body = { error: 'invalid_token' };
        return;
      }
      response.body = { sub: user.sub, email: user.email, email_verified: true, name: 'Test User' };
    },
  );
  return {
    issuer,
    authorizeUrl: `${issuer}/authorize`,
    tokenUrl: `${issuer}/token`,
    userinfoUrl: `${issuer}/userinfo`,
    loginAs: (state, user) => byState.set(state, user),
    close: () => server.stop(),
  };
}
