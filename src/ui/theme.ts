import { ko } from '../i18n/ko';

/** A theme preference: light, dark, or follow the system (SPEC §2). */
export type ThemePreference = 'light' | 'dark' | 'system';

const media = () => window.matchMedia('(prefers-color-scheme: light)');

/** The theme actually drawn for a preference; 'system' follows the OS, dark when it says nothing. */
export function resolveTheme(pref: ThemePreference): 'light' | 'dark' {
  if (pref === 'system') return media().matches ? 'light' : 'dark';
  return pref;
}

/** Sets `data-theme` on the root element and keeps following the system while the preference is 'system'. */
export function applyTheme(pref: ThemePreference): () => void {
  const set = () => {
    document.documentElement.dataset.theme = resolveTheme(pref);
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', resolveTheme(pref) === 'light' ? '#ffffff' : '#161a21');
  };
  set();
  if (pref !== 'system') return () => {};
  const m = media();
  m.addEventListener('change', set);
  return () => m.removeEventListener('change', set);
}

/** Reads a stored preference; anything unknown means 'system'. */
export function parseTheme(value: unknown): ThemePreference {
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** Korean labels of the preferences. */
export const THEME_LABELS: Record<ThemePreference, string> = ko.shell.themeLabels;
