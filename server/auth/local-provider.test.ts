// Sign-in through the built-in local provider on a server listening on a real port, as a browser does it:
// the e-mail form, login and register, what the provider refuses, its rate limit, and ADMIN_EMAILS at sign-in.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../test-helper';
import { ACCESS_COOKIE, PENDING_COOKIE } from './cookies';
import { STATE_COOKIE } from './oauth/state';

type T = Awaited<ReturnType<typeof testApp>>;

/** The cookies a response sets, by name. */
const setCookies = (res: Response) =>
  Object.fromEntries(res.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=') as [string, string]));

/** A server with the local provider on, listening on a free port; `env` is set while it starts, then restored. */
async function localServer(env: Record<string, string> = {}): Promise<{ t: T; base: string }> {
  const saved = Object.keys(env).map((k) => [k, process.env[k]] as const);
  Object.assign(process.env, env);
  let t: T;
  try {
    t = await testApp({ localLogin: true });
  } finally {
    for (const [k, v] of saved) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
  return { t, base: await t.app.listen({ port: 0, host: '127.0.0.1' }) };
}

describe('local sign-in over real HTTP', () => {
  let t: T;
  let base: string;
  beforeAll(async () => {
    ({ t, base } = await localServer());
  });
  afterAll(() => t.close());

  it('start → authorize page → e-mail → code → login → register → signed in; second time straight in', async () => {
    const providers = (await (await fetch(`${base}/api/v1/auth/providers`)).json()).result.local;
    expect(providers.authorizeUrl).toBe('/oauth/local/authorize');

    const signIn = async (email: string) => {
      const started = await fetch(`${base}/api/v1/oauth/local/start`, { redirect: 'manual' });
      expect(started.status).toBe(302);
      const stateCookie = `${STATE_COOKIE}=${setCookies(started)[STATE_COOKIE]}`;
      const authorize = new URL(started.headers.get('location')!, base);
      expect(authorize.pathname).toBe(providers.authorizeUrl);
      expect(authorize.searchParams.get('redirect_uri')).toBe(providers.redirectUri);
      const state = authorize.searchParams.get('state')!;
      const page = await fetch(authorize);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
      const html = await page.text();
      expect(html).toContain('이메일');
      expect(html).toContain(`value="${state}"`);
      // The app's icon, from the client's public files (the browser would ask for a missing /favicon.ico otherwise).
      const icon = /<link rel="icon"[^>]* href="\/([^"]+)"/.exec(html)?.[1];
      expect(existsSync(new URL(`../../public/${icon}`, import.meta.url))).toBe(true);
      const form = new URLSearchParams({ client_id: providers.clientId, redirect_uri: providers.redirectUri, state, email });
      const res = await fetch(`${base}/oauth/local/authorize`, {
        method: 'POST',
        body: form,
        redirect: 'manual',
        headers: { origin: base },
      });
      expect(res.status).toBe(302);
      const loc = new URL(res.headers.get('location')!, base);
      expect(loc.pathname).toBe('/oauth/kakao');
      expect(loc.searchParams.get('provider')).toBe('local');
      expect(loc.searchParams.get('state')).toBe(state);
      return fetch(`${base}/api/v1/oauth/local/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, cookie: stateCookie },
        body: JSON.stringify({ code: loc.searchParams.get('code'), state }),
      });
    };

    const login = await signIn('Local.User@Example.com');
    expect((await login.json()).result).toEqual({ registered: false, email: 'local.user@example.com' });
    const pending = setCookies(login)[PENDING_COOKIE];
    const reg = await fetch(`${base}/api/v1/oauth/local/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `${PENDING_COOKIE}=${pending}` },
      body: JSON.stringify({ nickname: '로컬유저' }),
    });
    const regBody = await reg.json();
    expect(regBody.result.me).toMatchObject({ nickname: '로컬유저', email: 'local.user@example.com' });
    const access = setCookies(reg)[ACCESS_COOKIE];
    const me = await (await fetch(`${base}/api/v1/me`, { headers: { cookie: `${ACCESS_COOKIE}=${access}` } })).json();
    expect(me.result.nickname).toBe('로컬유저');

    const second = await signIn('local.user@example.com');
    expect((await second.json()).result).toMatchObject({ registered: true, me: { id: regBody.result.me.id } });
  });

  // Issue 25 item 8: the card follows the app's theme through a script file the CSP allows (no inline script).
  it('the sign-in page loads its theme script from this origin, and the script reads the stored choice', async () => {
    const page = await (
      await fetch(
        `${base}/oauth/local/authorize?client_id=wuwa-map-local&redirect_uri=${encodeURIComponent('/oauth/kakao?provider=local')}`,
      )
    ).text();
    expect(page).toContain('<script src="/oauth/local/theme.js"></script>');
    expect(page).not.toMatch(/<script>/);
    expect(page).toContain(':root[data-theme=light]');
    const script = await fetch(`${base}/oauth/local/theme.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain("localStorage.getItem('theme')");
  });

  it('the local provider refuses foreign redirect URIs, bad e-mails and cross-site forms', async () => {
    const bad = await fetch(
      `${base}/oauth/local/authorize?client_id=wuwa-map-local&redirect_uri=${encodeURIComponent('https://evil.example/cb')}`,
    );
    expect(bad.status).toBe(400);
    const slashes = await fetch(
      `${base}/oauth/local/authorize?client_id=wuwa-map-local&redirect_uri=${encodeURIComponent('//evil.example/cb')}`,
    );
    expect(slashes.status).toBe(400);
    const form = new URLSearchParams({ client_id: 'wuwa-map-local', redirect_uri: '/oauth/kakao?provider=local', email: 'not-an-email' });
    const badEmail = await fetch(`${base}/oauth/local/authorize`, { method: 'POST', body: form, redirect: 'manual' });
    expect(badEmail.status).toBe(400);
    expect(await badEmail.text()).toContain('올바른 이메일');
    form.set('email', 'a@b.c');
    const cross = await fetch(`${base}/oauth/local/authorize`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
      headers: { origin: 'https://evil.example' },
    });
    expect(cross.status).toBe(403);
    // A sandboxed or file:// page sends Origin: null — not ours either (issue 12 item 4).
    const nullOrigin = await fetch(`${base}/oauth/local/authorize`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
      headers: { origin: 'null' },
    });
    expect(nullOrigin.status).toBe(403);
    // Redirect URIs match exactly: a tab after the slash made the browser go to http://evil.example/.
    for (const uri of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/oauth/kakao?provider=local&x=1',
      '/oauth/kakao',
      `${base}/oauth/kakao?provider=local`,
    ]) {
      const get = await fetch(`${base}/oauth/local/authorize?client_id=wuwa-map-local&redirect_uri=${encodeURIComponent(uri)}`);
      expect(get.status, uri).toBe(400);
      const post = await fetch(`${base}/oauth/local/authorize`, {
        method: 'POST',
        body: new URLSearchParams({ client_id: 'wuwa-map-local', redirect_uri: uri, email: 'a@b.c' }),
        redirect: 'manual',
      });
      expect(post.status, uri).toBe(400);
    }
    const token = await fetch(`${base}/oauth/local/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'x', client_id: 'wuwa-map-local', client_secret: 'guess' }),
    });
    expect(token.status).toBe(401);
  });
});

