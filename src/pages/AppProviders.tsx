import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, queryClient, startDataLayer, startOptionsOf } from '../data';
import { getPinsWorker } from '../../workers/pins/client';

let started = false;
let resolveReady: () => void = () => {};
/** Resolves once start-up applied the stored settings (a shared link's region must win over them). */
export const dataReady = new Promise<void>((r) => (resolveReady = r));

/** Starts the data layer once per page: settings, `me`, categories, checks, the outbox. */
function startOnce(): void {
  if (started) return;
  started = true;
  const worker = getPinsWorker();
  // The scale bench compares today's per-category path beside the snapshots in one run: ?bench&pins=category. The
  // stream overlay loads its own pins.
  startDataLayer(worker, undefined, startOptionsOf(location.search, location.pathname))
    .catch((e: unknown) => console.error('data layer start-up failed', e))
    .finally(() => resolveReady());
}

/** The data layer's providers (react-query client, the pins worker and the local database) around the app. */
export function AppProviders({ children }: { children: ReactNode }) {
  useEffect(startOnce, []);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
