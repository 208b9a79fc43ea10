import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../test-helper';
import { createSession, REFRESH_REUSE_GRACE_MS } from './sessions';
import { ACCESS_COOKIE, REFRESH_COOKIE } from './cookies';

type T = Awaited<ReturnType<typeof testApp>>;

function cookiesOf(res: { cookies: { name: string; value: string }[] }): Record<string, string> {
  return Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
}

describe('sessions', () => {
  let t: T;
  beforeAll(async () => {
    t = await testApp({ accessTokenTtlS: 2 });
  });
  afterAll(() => t.close());

  it('an access token works until it expires, then access_token_invalid; refresh brings a working pair', async () => {
    const uid = await t.newUser('만료시험');
    const s = await createSession(t.app, uid);
    const issued = Date.now();
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: s.cookieHeader } });
    expect(me.statusCode).not.toBe(401);
    await new Promise((r) => setTimeout(r, 2100 - (Date.now() - issued)));
    const stale = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: s.cookieHeader } });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().error.errClazz).toBe('access_token_invalid');
    const ref = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: { cookie: s.cookieHeader } });
    expect(ref.statusCode).toBe(200);
    const c = cookiesOf(ref);
    expect(c[ACCESS_COOKIE]).toBeTruthy();
    expect(c[REFRESH_COOKIE]).not.toBe(s.refreshToken);
    const again = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: `${ACCESS_COOKIE}=${c[ACCESS_COOKIE]}` } });
    expect(again.statusCode).toBe(200);
    expect(again.json().result.id).toBe(uid);
  });

  it("answers the category reads with a stale access token as a visitor's: the pins worker fetches them and cannot refresh", async () => {
    const uid = await t.newUser('지도오래열기');
    const s = await createSession(t.app, uid);
    const issued = Date.now();
    await new Promise((r) => setTimeout(r, 2100 - (Date.now() - issued)));
    const cookie = { cookie: s.cookieHeader };
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: cookie })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/category/groups', headers: cookie })).statusCode).toBe(200);
    const pins = await t.app.inject({
      method: 'GET',
      url: '/api/v1/category/1/pins-proto',
      headers: { ...cookie, accept: 'application/json' },
    });
    expect(pins.statusCode).not.toBe(401);
  });

  it('refuses a forged or tampered access token', async () => {
    const uid = await t.newUser('위조시험');
    const s = await createSession(t.app, uid);
    const [body, sig] = s.accessToken.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forgedBody = Buffer.from(JSON.stringify({ ...payload, uid: uid + 1 })).toString('base64url');
    for (const token of [`${forgedBody}.${sig}`, 'garbage', `${body}.${sig.slice(0, -2)}AA`]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: `${ACCESS_COOKIE}=${token}` } });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.errClazz).toBe('access_token_invalid');
    }
  });

  it('rotates refresh tokens; a replayed one revokes the whole session', async () => {
    const uid = await t.newUser('회전시험');
    const s = await createSession(t.app, uid);
    const r1 = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { cookie: `${REFRESH_COOKIE}=${s.refreshToken}` },
    });
    expect(r1.statusCode).toBe(200);
    const second = cookiesOf(r1)[REFRESH_COOKIE]!;
    // Within the grace window a second use is a race between tabs: nothing revoked, no new refresh token (the winner's
    // answer brings it), and an access token of the same session, so the loser's retry needs no cookie from the winner.
    const raced = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { cookie: `${REFRESH_COOKIE}=${s.refreshToken}` },
    });
    expect(raced.statusCode).toBe(200);
    expect(Object.keys(cookiesOf(raced))).toEqual([ACCESS_COOKIE]);
    // Later it is a replay.
    await t.db.query(`update refresh_tokens set used_at = now() - make_interval(secs => $1) where used_at is not null`, [
      REFRESH_REUSE_GRACE_MS / 1000 + 5,
    ]);
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { cookie: `${REFRESH_COOKIE}=${s.refreshToken}` },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.errClazz).toBe('requires_login');
    // The family is gone: the newest refresh token and the newest access token are refused too.
    const next = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: { cookie: `${REFRESH_COOKIE}=${second}` } });
    expect(next.statusCode).toBe(401);
    const access = cookiesOf(r1)[ACCESS_COOKIE]!;
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: `${ACCESS_COOKIE}=${access}` } });
    expect(me.json().error?.errClazz).toBe('access_token_invalid');
  });

  it('two tabs refreshing with the same token at once keep the session alive', async () => {
    const uid = await t.newUser('두탭');
    const s = await createSession(t.app, uid);
    const both = await Promise.all(
      [0, 1].map(() => t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: { cookie: s.cookieHeader } })),
    );
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json().result.refreshed).sort()).toEqual([false, true]);
    const winner = both.find((r) => r.json().result.refreshed)!;
    // The tab that lost the race is signed in at once, with its own answer's access token: its retry may leave before
    // the winner's answer has set the new cookies (CI's restart journey was signed out so).
    const loser = both.find((r) => !r.json().result.refreshed)!;
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { cookie: `${ACCESS_COOKIE}=${cookiesOf(loser)[ACCESS_COOKIE]}` },
    });
    expect(me.json().result?.id).toBe(uid);
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { cookie: `${REFRESH_COOKIE}=${cookiesOf(winner)[REFRESH_COOKIE]}` },
    });
    expect(next.statusCode).toBe(200);
  });

  it('refresh without a cookie is requires_login', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.errClazz).toBe('requires_login');
  });

  it('refresh and logout accept an empty body labelled application/json', async () => {
    const uid = await t.newUser('빈본문');
    const s = await createSession(t.app, uid);
    const ref = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { cookie: s.cookieHeader, 'content-type': 'application/json' },
    });
    expect(ref.statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(out.statusCode).toBe(200);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.errClazz).toBe('bad_request');
  });

  it('logout revokes the session and clears cookies; a visitor may log out too', async () => {
    const uid = await t.newUser('로그아웃');
    const s = await createSession(t.app, uid);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie: s.cookieHeader } });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === ACCESS_COOKIE)?.value).toBe('');
    const { rows } = await t.db.query<{ revoked: boolean }>('select revoked_at is not null as revoked from sessions where user_id = $1', [
      uid,
    ]);
    expect(rows[0]!.revoked).toBe(true);
    const ref = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: { cookie: s.cookieHeader } });
    expect(ref.statusCode).toBe(401);
    const visitor = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout' });
    expect(visitor.statusCode).toBe(200);
  });
});

