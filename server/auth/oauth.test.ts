// Sign-in with Kakao and Google (OpenID Connect) against real local test providers, called in-process: first
// login → register → signed in, the state that binds a sign-in to its browser (login CSRF), refused codes,
// the signed pending identity, nickname checks, and the providers list the client reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../test-helper';
import { Messages } from '../http/errors';
import { startKakaoServer, type KakaoTestServer } from './testing/kakao-server';
import { startGoogleServer, type GoogleTestServer } from './testing/google-server';
import { ACCESS_COOKIE, PENDING_COOKIE, REFRESH_COOKIE } from './cookies';
import { STATE_COOKIE } from './oauth/state';

type T = Awaited<ReturnType<typeof testApp>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
type Res = { statusCode: number; json(): any; cookies: { name: string; value: string }[] };

const KAKAO_REDIRECT = 'http://localhost:8080/oauth/kakao';
const GOOGLE_REDIRECT = 'http://localhost:8080/oauth/google';

function cookie(res: Res, name: string): string | undefined {
  return res.cookies.find((c) => c.name === name)?.value;
}

/** Follows the provider's authorize step like a browser would and returns the code from the redirect. */
async function codeFrom(url: string): Promise<string> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!, 'http://x.invalid');
  return location.searchParams.get('code')!;
}

