import { ApiError, ErrClazz, Messages } from '../../http/errors';
import type { ResolvedProvider } from './providers';

/** The identity a provider vouches for. */
export interface ProviderIdentity {
  subject: string;
  email: string | null;
}

const TIMEOUT_MS = 10_000;
/** Korean messages of a failed provider exchange. */
export const oauthMessages = {
  rejected: '로그인에 실패했습니다. 다시 시도해 주세요.',
  unreachable: '로그인 서비스에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.',
} as const;

function unreachable(detail: string): ApiError {
  return new ApiError(502, ErrClazz.internal, oauthMessages.unreachable, detail);
}

async function call(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
  } catch (e) {
    throw unreachable(`provider unreachable: ${(e as Error).message}`);
  }
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: null };
  }
}

function readIdentity(shape: ResolvedProvider['shape'], body: unknown): ProviderIdentity | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  if (shape === 'kakao') {
    const id = b.id;
    if ((typeof id !== 'number' && typeof id !== 'string') || String(id) === '') return null;
    const account = b.kakao_account as Record<string, unknown> | undefined;
    const email = typeof account?.email === 'string' ? account.email : null;
    return { subject: String(id), email };
  }
  if (typeof b.sub !== 'string' || b.sub === '') return null;
  return { subject: b.sub, email: typeof b.email === 'string' ? b.email : null };
}

/**
 * Exchanges an authorization code at the provider's token URL (form-encoded, grant_type
 * authorization_code, client id/secret, redirect_uri) and reads its user info with the access token.
 * A refused code is a 400; a provider that cannot be reached or answers nonsense is a 502.
 */
export async function exchangeCode(provider: ResolvedProvider, code: string): Promise<ProviderIdentity> {
  const c = provider.config;
  const form = new URLSearchParams({ grant_type: 'authorization_code', client_id: c.clientId, redirect_uri: c.redirectUri, code });
  if (c.clientSecret) form.set('client_secret', c.clientSecret);
  const token = await call(c.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
    body: form.toString(),
  });
  if (token.status >= 500) throw unreachable(`token endpoint answered ${token.status}`);
  // A provider that limits us is said as a limit (429), not as a refused code.
  if (token.status === 429)
    throw new ApiError(429, ErrClazz.rateLimited, Messages.rateLimited, `${provider.name} token endpoint answered 429`);
  const accessToken = (token.body as { access_token?: unknown } | null)?.access_token;
  if (token.status !== 200 || typeof accessToken !== 'string') {
    throw ApiError.badRequest(oauthMessages.rejected, `${provider.name} refused the code (${token.status})`);
  }
  const info = await call(c.userinfoUrl, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } });
  const identity = info.status === 200 ? readIdentity(provider.shape, info.body) : null;
  if (!identity) throw unreachable(`${provider.name} user info answered ${info.status} without an identity`);
  return identity;
}
