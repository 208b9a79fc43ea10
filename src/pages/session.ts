// The pages' one seam to the data layer and the client store: every page reads the session, the
// theme and the shell flags through these hooks, so the wiring to src/data and src/state lives here.
import { useCallback, useEffect, useState } from 'react';
import type { ThemePreference } from '../ui/theme';
import { setTheme, useStore } from '../state';
import type { Me } from '../data/types';

/** The signed-in user, or null for a visitor (undefined while the first answer is pending). */
export function useSessionUser(): Me | null | undefined {
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    fetch('/api/v1/me', { credentials: 'include' })
      .then((r) => r.json())
      .then((e: { result: Me | null }) => live && setMe(e.result ?? null))
      .catch(() => live && setMe(null));
    return () => {
      live = false;
    };
  }, []);
  return me;
}

/** The theme preference (key 'theme', kept by the store) and its setter. */
export function useThemePreference(): [ThemePreference, (t: ThemePreference) => void] {
  const { theme } = useStore();
  return [theme, setTheme];
}

/** Logs out (server call, cache reset and the 'logged out' toast). */
export function useLogoutAction(): () => void {
  return useCallback(() => {
    void fetch('/api/v1/auth/logout', { method: 'POST', credentials: 'include' }).then(() => location.assign('/'));
  }, []);
}

const NAV_KEY = 'navCollapsed';

/** Whether the side navigation is collapsed (streamers hide it). */
export function useNavCollapsed(): [boolean, (c: boolean) => void] {
  const [c, setC] = useState(() => localStorage.getItem(NAV_KEY) === '1');
  const set = useCallback((v: boolean) => {
    localStorage.setItem(NAV_KEY, v ? '1' : '0');
    setC(v);
  }, []);
  return [c, set];
}

/** A sign-in provider the server offers and where its sign-in starts. */
export interface AuthProvider {
  id: string;
  authorizeUrl: string;
}

/** Reads GET /api/v1/auth/providers in either of its plausible shapes: a list or a map by provider id. */
export function normalizeProviders(result: unknown): AuthProvider[] {
  const out: AuthProvider[] = [];
  const urlOf = (v: unknown): string | undefined => {
    if (typeof v === 'string') return v;
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      const u = o.authorizeUrl ?? o.url ?? o.href;
      return typeof u === 'string' ? u : undefined;
    }
    return undefined;
  };
  const list = Array.isArray(result) ? result : result && typeof result === 'object' ? (result as Record<string, unknown>).providers ?? result : [];
  if (Array.isArray(list)) {
    for (const p of list) {
      const o = (p ?? {}) as Record<string, unknown>;
      const id = o.id ?? o.provider ?? o.name;
      const url = urlOf(o);
      if (typeof id === 'string' && url) out.push({ id, authorizeUrl: url });
    }
  } else if (list && typeof list === 'object') {
    for (const [id, v] of Object.entries(list)) {
      const url = urlOf(v);
      if (url && (typeof v !== 'object' || (v as { enabled?: boolean }).enabled !== false)) out.push({ id, authorizeUrl: url });
    }
  }
  return out;
}

/** The sign-in providers the server offers (undefined while loading). */
export function useAuthProviders(): AuthProvider[] | undefined {
  const [providers, setProviders] = useState<AuthProvider[] | undefined>(undefined);
  useEffect(() => {
    let live = true;
    fetch('/api/v1/auth/providers', { credentials: 'include' })
      .then((r) => r.json())
      .then((e: { result: unknown }) => live && setProviders(normalizeProviders(e.result)))
      .catch(() => live && setProviders([]));
    return () => {
      live = false;
    };
  }, []);
  return providers;
}

const RETURN_KEY = 'loginReturnTo';
/** Remembers where to come back to after the provider's sign-in page. */
export function rememberReturnTo(path: string): void {
  sessionStorage.setItem(RETURN_KEY, path.startsWith('/login') ? '/' : path);
}
/** Where to go after signing in (and forgets it). */
export function takeReturnTo(): string {
  const p = sessionStorage.getItem(RETURN_KEY) ?? '/';
  sessionStorage.removeItem(RETURN_KEY);
  return p.startsWith('/') && !p.startsWith('//') ? p : '/';
}
