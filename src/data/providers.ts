// The server's list of sign-in providers (GET /api/v1/auth/providers), read through the API client.
import { useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { keys, paths } from './keys';

/** A sign-in provider the server offers and where its sign-in starts. */
export interface AuthProvider {
  id: string;
  authorizeUrl: string;
}

/**
 * Reads GET /api/v1/auth/providers: a map by provider id (null when not offered) or a list. Every
 * sign-in starts at the server (GET /api/v1/oauth/{id}/start), which binds a fresh OAuth `state` to
 * this browser before sending it on to the provider: a login link crafted elsewhere cannot sign us in.
 */
export function normalizeProviders(result: unknown): AuthProvider[] {
  const out: AuthProvider[] = [];
  const add = (id: unknown, v: unknown) => {
    if (typeof id !== 'string' || !/^[a-z]+$/.test(id) || !v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    if (typeof o.authorizeUrl !== 'string' || o.enabled === false) return;
    out.push({ id, authorizeUrl: paths.oauthStart(id) });
  };
  if (Array.isArray(result)) for (const p of result) add((p as Record<string, unknown>)?.id ?? (p as Record<string, unknown>)?.provider, p);
  else if (result && typeof result === 'object') for (const [id, v] of Object.entries(result)) add(id, v);
  return out;
}

/** The sign-in providers the server offers (undefined while loading; none when the server cannot say). */
export function useAuthProviders(): AuthProvider[] | undefined {
  const q = useQuery({
    queryKey: keys.providers,
    queryFn: () => api.get<unknown>(paths.providers, { suppressToast: true }),
    select: normalizeProviders,
    // The login page shows what it can at once rather than waiting out retries.
    retry: false,
  });
  return q.isError ? [] : q.data;
}
