import { describe, expect, it } from 'vitest';
import { ko } from '../i18n/ko';
import { ApiClientError, asApiClientError } from './errors';

describe('ApiClientError', () => {
  it('client failures carry the default Korean message and no server class', () => {
    for (const f of ['network', 'timeout', 'cancelled', 'bad_response'] as const) {
      const e = ApiClientError.client(f);
      expect([e.messageTranslated, e.errClazz, e.fromServer, e.failure]).toEqual([ko.defaultError, null, false, f]);
    }
  });

  it('unreachable: network, timeout, unreadable answers and 5xx; not 4xx nor cancellations', () => {
    expect(ApiClientError.client('network').unreachable).toBe(true);
    expect(ApiClientError.client('timeout').unreachable).toBe(true);
    expect(ApiClientError.client('bad_response', 502).unreachable).toBe(true);
    expect(new ApiClientError(503, 'internal_error', 'x').unreachable).toBe(true);
    expect(new ApiClientError(404, 'not_found', 'x').unreachable).toBe(false);
    expect(new ApiClientError(401, 'requires_login', 'x').unreachable).toBe(false);
    expect(ApiClientError.client('cancelled').unreachable).toBe(false);
  });

  it('anything thrown becomes a client error', () => {
    expect(asApiClientError(new TypeError('Failed to fetch'))).toMatchObject({ failure: 'network', messageTranslated: ko.defaultError });
    const e = new ApiClientError(400, 'bad_request', '잘못');
    expect(asApiClientError(e)).toBe(e);
  });
});