describe('the local provider is rate-limited per IP (issue 12 item 4)', () => {
  let t: T;
  let base: string;
  beforeAll(async () => {
    ({ t, base } = await localServer({ RATE_LIMIT_SIGNIN: '5' }));
  });
  afterAll(() => t.close());

  it('the form and the token endpoint answer 429 past RATE_LIMIT_SIGNIN, X-Forwarded-For or not', async () => {
    for (const path of ['/oauth/local/authorize', '/oauth/local/token']) {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await fetch(`${base}${path}`, {
          method: 'POST',
          body: new URLSearchParams({
            client_id: 'wuwa-map-local',
            redirect_uri: '/oauth/kakao?provider=local',
            email: `p${i}@example.com`,
            grant_type: 'authorization_code',
          }),
          redirect: 'manual',
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
        });
        statuses.push(res.status);
      }
      expect(statuses.filter((s) => s === 429).length, path).toBe(2);
    }
  });
});

describe('the local sign-in budget is per address, not per server (issue 23 item 9)', () => {
  let t: T;
  let base: string;
  beforeAll(async () => {
    // Behind one proxy hop, as deployed: each player's address comes in X-Forwarded-For.
    ({ t, base } = await localServer({ RATE_LIMIT_SIGNIN: '3', TRUST_PROXY: '1' }));
  });
  afterAll(() => t.close());

  /** One whole sign-in from `ip`: start, the e-mail form, login; the login's answer (or the first refusal). */
  async function signInFrom(ip: string, email: string): Promise<Response> {
    const headers = { 'x-forwarded-for': ip };
    const started = await fetch(`${base}/api/v1/oauth/local/start`, { redirect: 'manual', headers });
    if (started.status !== 302) return started;
    const stateCookie = `${STATE_COOKIE}=${setCookies(started)[STATE_COOKIE]}`;
    const state = new URL(started.headers.get('location')!, base).searchParams.get('state')!;
    const form = new URLSearchParams({ client_id: 'wuwa-map-local', redirect_uri: '/oauth/kakao?provider=local', state, email });
    const authorized = await fetch(`${base}/oauth/local/authorize`, { method: 'POST', body: form, redirect: 'manual', headers });
    if (authorized.status !== 302) return authorized;
    const code = new URL(authorized.headers.get('location')!, base).searchParams.get('code');
    return fetch(`${base}/api/v1/oauth/local/login`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', cookie: stateCookie },
      body: JSON.stringify({ code, state }),
    });
  }

  it('players at different addresses each get the whole budget; past it the answer is a Korean 429', async () => {
    // Five players at five addresses: more sign-ins than one address's budget, all of them accepted.
    for (let i = 0; i < 5; i++) {
      const r = await signInFrom(`198.51.100.${i + 1}`, `budget${i}@example.com`);
      expect(r.status, `player ${i}`).toBe(200);
      expect((await r.json()).result).toMatchObject({ registered: false, email: `budget${i}@example.com` });
    }
    // One address past its budget: a 429 that says so in Korean, not a 400 "로그인에 실패했습니다".
    const answers: Response[] = [];
    for (let i = 0; i < 3; i++) answers.push(await signInFrom('198.51.100.1', `again${i}@example.com`));
    expect(answers.slice(0, 2).map((r) => r.status)).toEqual([200, 200]);
    expect(answers[2]!.status).toBe(429);
    expect((await answers[2]!.json()).error).toMatchObject({
      errClazz: 'rate_limited',
      messageTranslated: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
    });
  });
});

