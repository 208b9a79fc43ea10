import { QueryClient } from '@tanstack/react-query';
import { ApiClientError } from '../api';

/**
 * Queries retry up to 3 times unless the server answered with an error class (SPEC §8), or the request found no network
 * while the browser says it is offline: its retries (1 + 2 + 4 s) would only hold the page on a failure already known,
 * such as an offline start on the remembered session. The connection watch fetches every failed query again when the
 * network is back (connection.ts).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiClientError && (error.fromServer || error.failure === 'cancelled')) return false;
  if (error instanceof ApiClientError && error.failure === 'network' && browserOffline()) return false;
  return failureCount < 3;
}

function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** A QueryClient with the spec's defaults: cached data never goes stale (SPEC §9). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The app's query client (one per page). */
export const queryClient = createQueryClient();