describe('stale cookies on a WebSocket upgrade', () => {
  let t: T;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it('are not refused (the relay needs no login and cannot refresh)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { cookie: `${ACCESS_COOKIE}=forged.token`, upgrade: 'websocket', connection: 'upgrade' },
    });
    expect(res.json().error?.errClazz).not.toBe('access_token_invalid');
  });
});

describe('old sessions', () => {
  let t: T;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it('are purged with their refresh tokens when a new session starts', async () => {
    const uid = await t.newUser('오래된이');
    const old = await createSession(t.app, uid);
    await t.db.query("update sessions set expires_at = now() - interval '2 days'");
    await t.db.query("update refresh_tokens set expires_at = now() - interval '2 days'");
    (t.app.auth as unknown as { lastPurge: number }).lastPurge = 0;
    await createSession(t.app, uid);
    const { rows } = await t.db.query<{ n: number }>('select count(*)::int as n from sessions where user_id = $1', [uid]);
    expect(rows[0]!.n).toBe(1);
    const ref = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: { cookie: old.cookieHeader } });
    expect(ref.statusCode).toBe(401);
  });

  it('log out everywhere revokes every session of the account, and only of it (issue 12 item 7)', async () => {
    const uid = await t.newUser('모두로그아웃');
    const phone = await createSession(t.app, uid);
    const pc = await createSession(t.app, uid);
    const other = await createSession(t.app, await t.newUser('남의계정'));
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout-all', headers: { cookie: pc.cookieHeader } });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ revoked: 2 });
    expect(cookiesOf(res)[ACCESS_COOKIE]).toBe('');
    for (const s of [phone, pc]) {
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: s.cookieHeader } });
      expect(me.json().error.errClazz).toBe('access_token_invalid');
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        headers: { cookie: `${REFRESH_COOKIE}=${s.refreshToken}` },
      });
      expect(refresh.json().error.errClazz).toBe('requires_login');
    }
    const still = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: other.cookieHeader } });
    expect(still.json().result.nickname).toBe('남의계정');
    const visitor = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout-all' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.errClazz).toBe('requires_login');
  });
});
