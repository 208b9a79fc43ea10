import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../api/errors';
import { createQueryClient, shouldRetry } from './query-client';

describe('query defaults (SPEC §8, §9)', () => {
  it('retries client failures up to 3 times', () => {
    const net = ApiClientError.client('network');
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, net))).toEqual([true, true, true, false]);
    expect(shouldRetry(0, ApiClientError.client('bad_response', 502))).toBe(true);
  });

  it('never retries an error carrying a server errClazz, nor a cancellation', () => {
    expect(shouldRetry(0, new ApiClientError(404, 'not_found', '없음'))).toBe(false);
    expect(shouldRetry(0, ApiClientError.client('cancelled'))).toBe(false);
  });

  it('cached data never goes stale', () => {
    expect(createQueryClient().getDefaultOptions().queries?.staleTime).toBe(Infinity);
  });
});
