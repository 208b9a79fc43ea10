import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/** A person known to the test provider. */
export interface KakaoTestUser {
  id: number;
  email?: string;
}

/** A running Kakao-shaped OAuth server for tests. */
export interface KakaoTestServer {
  url: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  /** Codes exchanged so far (to assert the client secret and redirect URI were sent). */
  tokenRequests: URLSearchParams[];
  close(): Promise<void>;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  let s = '';
  for await (const chunk of req) s += chunk;
  return s;
}

/**
 * Starts a tiny provider in Kakao's shapes on 127.0.0.1:<random port>:
 * GET /oauth/authorize?client_id&redirect_uri&state&response_type=code&login_as=<id>[&email=] → 302 to
 * redirect_uri?code&state (the `login_as` parameter stands for the person signing in at Kakao);
 * POST /oauth/token (form) → {access_token, token_type, refresh_token, expires_in} or Kakao's error
 * {error, error_description, error_code}; GET /v2/user/me (Bearer) → {id, connected_at, kakao_account}.
 */
export async function startKakaoServer(opts: { clientId: string; clientSecret: string }): Promise<KakaoTestServer> {
  const codes = new Map<string, { user: KakaoTestUser; redirectUri: string }>();
  const tokens = new Map<string, KakaoTestUser>();
  const tokenRequests: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (req.method === 'GET' && url.pathname === '/oauth/authorize') {
        const q = url.searchParams;
        const redirectUri = q.get('redirect_uri');
        const id = Number(q.get('login_as'));
        if (q.get('client_id') !== opts.clientId || !redirectUri || q.get('response_type') !== 'code' || !Number.isInteger(id)) {
          return json(res, 400, { error: 'invalid_request', error_code: 'KOE101' });
        }
        const code = randomBytes(16).toString('hex');
        codes.set(code, { user: { id, email: q.get('email') ?? undefined }, redirectUri });
        const target = new URL(redirectUri, 'http://relative.invalid');
        target.searchParams.set('code', code);
        if (q.get('state')) target.searchParams.set('state', q.get('state')!);
        res.writeHead(302, { location: target.origin === 'http://relative.invalid' ? target.pathname + target.search : target.href });
        return res.end();
      }
      if (req.method === 'POST' && url.pathname === '/oauth/token') {
        const form = new URLSearchParams(await readBody(req));
        tokenRequests.push(form);
        if (form.get('grant_type') !== 'authorization_code')
          return json(res, 400, { error: 'unsupported_grant_type', error_code: 'KOE310' });
        if (form.get('client_id') !== opts.clientId || form.get('client_secret') !== opts.clientSecret) {
          return json(res, 401, { error: 'invalid_client', error_description: 'Bad client credentials', error_code: 'KOE010' });
        }
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!grant || grant.redirectUri !== form.get('redirect_uri')) {
          return json(res, 400, {
            error: 'invalid_grant',
            error_description: `authorization code not found for code=${form.get('code')}`,
            error_code: 'KOE320',
          });
        }
        const token = randomBytes(16).toString('hex');
        tokens.set(token, grant.user);
        return json(res, 200, {
          access_token: token,
          token_type: 'bearer',
          refresh_token: randomBytes(16).toString('hex'),
          expires_in: 21599,
          scope: 'account_email',
          refresh_token_expires_in: 5183999,
        });
      }
      if (req.method === 'GET' && url.pathname === '/v2/user/me') {
        const auth = req.headers.authorization ?? '';
        const user = auth.startsWith('Bearer ') ? tokens.get(auth.slice(7)) : undefined;
        if (!user) return json(res, 401, { msg: 'this access token does not exist', code: -401 });
        const account = user.email
          ? { has_email: true, email_needs_agreement: false, is_email_valid: true, is_email_verified: true, email: user.email }
          : { has_email: false };
        return json(res, 200, { id: user.id, connected_at: new Date().toISOString(), kakao_account: account });
      }
      json(res, 404, { msg: 'not found', code: -404 });
    })().catch((e: unknown) => json(res, 500, { msg: String(e) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    authorizeUrl: `${base}/oauth/authorize`,
    tokenUrl: `${base}/oauth/token`,
    userinfoUrl: `${base}/v2/user/me`,
    tokenRequests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
