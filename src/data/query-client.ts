import { QueryClient } from '@tanstack/react-query';
import { ApiClientError } from '../api';

/** Queries retry up to 3 times unless the server answered with an error class (SPEC §8). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiClientError && (error.fromServer || error.failure === 'cancelled')) return false;
  return failureCount < 3;
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
