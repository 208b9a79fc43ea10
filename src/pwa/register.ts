// The service worker's side in the page (issue 21 item 4). Built clients only: `vite build` writes /sw.js
// (vite.config.ts, Workbox); the dev server and the browser tests have none, so they are never served a stale app.
// A new version installs in the background and waits: the player is told and reloads when they choose
// (UpdateNotice); nothing reloads the page behind their back.
import { useSyncExternalStore } from 'react';
import { Workbox } from 'workbox-window';

/** The runtime cache of map tiles (vite.config.ts names it for Workbox). */
export const TILE_CACHE = 'map-tiles';
/** How often an open page asks the server for a new version (besides each navigation and each return to the tab). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

let wb: Workbox | null = null;
let updateReady = false;
const listeners = new Set<() => void>();

function setUpdateReady(): void {
  if (updateReady) return;
  updateReady = true;
  for (const fn of listeners) fn();
}

/** Whether a new version of the app is installed and waits for a reload (React). */
export function useUpdateReady(): boolean {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => updateReady,
  );
}

/** The player chose to reload: the waiting version takes over, then the page reloads once. */
export function applyUpdate(): void {
  if (!wb) {
    location.reload();
    return;
  }
  wb.addEventListener('controlling', () => location.reload());
  wb.messageSkipWaiting();
}

/**
 * The tiles this page loaded before the first service worker took control went past it: they are put in the tile
 * cache now (from the browser's HTTP cache, where they are fresh), so a first visit's view opens offline too.
 */
async function keepTilesSeen(): Promise<void> {
  const urls = new Set<string>();
  for (const e of performance.getEntriesByType('resource')) {
    const url = new URL(e.name);
    if (url.origin === location.origin && url.pathname.startsWith('/map/')) urls.add(url.href);
  }
  if (!urls.size) return;
  const cache = await caches.open(TILE_CACHE);
  await Promise.all(
    [...urls].map(async (u) => {
      if (!(await cache.match(u))) await cache.add(u).catch(() => undefined);
    }),
  );
}

/** Registers /sw.js (a built client, in a browser that has service workers). Never throws. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Room for a first visit's tiles beside the app's own files in the resource timing list (keepTilesSeen).
  performance.setResourceTimingBufferSize(2000);
  // Only a page that ran under a version at load can be left on old code. A first install that finished while the
  // player moved on (the sign-in's redirect loads the app again) takes control as "external" too, and is no update.
  const controlledAtLoad = navigator.serviceWorker.controller !== null;
  wb = new Workbox('/sw.js', { scope: '/' });
  // A new version installed while an older one controls the page (or found waiting at load).
  wb.addEventListener('waiting', setUpdateReady);
  wb.addEventListener('controlling', (e) => {
    // Another tab let the new version in: this page still runs the old code until it reloads.
    if (e.isExternal && controlledAtLoad) setUpdateReady();
    else if (!e.isUpdate) void keepTilesSeen().catch(() => undefined);
  });
  void wb.register().catch(() => undefined);
  const check = () => void wb?.update().catch(() => undefined);
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && check());
}
