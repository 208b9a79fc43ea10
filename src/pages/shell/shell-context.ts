import { createContext, useContext } from 'react';
import type { ThemePreference } from '../../ui/theme';

/** What the shell offers to its menus and pages without prop drilling. */
export interface ShellActions {
  theme: ThemePreference;
  setTheme: (t: ThemePreference) => void;
  logout: () => void;
  openTracker: () => void;
  navCollapsed: boolean;
  setNavCollapsed: (c: boolean) => void;
}

/** The shell's actions; provided by <Shell>. */
export const ShellContext = createContext<ShellActions | null>(null);

/** Reads the shell's actions (theme, logout, tracker dialog, navigation collapse). */
export function useShellActions(): ShellActions {
  const v = useContext(ShellContext);
  if (!v) throw new Error('useShellActions outside <Shell>');
  return v;
}
