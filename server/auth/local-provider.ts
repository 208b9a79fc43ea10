import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHmac } from 'node:crypto';
import { LocalGrants } from './local-grants';
import { signInRateLimit } from '../security/plugin';
import { rateLimitsFromEnv } from '../security/limits';
import './types';

/** The local provider's client id (public) and where the client's callback page lives. */
export const LOCAL_CLIENT_ID = 'wuwa-map-local';
export const LOCAL_AUTHORIZE_PATH = '/oauth/local/authorize';
/** The sign-in page's theme script (under /oauth/local, which the dev server passes to the API too). */
const LOCAL_THEME_SCRIPT_PATH = '/oauth/local/theme.js';
/** Same callback page as Kakao; `provider=local` tells it which login call to post the code to. */
export const LOCAL_REDIRECT_URI = '/oauth/kakao?provider=local';

const EMAIL = /^[^\s@<>"']{1,64}@[^\s@<>"']{1,189}$/;

/** The local client's secret: derived from the session secret, only our own server ever sends it. */
export function localClientSecret(app: FastifyInstance): string {
  return createHmac('sha256', app.auth.secret).update('local-oauth-client').digest('base64url');
}

/**
 * Redirect targets allowed: exactly our callback page, relative or under the public URL. No prefix
 * matching: browsers drop tabs and newlines from URLs, so `/\t/evil.example` becomes `//evil.example`.
 */
function allowedRedirect(app: FastifyInstance, uri: string): boolean {
  return uri === LOCAL_REDIRECT_URI || uri === `${app.config.publicUrl}${LOCAL_REDIRECT_URI}`;
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// The card follows the app's theme: the app keeps its choice under localStorage 'theme' on this same
// origin, and the script below (a file: the CSP allows no inline script) puts it on <html data-theme>;
// with no choice stored, the system's preference decides, as in the app.
const THEME_SCRIPT = `try{var t=localStorage.getItem('theme');if(t==='light'||t==='dark')document.documentElement.dataset.theme=t}catch(e){}`;
const DARK = '--bg:#15171c;--card:#1f232b;--text:#e8e8ea;--muted:#a9adb6;--field:#111318;--line:#3a404c;--err:#ff8a80';
const LIGHT = '--bg:#f3f4f7;--card:#ffffff;--text:#1b1e24;--muted:#5b606b;--field:#ffffff;--line:#c9cdd6;--err:#b3261e';
const STYLE = `:root{color-scheme:dark;${DARK}}
@media (prefers-color-scheme:light){:root:not([data-theme=dark]){color-scheme:light;${LIGHT}}}
:root[data-theme=light]{color-scheme:light;${LIGHT}}
*,*::before,*::after{box-sizing:border-box}
body{font-family:system-ui,sans-serif;word-break:keep-all;background:var(--bg);color:var(--text);display:grid;place-items:center;min-height:100vh;margin:0;padding:1rem}
main{background:var(--card);padding:clamp(1.25rem,5vw,2rem);border-radius:12px;width:min(22rem,100%);border:1px solid var(--line)}h1{font-size:1.25rem;margin:0 0 .5rem}
p{color:var(--muted);font-size:.9rem}label{display:block;margin:1rem 0 .25rem}input{width:100%;padding:.6rem;border-radius:6px;border:1px solid var(--line);background:var(--field);color:inherit;font-size:1rem}
button{margin-top:1rem;width:100%;padding:.7rem;border:0;border-radius:6px;background:#d9b35f;color:#15171c;font-weight:700;cursor:pointer;font-size:1rem}.err{color:var(--err)}`;

function page(reply: FastifyReply, status: number, body: string) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(`<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>로컬 로그인</title><link rel="icon" type="image/svg+xml" href="/favicon.svg"><script src="${LOCAL_THEME_SCRIPT_PATH}"></script>
<style>${STYLE}</style>
</head><body><main>${body}</main></body></html>`);
}

function form(q: { client_id: string; redirect_uri: string; state: string }, error = '', email = ''): string {
  return `<h1>로컬 로그인</h1><p>이 서버에서만 쓰는 간편 로그인입니다. 비밀번호 없이 이메일로 계정을 구분합니다.</p>
<form method="post" action="/oauth/local/authorize">
<input type="hidden" name="client_id" value="${esc(q.client_id)}"><input type="hidden" name="redirect_uri" value="${esc(q.redirect_uri)}"><input type="hidden" name="state" value="${esc(q.state)}">
<label for="email">이메일</label><input id="email" name="email" type="email" required maxlength="254" autocomplete="email" value="${esc(email)}" autofocus>
${error ? `<p class="err" role="alert">${esc(error)}</p>` : ''}<button type="submit">로그인</button></form>`;
}

type AuthorizeQuery = { client_id?: string; redirect_uri?: string; state?: string; email?: string };

/**
 * The built-in OAuth provider (LOCAL_LOGIN=1): GET/POST /oauth/local/authorize (a Korean page where a
 * person types an e-mail, then a redirect to redirect_uri?code&state), POST /oauth/local/token
 * (form-encoded code → access token), GET /oauth/local/userinfo (Kakao's shape). Top level, not /api.
 */
export async function registerLocalProvider(root: FastifyInstance): Promise<void> {
  const provider = new LocalGrants(root.db);
  const limits = rateLimitsFromEnv();
  await root.register(async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    const check = (q: AuthorizeQuery): string | null => {
      if (q.client_id !== LOCAL_CLIENT_ID) return '알 수 없는 client_id 입니다.';
      if (!q.redirect_uri || !allowedRedirect(root, q.redirect_uri)) return '허용되지 않은 redirect_uri 입니다.';
      if ((q.state ?? '').length > 512) return 'state 값이 너무 깁니다.';
      return null;
    };

    app.get<{ Querystring: AuthorizeQuery }>(
      LOCAL_AUTHORIZE_PATH,
      { config: signInRateLimit(limits, 'signIn') },
      async (request, reply) => {
        const q = request.query;
        const bad = check(q);
        if (bad) return page(reply, 400, `<h1>로그인할 수 없습니다</h1><p class="err">${esc(bad)}</p>`);
        return page(reply, 200, form({ client_id: q.client_id!, redirect_uri: q.redirect_uri!, state: q.state ?? '' }));
      },
    );

    app.get(LOCAL_THEME_SCRIPT_PATH, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(THEME_SCRIPT),
    );

    app.post<{ Body: AuthorizeQuery }>(LOCAL_AUTHORIZE_PATH, { config: signInRateLimit(limits, 'signIn') }, async (request, reply) => {
      const b = request.body ?? {};
      const bad = check(b);
      if (bad) return page(reply, 400, `<h1>로그인할 수 없습니다</h1><p class="err">${esc(bad)}</p>`);
      // A form posted from another site would sign its victim into the attacker's account (login CSRF).
      const origin = request.headers.origin;
      // `Origin: null` comes from sandboxed frames and file:// pages: not ours.
      if (origin !== undefined && origin !== `${request.protocol}://${request.host}` && origin !== new URL(root.config.publicUrl).origin) {
        return page(reply, 403, '<h1>로그인할 수 없습니다</h1><p class="err">다른 사이트에서 보낸 요청은 처리할 수 없습니다.</p>');
      }
      const q = { client_id: b.client_id!, redirect_uri: b.redirect_uri!, state: b.state ?? '' };
      const email = (b.email ?? '').trim().toLowerCase();
      if (!EMAIL.test(email) || email.length > 254) return page(reply, 400, form(q, '올바른 이메일 주소를 입력해 주세요.', b.email ?? ''));
      const code = await provider.issueCode(email, q.redirect_uri);
      const target = new URL(q.redirect_uri, 'http://relative.invalid');
      target.searchParams.set('code', code);
      if (q.state) target.searchParams.set('state', q.state);
      const location = target.origin === 'http://relative.invalid' ? target.pathname + target.search : target.href;
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    });

    // Our own server calls the token endpoint for every player's sign-in, from its own address: counting those would
    // make one budget for the whole server. Only calls without our secret (guesses) count, per address; players are
    // counted per address at the form and at /api/v1/oauth/local/login.
    const signIn = signInRateLimit(limits, 'signIn');
    const tokenLimit = {
      rateLimit: {
        ...signIn.rateLimit,
        hook: 'preValidation' as const,
        allowList: (r: FastifyRequest) => (r.body as { client_secret?: unknown } | undefined)?.client_secret === localClientSecret(root),
      },
    };
    app.post<{ Body: Record<string, string | undefined> }>('/oauth/local/token', { config: tokenLimit }, async (request, reply) => {
      const b = request.body ?? {};
      reply.header('cache-control', 'no-store');
      if (b.grant_type !== 'authorization_code') return reply.status(400).send({ error: 'unsupported_grant_type' });
      if (b.client_id !== LOCAL_CLIENT_ID || b.client_secret !== localClientSecret(root))
        return reply.status(401).send({ error: 'invalid_client' });
      const token = await provider.exchange(b.code ?? '', b.redirect_uri ?? '');
      if (!token) return reply.status(400).send({ error: 'invalid_grant' });
      return { access_token: token, token_type: 'bearer', expires_in: 600 };
    });

    app.get('/oauth/local/userinfo', async (request, reply) => {
      const auth = request.headers.authorization ?? '';
      const email = auth.startsWith('Bearer ') ? await provider.emailOf(auth.slice(7)) : null;
      if (!email) return reply.status(401).send({ msg: 'this access token does not exist', code: -401 });
      return { id: LocalGrants.idOf(email), kakao_account: { email, has_email: true, is_email_valid: true, is_email_verified: true } };
    });
  });
}
