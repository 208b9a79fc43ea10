import { useLayoutEffect, useRef } from 'react';

/**
 * Calls `onKey` (the latest render's) for every key pressed while the component is on the page and `enabled`.
 * Listened for from the commit that shows the component (a layout effect): a passive effect adds its listener after
 * the browser paints, so a shortcut pressed as soon as the component showed (a journey's N right after the toolbar
 * appeared, a player's Esc right after a banner) could find none and be lost. `on` picks the document (default) or
 * the window (which hears a key after every document listener, and after their `preventDefault`).
 */
export function useKeydown(onKey: (e: KeyboardEvent) => void, opts: { enabled?: boolean; on?: 'document' | 'window' } = {}): void {
  const latest = useRef(onKey);
  const { enabled = true, on = 'document' } = opts;
  // Before the listener's effect (layout effects run in order): a key never meets a handler older than the commit.
  useLayoutEffect(() => {
    latest.current = onKey;
  });
  useLayoutEffect(() => {
    if (!enabled) return;
    const target = on === 'window' ? window : document;
    const listener = (e: Event) => latest.current(e as KeyboardEvent);
    target.addEventListener('keydown', listener);
    return () => target.removeEventListener('keydown', listener);
  }, [enabled, on]);
}
