// The pages' one seam to the data layer and the client store: every page reads the session, the
// theme and the shell flags through these hooks, so the wiring to src/data and src/state lives here.
import { useCallback, useState } from 'react';
import type { Progress } from '../../common/progress';
import type { ThemePreference } from '../ui/theme';
import { setTheme, useStore } from '../state';
import type { Me } from '../data/types';
import { useLogout, useMe, useProgress } from '../data';

export { loadAllCategories, useAuthProviders, useSettings, type AuthProvider } from '../data';
export type { Counts } from '../../common/progress';

/** The signed-in user, or null for a visitor (undefined while the first answer is pending). */
export function useSessionUser(): Me | null | undefined {
  return useMe().data;
}

/** The theme preference (key 'theme', kept by the store) and its setter. */
export function useThemePreference(): [ThemePreference, (t: ThemePreference) => void] {
  const { theme } = useStore();
  return [theme, setTheme];
}

/** Logs out (server call, cache reset and the 'logged out' toast). */
export function useLogoutAction(): () => void {
  const { mutate } = useLogout();
  return useCallback(() => mutate(), [mutate]);
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

/** Progress (found/total) per category and per region, counted by the server over every pin. */
export function usePinCounts(): Progress | undefined {
  return useProgress().data;
}
