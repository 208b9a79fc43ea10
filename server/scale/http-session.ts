// A player talking to real server processes over HTTP (tests and benches of several processes): signs in with
// the built-in local provider and keeps the cookies, whichever process it then talks to.

/** Cookies of one signed-in player, ready for a `cookie` header. */
export interface HttpSession {
  cookie: string;
  accessToken: string;
}

function cookiesOf(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';', 1);
    const eq = pair!.indexOf('=');
    out[pair!.slice(0, eq)] = pair!.slice(eq + 1);
  }
  return out;
}

/**
 * Signs `email` in at `base` (the local provider's form, login, then register with `nickname`). `loginBase`, when
 * given, takes the login and register calls: the form on one process, the login on another.
 */
export async function signInOver(formBase: string, email: string, nickname: string, loginBase = formBase): Promise<HttpSession> {
  const base = loginBase;
  // The start route binds a fresh state to this client's cookie (as the login page does); the login must bring both.
  const started = await fetch(`${formBase}/api/v1/oauth/local/start`, { redirect: 'manual' });
  const state = new URL(started.headers.get('location') ?? '', 'http://x').searchParams.get('state');
  if (!state) throw new Error(`no state from the start route (${started.status})`);
  const stateCookie = Object.entries(cookiesOf(started))
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  const form = new URLSearchParams({ client_id: 'wuwa-map-local', redirect_uri: '/oauth/kakao?provider=local', state, email });
  const auth = await fetch(`${formBase}/oauth/local/authorize`, { method: 'POST', body: form, redirect: 'manual' });
  const code = new URL(auth.headers.get('location') ?? '', 'http://x').searchParams.get('code');
  if (!code) throw new Error(`no code from the local provider (${auth.status})`);
  const json = { 'content-type': 'application/json' };
  const login = await fetch(`${base}/api/v1/oauth/local/login`, {
    method: 'POST',
    headers: { ...json, cookie: stateCookie },
    body: JSON.stringify({ code, state }),
  });
  let jar = cookiesOf(login);
  const body = (await login.json()) as { result: { registered: boolean } | null };
  if (!body.result) throw new Error(`login failed: ${login.status} ${JSON.stringify(body)}`);
  if (!body.result.registered) {
    const pending = Object.entries(jar)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
    const reg = await fetch(`${base}/api/v1/oauth/local/register`, {
      method: 'POST',
      headers: { ...json, cookie: pending },
      body: JSON.stringify({ nickname }),
    });
    if (reg.status !== 200) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
    jar = cookiesOf(reg);
  }
  const accessToken = jar.wuwa_at ?? '';
  return { accessToken, cookie: `wuwa_at=${accessToken}; wuwa_rt=${jar.wuwa_rt ?? ''}` };
}

/** A JSON call with the session's cookies; returns the HTTP status and the envelope. */
export async function call(
  base: string,
  session: HttpSession | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: { status: number; error: unknown; result: unknown } }> {
  const headers: Record<string, string> = {};
  if (session) headers.cookie = session.cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as { status: number; error: unknown; result: unknown } };
}
