import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, queryClient, startDataLayer, startOptionsOf } from '../data';
import { getPinsWorker } from '../../workers/pins/client';

let started = false;
let resolveSettings: () => void = () => {};
/**
 * Resolves once start-up applied the stored settings (a shared link's region must win over them), or start-up failed.
 * It does not wait on `me` or the checks: the map's view and events must not wait on the network.
 */
export const settingsReady = new Promise<void>((r) => (resolveSettings = r));

/** Starts the data layer once per page: settings, `me`, categories, checks, the outbox. */
function startOnce(): void {
  if (started) return;
  started = true;
  const worker = getPinsWorker();
  // The scale bench compares today's per-category path beside the snapshots in one run: ?bench&pins=category. The
  // stream overlay loads its own pins.
  startDataLayer(worker, undefined, { ...startOptionsOf(location.search, location.pathname), onSettingsApplied: resolveSettings })
    .catch((e: unknown) => console.error('data layer start-up failed', e))
    .finally(() => resolveSettings());
}

/** The data layer's providers (react-query client, the pins worker and the local database) around the app. */
export function AppProviders({ children }: { children: ReactNode }) {
  useEffect(startOnce, []);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
