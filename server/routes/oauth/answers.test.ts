// Issue 24 item 5: the sign-in answers under their declared response schemas. /start is a redirect with no body;
// login and register answer the whole LoginResult (the serializer drops what a schema leaves out, so each real
// answer must equal what its handler returned, of the shape the client's type reads).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test-helper';
import { answerProbe } from '../answer-probe';
import { LoginResultSchema } from '../../../common/api';
import { startKakaoServer, type KakaoTestServer } from '../../auth/testing/kakao-server';
import { PENDING_COOKIE } from '../../auth/cookies';
import { STATE_COOKIE } from '../../auth/oauth/state';

const REDIRECT = 'http://localhost:8080/oauth/kakao';
const probe = answerProbe();
let t: Awaited<ReturnType<typeof testApp>>;
let kakao: KakaoTestServer;
beforeAll(async () => {
  kakao = await startKakaoServer({ clientId: 'kakao-client', clientSecret: 'kakao-secret' });
  const { authorizeUrl, tokenUrl, userinfoUrl } = kakao;
  t = await testApp(
    { kakao: { clientId: 'kakao-client', clientSecret: 'kakao-secret', redirectUri: REDIRECT, authorizeUrl, tokenUrl, userinfoUrl } },
    { onRoute: probe.onRoute },
  );
});
afterAll(async () => {
  await t?.close();
  await kakao?.close();
});

const cookieOf = (res: { cookies: { name: string; value: string }[] }, name: string) => res.cookies.find((c) => c.name === name)?.value;

/** The provider's code for Kakao user `id`, as its authorize step redirects a browser with it. */
async function code(id: number, email: string): Promise<string> {
  const res = await fetch(
    `${kakao.authorizeUrl}?response_type=code&client_id=kakao-client&redirect_uri=${encodeURIComponent(REDIRECT)}&state=s&login_as=${id}&email=${encodeURIComponent(email)}`,
    { redirect: 'manual' },
  );
  return new URL(res.headers.get('location')!, 'http://x.invalid').searchParams.get('code')!;
}

/** GET …/start (a 302 with no body) and POST …/login with that browser's state. */
async function login(id: number, email: string) {
  const start = await t.app.inject({ method: 'GET', url: '/api/v1/oauth/kakao/start' });
  expect(start.statusCode).toBe(302);
  expect(start.body).toBe('');
  const to = new URL(String(start.headers.location));
  expect(to.origin + to.pathname).toBe(kakao.authorizeUrl);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/oauth/kakao/login',
    payload: { code: await code(id, email), state: to.searchParams.get('state') },
    headers: { cookie: `${STATE_COOKIE}=${cookieOf(start, STATE_COOKIE)}` },
  });
}

describe('/v1/oauth answers keep every field', () => {
  it('a new identity: login asks for a nickname, register signs in with the whole `me`, the next login too', async () => {
    const first = await login(2001, 'answer@example.com');
    expect(probe.whole(first, LoginResultSchema)).toEqual({ registered: false, email: 'answer@example.com' });
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/kakao/register',
      payload: { nickname: '모양새' },
      headers: { cookie: `${PENDING_COOKIE}=${cookieOf(first, PENDING_COOKIE)}` },
    });
    const signedIn = probe.whole(reg, LoginResultSchema);
    expect(signedIn).toEqual({
      registered: true,
      me: { id: expect.any(Number), nickname: '모양새', email: 'answer@example.com', checkTime: 0, role: 'user' },
    });
    expect(probe.whole(await login(2001, 'answer@example.com'), LoginResultSchema)).toEqual(signedIn);
  });
});