describe('OAuth sign-in against real local providers', () => {
  let t: T;
  let kakao: KakaoTestServer;
  let google: GoogleTestServer;

  beforeAll(async () => {
    kakao = await startKakaoServer({ clientId: 'kakao-client', clientSecret: 'kakao-secret' });
    google = await startGoogleServer();
    t = await testApp({
      kakao: {
        clientId: 'kakao-client',
        clientSecret: 'kakao-secret',
        redirectUri: KAKAO_REDIRECT,
        authorizeUrl: kakao.authorizeUrl,
        tokenUrl: kakao.tokenUrl,
        userinfoUrl: kakao.userinfoUrl,
      },
      google: {
        clientId: 'google-client',
        clientSecret: 'google-secret',
        redirectUri: GOOGLE_REDIRECT,
        authorizeUrl: google.authorizeUrl,
        tokenUrl: google.tokenUrl,
        userinfoUrl: google.userinfoUrl,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await kakao.close();
    await google.close();
  });

  const kakaoCode = (id: number, email?: string) =>
    codeFrom(
      `${kakao.authorizeUrl}?response_type=code&client_id=kakao-client&redirect_uri=${encodeURIComponent(KAKAO_REDIRECT)}&state=s1&login_as=${id}${email ? `&email=${encodeURIComponent(email)}` : ''}`,
    );
  let googleState = 0;
  const googleCode = (sub: string, email: string) => {
    const state = `g${++googleState}`;
    google.loginAs(state, { sub, email });
    return codeFrom(
      `${google.authorizeUrl}?response_type=code&client_id=google-client&redirect_uri=${encodeURIComponent(GOOGLE_REDIRECT)}&scope=${encodeURIComponent('openid profile email')}&state=${state}`,
    );
  };
  const post = (url: string, payload: object, cookieHeader?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: cookieHeader ? { cookie: cookieHeader } : {} }) as Promise<Res>;
  /** Starts a sign-in like the login page does (GET …/start) and posts the code with that browser's state. */
  const start = async (name: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/oauth/${name}/start` });
    expect(res.statusCode).toBe(302);
    const state = new URL(String(res.headers.location), 'http://x.invalid').searchParams.get('state')!;
    return { state, cookie: `${STATE_COOKIE}=${cookie(res as Res, STATE_COOKIE)}`, location: String(res.headers.location) };
  };
  const login = async (name: string, code: string) => {
    const s = await start(name);
    return post(`/api/v1/oauth/${name}/login`, { code, state: s.state }, s.cookie);
  };

  it('Kakao: first login needs registration, register signs in, the next login signs straight in', async () => {
    const first = await login('kakao', await kakaoCode(1001, 'kim@example.com'));
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toEqual({ registered: false, email: 'kim@example.com' });
    expect(cookie(first, ACCESS_COOKIE)).toBeUndefined();
    const pending = cookie(first, PENDING_COOKIE)!;
    expect(pending).toBeTruthy();
    // The server sent its secret and the redirect URI to the token endpoint.
    const sent = kakao.tokenRequests.at(-1)!;
    expect(sent.get('client_secret')).toBe('kakao-secret');
    expect(sent.get('redirect_uri')).toBe(KAKAO_REDIRECT);

    const reg = await post('/api/v1/oauth/kakao/register', { nickname: '  김명조  ' }, `${PENDING_COOKIE}=${pending}`);
    expect(reg.statusCode).toBe(200);
    const me = reg.json().result.me;
    expect(reg.json().result.registered).toBe(true);
    expect(me).toMatchObject({ nickname: '김명조', email: 'kim@example.com', role: 'user', checkTime: 0 });
    expect(cookie(reg, ACCESS_COOKIE)).toBeTruthy();
    expect(cookie(reg, REFRESH_COOKIE)).toBeTruthy();
    expect(cookie(reg, PENDING_COOKIE)).toBe('');
    const who = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { cookie: `${ACCESS_COOKIE}=${cookie(reg, ACCESS_COOKIE)}` },
    });
    expect(who.json().result.id).toBe(me.id);

    const again = await login('kakao', await kakaoCode(1001, 'kim@example.com'));
    expect(again.json().result).toMatchObject({ registered: true, me: { id: me.id, nickname: '김명조' } });
    expect(cookie(again, ACCESS_COOKIE)).toBeTruthy();
  });

  it('Google (OpenID Connect): login needs registration → register → login again', async () => {
    const first = await login('google', await googleCode('google-sub-1', 'lee@example.com'));
    expect(first.json().result).toEqual({ registered: false, email: 'lee@example.com' });
    const reg = await post('/api/v1/oauth/google/register', { nickname: '이방랑' }, `${PENDING_COOKIE}=${cookie(first, PENDING_COOKIE)}`);
    expect(reg.json().result.me).toMatchObject({ nickname: '이방랑', email: 'lee@example.com' });
    const { rows } = await t.db.query('select provider, subject from provider_accounts where user_id = $1', [reg.json().result.me.id]);
    expect(rows).toEqual([{ provider: 'google', subject: 'google-sub-1' }]);
    const again = await login('google', await googleCode('google-sub-1', 'lee@example.com'));
    expect(again.json().result).toMatchObject({ registered: true, me: { id: reg.json().result.me.id } });
  });

  it('start binds a fresh state to the browser and sends it to the provider', async () => {
    const a = await start('kakao');
    const b = await start('kakao');
    expect(a.state).not.toBe(b.state);
    expect(a.state.length).toBeGreaterThanOrEqual(32);
    const to = new URL(a.location);
    expect(to.origin + to.pathname).toBe(kakao.authorizeUrl);
    expect(Object.fromEntries(to.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'kakao-client',
      redirect_uri: KAKAO_REDIRECT,
      state: a.state,
    });
    const g = new URL((await start('google')).location);
    expect(g.searchParams.get('scope')).toBe('openid profile email');
    // The provider's own authorize step returns the same state to the callback.
    const back = await fetch(`${a.location}&login_as=1009`, { redirect: 'manual' });
    expect(new URL(back.headers.get('location')!).searchParams.get('state')).toBe(a.state);
  });

  it("login CSRF: a code without this browser's state is refused (issue 12 item 1)", async () => {
    const attackerCode = await kakaoCode(1005, 'attacker@example.com');
    const victim = await start('kakao');
    const attacker = await start('kakao');
    for (const [payload, c] of [
      [{ code: attackerCode }, victim.cookie],
      [{ code: attackerCode, state: attacker.state }, victim.cookie],
      [{ code: attackerCode, state: victim.state }, undefined],
      [{ code: attackerCode, state: '' }, victim.cookie],
    ] as const) {
      const res = await post('/api/v1/oauth/kakao/login', payload, c);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.messageTranslated).toMatch(/다시 로그인/);
    }
    // A Kakao state does not open a Google sign-in.
    const k = await start('kakao');
    expect((await post('/api/v1/oauth/google/login', { code: 'x', state: k.state }, k.cookie)).statusCode).toBe(400);
    // A state is good once.
    const ok = await post('/api/v1/oauth/kakao/login', { code: attackerCode, state: victim.state }, victim.cookie);
    expect(ok.statusCode).toBe(200);
    expect(ok.cookies.find((x) => x.name === STATE_COOKIE)?.value).toBe('');
  });

  it('a refused or replayed code is a 400 with a Korean message', async () => {
    const code = await kakaoCode(1002);
    const ok = await login('kakao', code);
    expect(ok.json().result).toEqual({ registered: false, email: null });
    const replay = await login('kakao', code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.messageTranslated).toMatch(/로그인에 실패/);
    const empty = await login('kakao', '');
    expect(empty.statusCode).toBe(400);
    const unknown = await post('/api/v1/oauth/naver/login', { code: 'x' });
    expect(unknown.statusCode).toBe(400);
  });

  it('the pending identity cannot be forged, moved to another provider or skipped', async () => {
    const first = await login('kakao', await kakaoCode(1003, 'park@example.com'));
    const pending = cookie(first, PENDING_COOKIE)!;
    const [body, sig] = pending.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...claims, sub: '1001' })).toString('base64url')}.${sig}`;
    for (const [url, c] of [
      ['/api/v1/oauth/kakao/register', `${PENDING_COOKIE}=${forged}`],
      ['/api/v1/oauth/kakao/register', ''],
      ['/api/v1/oauth/google/register', `${PENDING_COOKIE}=${pending}`],
    ] as const) {
      const res = await post(url, { nickname: '위조꾼' }, c || undefined);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.messageTranslated).toMatch(/다시 로그인/);
    }
    const { rows } = await t.db.query("select count(*)::int as n from users where nickname = '위조꾼'");
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('registration checks the nickname: blank, too long, taken (case-insensitively)', async () => {
    const first = await login('kakao', await kakaoCode(1004, 'choi@example.com'));
    const c = `${PENDING_COOKIE}=${cookie(first, PENDING_COOKIE)}`;
    const blank = await post('/api/v1/oauth/kakao/register', { nickname: '   ' }, c);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.messageTranslated).toBe(Messages.nicknameEmpty);
    const long = await post('/api/v1/oauth/kakao/register', { nickname: '가'.repeat(17) }, c);
    expect(long.statusCode).toBe(400);
    await t.db.query("insert into users (nickname) values ('Rover')");
    const taken = await post('/api/v1/oauth/kakao/register', { nickname: 'rover' }, c);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.errClazz).toBe('conflict');
    expect(taken.json().error.messageTranslated).toMatch(/이미 사용 중/);
    const fine = await post('/api/v1/oauth/kakao/register', { nickname: 'Rover2' }, c);
    expect(fine.statusCode).toBe(200);
  });

  it('GET /v1/auth/providers tells the client where to sign in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
    const r = res.json().result;
    expect(r.kakao).toEqual({ authorizeUrl: kakao.authorizeUrl, clientId: 'kakao-client', redirectUri: KAKAO_REDIRECT });
    expect(r.google).toEqual({
      authorizeUrl: google.authorizeUrl,
      clientId: 'google-client',
      redirectUri: GOOGLE_REDIRECT,
      scope: 'openid profile email',
    });
    expect(r.local).toEqual({
      authorizeUrl: '/oauth/local/authorize',
      clientId: 'wuwa-map-local',
      redirectUri: '/oauth/kakao?provider=local',
    });
    expect(r.imageHost).toEqual({ url: '/api/v1/images', clientId: t.config.imageHostClientId });
    expect(JSON.stringify(r)).not.toContain('secret');
  });
});
