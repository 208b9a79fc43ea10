import { setWorld, type World } from '../../common/regions';

/*
 * The client's side of the world registry (common/regions/world.ts): GET /api/v1/world before the first
 * render (main.tsx), so the region list, floor selector and floor names are the server's. The answer is
 * revalidated by the browser's HTTP cache (no-cache + ETag: an unchanged world is a 304) and kept in
 * localStorage for a start without the server; with neither, the registry keeps the built-in seed, which
 * is what a fresh server serves.
 */

const STORED = 'world';
/** A slow server does not hold the first paint longer than this; the stored (or seed) world is used. */
const WAIT_MS = 3000;

function isWorld(v: unknown): v is World {
  return typeof v === 'object' && v !== null && Array.isArray((v as World).regions) && (v as World).regions.length > 0;
}

function storedWorld(): World | null {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(STORED) ?? 'null');
    return isWorld(v) ? v : null;
  } catch {
    return null;
  }
}

/** Fills the registry: the server's world, else the last one this browser saw, else the seed. Never throws. */
export async function loadWorld(fetchImpl: typeof fetch = fetch): Promise<'server' | 'stored' | 'seed'> {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), WAIT_MS);
  try {
    const r = await fetchImpl('/api/v1/world', { signal: ctl.signal, headers: { accept: 'application/json' } });
    const body = (await r.json()) as { result?: unknown };
    if (r.ok && isWorld(body.result)) {
      setWorld(body.result);
      try {
        localStorage.setItem(STORED, JSON.stringify(body.result));
      } catch {
        // A full storage only loses the offline copy.
      }
      return 'server';
    }
  } catch {
    // Offline or slow: the stored world below.
  } finally {
    clearTimeout(timer);
  }
  const stored = storedWorld();
  if (stored) {
    setWorld(stored);
    return 'stored';
  }
  return 'seed';
}