describe('ADMIN_EMAILS', () => {
  let t: T;
  let base: string;
  beforeAll(async () => {
    ({ t, base } = await localServer({ ADMIN_EMAILS: ' Boss@Example.com ,second@example.com' }));
  });
  afterAll(() => t.close());

  /** Signs in through the local provider (registering the first time); the signed-in account's role and access cookie. */
  async function signIn(email: string): Promise<{ role: string; cookie: string }> {
    const started = await fetch(`${base}/api/v1/oauth/local/start`, { redirect: 'manual' });
    const stateCookie = `${STATE_COOKIE}=${setCookies(started)[STATE_COOKIE]}`;
    const state = new URL(started.headers.get('location')!, base).searchParams.get('state')!;
    const form = new URLSearchParams({ client_id: 'wuwa-map-local', redirect_uri: '/oauth/kakao?provider=local', state, email });
    const code = new URL(
      (
        await fetch(`${base}/oauth/local/authorize`, { method: 'POST', body: form, redirect: 'manual', headers: { origin: base } })
      ).headers.get('location')!,
      base,
    ).searchParams.get('code');
    let res = await fetch(`${base}/api/v1/oauth/local/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie: stateCookie },
      body: JSON.stringify({ code, state }),
    });
    let body = await res.json();
    if (body.result.registered === false) {
      res = await fetch(`${base}/api/v1/oauth/local/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `${PENDING_COOKIE}=${setCookies(res)[PENDING_COOKIE]}` },
        body: JSON.stringify({ nickname: `n${Math.floor(Math.random() * 1e6)}` }),
      });
      body = await res.json();
    }
    return { role: body.result.me.role, cookie: `${ACCESS_COOKIE}=${setCookies(res)[ACCESS_COOKIE]}` };
  }

  it('makes an account in the list an admin at sign-in (any case, trimmed), and no other', async () => {
    expect(t.config.adminEmails).toEqual(['boss@example.com', 'second@example.com']);
    const boss = await signIn('boss@example.com');
    expect(boss.role).toBe('admin');
    const player = await signIn('player@example.com');
    expect(player.role).toBe('user');
    const asAdmin = await fetch(`${base}/api/v1/moderation/audit`, { headers: { cookie: boss.cookie } });
    expect(asAdmin.status).toBe(200);
    expect((await fetch(`${base}/api/v1/moderation/audit`, { headers: { cookie: player.cookie } })).status).toBe(403);
    // An account added to the list later becomes admin at its next sign-in.
    t.app.config.adminEmails = [...t.app.config.adminEmails, 'player@example.com'];
    expect((await signIn('Player@Example.com')).role).toBe('admin');
  });
});
