import { useSyncExternalStore } from 'react';

function subscribe(fn: () => void) {
  document.addEventListener('fullscreenchange', fn);
  return () => document.removeEventListener('fullscreenchange', fn);
}

/** Whether the page is in fullscreen, and a toggle (streamers put the map in fullscreen). */
export function useFullscreen(): { isFullscreen: boolean; toggle: () => void } {
  const isFullscreen = useSyncExternalStore(
    subscribe,
    () => document.fullscreenElement !== null,
    () => false,
  );
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else void document.documentElement.requestFullscreen?.().catch(() => {});
  };
  return { isFullscreen, toggle };
}
