import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { testApp } from '../test-helper';
import { loadConfig } from '../config';
import { cspDirectives } from './csp';
import { trustProxyFromEnv } from './proxy';

type T = Awaited<ReturnType<typeof testApp>>;

describe('protection', () => {
  let t: T;
  beforeAll(async () => {
    t = await testApp({ publicUrl: 'https://map.example', serveClient: true });
  });
  afterAll(() => t.close());

  it('state-changing API calls from another origin are refused; same origin, public origin and no Origin pass', async () => {
    const logout = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers });
    const evil = await logout({ origin: 'https://evil.example' });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().error).toMatchObject({ errClazz: 'forbidden' });
    expect(evil.json().error.messageTranslated).toMatch(/다른 사이트/);
    expect((await logout({ origin: 'null' })).statusCode).toBe(403);
    expect((await logout({ origin: 'https://map.example.evil.example' })).statusCode).toBe(403);
    expect((await logout({ origin: 'https://map.example' })).statusCode).toBe(200);
    expect((await logout({ origin: 'http://localhost:5173', host: 'localhost:5173' })).statusCode).toBe(200);
    expect((await logout({})).statusCode).toBe(200);
    // Reads are not state-changing.
    const read = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { origin: 'https://evil.example' } });
    expect(read.statusCode).toBe(200);
  });

  it('every response carries the security headers and the CSP, HTML pages included', async () => {
    const urls = ['/', '/api/v1/me'];
    if (existsSync('dist/index.html')) urls.push('/index.html');
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("worker-src 'self' blob:");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain("connect-src 'self' ws: wss:");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
      // Issue 12 item 7: features the map never uses are off.
      expect(res.headers['permissions-policy']).toContain('camera=()');
      expect(res.headers['permissions-policy']).toContain('geolocation=()');
      expect(res.headers['permissions-policy']).toContain('fullscreen=(self)');
    }
  });

  it('the stream overlay may be framed by its own setup page (same origin), and nothing else may', async () => {
    for (const url of ['/overlay', '/overlay?code=ABCD1234&bg=chroma']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).not.toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    for (const url of ['/overlay/setup', '/overlayx', '/']) {
      expect(String((await t.app.inject({ method: 'GET', url })).headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    }
  });

  it('a third-party image host is allowed to connect and show images', () => {
    const csp = cspDirectives(loadConfig({ IMAGE_HOST_URL: 'https://api.imgur.example/3/image' }));
    expect(csp['connect-src']).toContain('https://api.imgur.example');
    expect(csp['img-src']).toContain('https://api.imgur.example');
    expect(cspDirectives(loadConfig({}))['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('session cookies are HttpOnly, SameSite=Lax and Secure behind an https public URL', async () => {
    const cookie = await t.cookie(await t.newUser('보안'));
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: { cookie } });
    expect(res.cookies.map((c) => c.name).sort()).toEqual(['wuwa_at', 'wuwa_rt']);
    for (const c of res.cookies) expect(c).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true });
    expect(res.cookies.find((c) => c.name === 'wuwa_rt')!.path).toBe('/api/v1/auth');
  });

  it('bodies over 1 MiB are refused with too_large', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      payload: JSON.stringify({ nickname: 'x'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.errClazz).toBe('too_large');
  });
});

describe('rate limits', () => {
  let t: T;
  beforeAll(async () => {
    process.env.RATE_LIMIT_WRITES = '3';
    process.env.RATE_LIMIT_SIGNIN = '2';
    t = await testApp();
  });
  afterEach(() => {
    delete process.env.RATE_LIMIT_WRITES;
    delete process.env.RATE_LIMIT_SIGNIN;
  });
  afterAll(() => t.close());

  it('limits writes per user, not reads', async () => {
    const cookieHeader = await t.cookie(await t.newUser('바쁜이'));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await t.app.inject({ method: 'PATCH', url: '/api/v1/me', payload: { nickname: `바쁜이${i}` }, headers: { cookie: cookieHeader } }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      payload: { nickname: '바쁜이' },
      headers: { cookie: cookieHeader },
    });
    expect(limited.json().error.errClazz).toBe('rate_limited');
    expect(limited.json().error.messageTranslated).toMatch(/[가-힣]/);
    // Another user has a budget of their own; reads are never limited.
    const other = await t.cookie(await t.newUser('한가한이'));
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/api/v1/me', payload: { nickname: '한가한이2' }, headers: { cookie: other } }))
        .statusCode,
    ).toBe(200);
    for (let i = 0; i < 10; i++)
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: cookieHeader } })).statusCode).toBe(200);
  });

  it('sends no HSTS over plain http (it would pin localhost to https)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/' })).headers['strict-transport-security']).toBeUndefined();
  });

  it('a rotating X-Forwarded-For does not buy more sign-ins: no proxy is trusted by default (issue 12 item 2)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/v1/oauth/google/login',
            payload: { code: 'c' },
            remoteAddress: '198.51.100.7',
            headers: { 'x-forwarded-for': `203.0.113.${i}`, 'x-forwarded-host': 'evil.example' },
          })
        ).statusCode,
      );
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    // X-Forwarded-Host does not change which origin a write may come from.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(forged.statusCode).toBe(403);
  });

  it('limits sign-in attempts per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await t.app.inject({ method: 'POST', url: '/api/v1/oauth/kakao/login', payload: { code: 'c' } })).statusCode);
    expect(statuses.slice(0, 2)).not.toContain(429);
    expect(statuses[2]).toBe(429);
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless set; a hop count or an address list otherwise; true is refused', () => {
    expect(trustProxyFromEnv(undefined)).toBe(false);
    expect(trustProxyFromEnv('')).toBe(false);
    expect(trustProxyFromEnv('0')).toBe(false);
    expect(trustProxyFromEnv('127.0.0.1, 10.0.0.0/8')).toEqual(['127.0.0.1', '10.0.0.0/8']);
    const hops = trustProxyFromEnv('1') as (a: string, i: number) => boolean;
    expect([hops('x', 0), hops('x', 1)]).toEqual([true, false]);
    expect(() => trustProxyFromEnv('true')).toThrow(/hop count/);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('behind a trusted proxy the client address comes from X-Forwarded-For', async () => {
    process.env.RATE_LIMIT_SIGNIN = '2';
    const t = await testApp({ trustProxy: ['127.0.0.1'] });
    delete process.env.RATE_LIMIT_SIGNIN;
    try {
      const send = (xff: string, remoteAddress: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/oauth/google/login',
          payload: { code: 'c' },
          remoteAddress,
          headers: { 'x-forwarded-for': xff },
        });
      // Each player behind our proxy has a budget of their own…
      for (let i = 0; i < 4; i++) expect((await send(`203.0.113.${i}`, '127.0.0.1')).statusCode).not.toBe(429);
      // …and a client that is not our proxy cannot choose its address.
      const direct = [];
      for (let i = 0; i < 3; i++) direct.push((await send(`203.0.113.${50 + i}`, '198.51.100.9')).statusCode);
      expect(direct[2]).toBe(429);
    } finally {
      await t.close();
    }
  });
});
