// Reading the server's list of sign-in providers (GET /api/v1/auth/providers).

/** A sign-in provider the server offers and where its sign-in starts. */
export interface AuthProvider {
  id: string;
  authorizeUrl: string;
}

/** Reads GET /api/v1/auth/providers: a map by provider id (null when not offered) or a list. */
export function normalizeProviders(result: unknown, origin = ''): AuthProvider[] {
  const out: AuthProvider[] = [];
  const add = (id: unknown, v: unknown) => {
    if (typeof id !== 'string' || !v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    if (typeof o.authorizeUrl !== 'string' || o.enabled === false) return;
    out.push({ id, authorizeUrl: authorizeHref(id, o.authorizeUrl, o.clientId, o.redirectUri, origin) });
  };
  if (Array.isArray(result)) for (const p of result) add((p as Record<string, unknown>)?.id ?? (p as Record<string, unknown>)?.provider, p);
  else if (result && typeof result === 'object') for (const [id, v] of Object.entries(result)) add(id, v);
  return out;
}

// The authorization-code request: client id, the redirect URI exactly as configured (the token
// exchange compares it byte for byte), and Google's scopes (SPEC §7).
function authorizeHref(id: string, base: string, clientId: unknown, redirectUri: unknown, origin: string): string {
  const url = new URL(base, origin || 'http://localhost');
  if (typeof clientId === 'string' && clientId && !url.searchParams.has('client_id')) url.searchParams.set('client_id', clientId);
  if (typeof redirectUri === 'string' && redirectUri && !url.searchParams.has('redirect_uri')) url.searchParams.set('redirect_uri', redirectUri);
  if (!url.searchParams.has('response_type')) url.searchParams.set('response_type', 'code');
  if (id === 'google' && !url.searchParams.has('scope')) url.searchParams.set('scope', 'openid profile email');
  // Same-origin pages keep a relative address; providers elsewhere get the absolute one.
  return base.startsWith('/') ? `${url.pathname}${url.search}` : url.href;
}

