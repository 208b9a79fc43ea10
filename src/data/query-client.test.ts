import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError } from '../api/errors';
import { createQueryClient, shouldRetry } from './query-client';

afterEach(() => vi.unstubAllGlobals());

describe('query defaults (SPEC §8, §9)', () => {
  it('retries client failures up to 3 times', () => {
    const net = ApiClientError.client('network');
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, net))).toEqual([true, true, true, false]);
    expect(shouldRetry(0, ApiClientError.client('bad_response', 502))).toBe(true);
  });

  it('does not retry a network failure while the browser says it is offline (the connection watch refetches)', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(shouldRetry(0, ApiClientError.client('network'))).toBe(false);
    // A timeout or a 5xx may be the server, not the network: retried as before.
    expect(shouldRetry(0, ApiClientError.client('timeout'))).toBe(true);
    vi.stubGlobal('navigator', { onLine: true });
    expect(shouldRetry(0, ApiClientError.client('network'))).toBe(true);
  });

  it('never retries an error carrying a server errClazz, nor a cancellation', () => {
    expect(shouldRetry(0, new ApiClientError(404, 'not_found', '없음'))).toBe(false);
    expect(shouldRetry(0, ApiClientError.client('cancelled'))).toBe(false);
  });

  it('cached data never goes stale', () => {
    expect(createQueryClient().getDefaultOptions().queries?.staleTime).toBe(Infinity);
  });
});
