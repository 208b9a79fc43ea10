// The pages' one seam to the data layer and the client store: every page reads the session, the
// theme and the shell flags through these hooks, so the wiring to src/data and src/state lives here.
import { useCallback, useEffect, useState } from 'react';
import type { Progress } from '../../common/progress';
import type { ThemePreference } from '../ui/theme';
import { setTheme, useStore } from '../state';
import type { Me } from '../data/types';
import { useLogout, useMe, useProgress } from '../data';
import { normalizeProviders, type AuthProvider } from './login/providers';
import { DEFAULT_SETTINGS, fetchCategory, localDb, readSettings, saveSettings, type CategoryGroup, type Settings } from '../data';
import { getPinsWorker } from '../../workers/pins/client';
import { setHideChecked, setLoadedCategory, setPinSize, store } from '../state';

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

let settingsCache: Settings | null = null;
const settingsListeners = new Set<() => void>();
let settingsLoading: Promise<void> | null = null;
function loadSettings(): void {
  settingsLoading ??= readSettings()
    .then((s) => {
      settingsCache = s ?? DEFAULT_SETTINGS;
    })
    .catch(() => {
      settingsCache = DEFAULT_SETTINGS;
    })
    .finally(() => settingsListeners.forEach((l) => l()));
}

/** The local settings (SPEC §3) and a setter that saves them and applies them to the map. */
export function useSettings(): [Settings, (change: Partial<Omit<Settings, 'fixedKey'>>) => void] {
  const [, force] = useState(0);
  useEffect(() => {
    const l = () => force((n) => n + 1);
    settingsListeners.add(l);
    loadSettings();
    return () => {
      settingsListeners.delete(l);
    };
  }, []);
  const update = useCallback((change: Partial<Omit<Settings, 'fixedKey'>>) => {
    settingsCache = { ...(settingsCache ?? DEFAULT_SETTINGS), ...change };
    if (change.hideChecked !== undefined) setHideChecked(change.hideChecked);
    if (change.pinSize !== undefined) setPinSize(change.pinSize);
    settingsListeners.forEach((l) => l());
    void saveSettings(change).catch(() => {});
  }, []);
  return [settingsCache ?? DEFAULT_SETTINGS, update];
}

export type { Counts } from '../../common/progress';

/** Progress (found/total) per category and per region, counted by the server over every pin. */
export function usePinCounts(): Progress | undefined {
  return useProgress().data;
}

const loadingAll = new Set<number>();
/**
 * Loads every category into the pins worker without showing it on the map (search and progress
 * cover all regions and categories): from the local cache when current, else from the network.
 */
export async function loadAllCategories(groups: readonly CategoryGroup[]): Promise<void> {
  const worker = getPinsWorker();
  const db = localDb();
  const todo = groups.flatMap((g) => g.categories).filter((c) => !store.pins.categories[c.id] && !loadingAll.has(c.id));
  todo.forEach((c) => loadingAll.add(c.id));
  const run = async () => {
    for (let c = todo.shift(); c; c = todo.shift()) {
      try {
        const row = await db.cats.get(c.id);
        if (row && row.lastEdited === c.lastEdited) setLoadedCategory(c.id, await worker.loadCategoryBytes(c.id, row.bytes, { icon: c.icon }));
        else await fetchCategory(c.id, c, worker, db);
      } catch {
        // One category failing leaves the rest searchable.
      } finally {
        loadingAll.delete(c.id);
      }
    }
  };
  await Promise.all([run(), run(), run()]);
}
