import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ko } from '../i18n/ko';
import { store, setChecks } from '../state';
import { toast } from '../ui/toast';
import { keys } from '../data/keys';
import { queryClient } from '../data/query-client';
import { installSessionHandling } from '../data/session';
import { expireAccessToken, freshProfile, requestsTo, signInLocal, signOut } from '../data/test-support';
import { api, onLoggedOut, setApiBaseHost } from './client';
import { ApiClientError } from './errors';

let loggedOutCalls = 0;
let offLoggedOut: () => void = () => {};

function setCookie(value: string, path: string, maxAge?: number): void {
  document.cookie = `wuwa_at=${value}; path=${path}${maxAge != null ? `; max-age=${maxAge}` : ''}`;
}

beforeEach(async () => {
  await freshProfile();
  await signOut();
  installSessionHandling();
  loggedOutCalls = 0;
  offLoggedOut = onLoggedOut(() => void loggedOutCalls++);
});
afterEach(() => {
  offLoggedOut();
  setCookie('', '/api/v1', 0);
  setCookie('', '/', 0);
});

const unique = () => `u${Date.now()}${Math.floor(Math.random() * 1e6)}@test.local`;

describe('API client errors', () => {
  it('resolves to the envelope result', async () => {
    expect(await api.get('/api/v1/me')).toBeNull();
  });

  it('a first-attempt server error toasts messageTranslated and is rethrown', async () => {
    const err = await api.get('/api/v1/me/checks').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiClientError);
    expect(err).toMatchObject({ status: 401, errClazz: 'requires_login', messageTranslated: ko.loginRequired });
    expect(toast.messages()).toEqual([ko.loginRequired]);
  });

  it('the caller can suppress the toast', async () => {
    await expect(api.get('/api/v1/me/checks', { suppressToast: true })).rejects.toMatchObject({ errClazz: 'requires_login' });
    expect(toast.messages()).toEqual([]);
  });

  it('a network error becomes a client error with the default message', async () => {
    setApiBaseHost('http://127.0.0.1:9');
    const err = await api.get('/api/v1/me').catch((e: unknown) => e);
    expect(err).toMatchObject({
      errClazz: null,
      failure: 'network',
      messageTranslated: ko.defaultError,
      fromServer: false,
      unreachable: true,
    });
  });

  it('a read that finds no network while the browser is offline toasts nothing (the offline banner says it); a write still does', async () => {
    setApiBaseHost('http://127.0.0.1:9');
    const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!;
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
    try {
      await expect(api.get('/api/v1/category/groups')).rejects.toMatchObject({ failure: 'network' });
      await expect(api.getProto('/api/v1/pins/snapshot', (b) => b)).rejects.toMatchObject({ failure: 'network' });
      expect(toast.messages()).toEqual([]);
      await expect(api.post('/api/v1/me/checks', { pinIds: [1] })).rejects.toMatchObject({ failure: 'network' });
      expect(toast.messages()).toEqual([ko.defaultError]);
    } finally {
      Object.defineProperty(Navigator.prototype, 'onLine', online);
    }
    toast.dismissAll();
    // Online as the browser sees it (the server is down): a read toasts as before.
    await expect(api.get('/api/v1/category/groups')).rejects.toMatchObject({ failure: 'network' });
    expect(toast.messages()).toEqual([ko.defaultError]);
  });

  it('a cancellation becomes a client error with the default message, without a toast', async () => {
    const ctl = new AbortController();
    const p = api.get('/api/v1/category/groups', { signal: ctl.signal });
    ctl.abort();
    await expect(p).rejects.toMatchObject({ failure: 'cancelled', messageTranslated: ko.defaultError });
    expect(toast.messages()).toEqual([]);
  });
});

describe('refresh and retry (SPEC §4)', () => {
  it('an expired access token: concurrent calls share ONE refresh, each retried once; a retry failing otherwise toasts', async () => {
    await signInLocal(unique());
    const me = await api.get<{ id: number }>('/api/v1/me');
    expect(me?.id).toBeGreaterThan(0);
    // An expired token of this session, signed by the server (as after its lifetime, without the wait).
    await expireAccessToken();
    const refreshes = requestsTo('/api/v1/auth/refresh');
    const [me2, checks, missing] = await Promise.allSettled([
      api.get<{ id: number }>('/api/v1/me'),
      api.get<{ pinIds: number[] }>('/api/v1/me/checks'),
      api.get('/api/v1/pin/2147483000'),
    ]);
    expect(me2).toMatchObject({ status: 'fulfilled', value: { id: me!.id } });
    expect(checks).toMatchObject({ status: 'fulfilled', value: { pinIds: [] } });
    expect(missing).toMatchObject({ status: 'rejected', reason: { errClazz: 'not_found' } });
    expect(requestsTo('/api/v1/auth/refresh') - refreshes).toBe(1);
    // Each call went twice (first attempt + retry).
    expect(requestsTo('/api/v1/me/checks')).toBe(2);
    expect(toast.messages()).toEqual([(missing as PromiseRejectedResult).reason.messageTranslated]);
    expect(loggedOutCalls).toBe(0);
  });

  it('the retry failing with access_token_invalid runs logged-out handling (me reset, checks cleared)', async () => {
    await signInLocal(unique());
    queryClient.setQueryData(keys.me, { id: 1, nickname: 'x', checkTime: 0 });
    setChecks([1, 2, 3]);
    // A forged access cookie on a longer path is sent first and survives the refresh.
    setCookie('forged', '/api/v1');
    const refreshes = requestsTo('/api/v1/auth/refresh');
    const results = await Promise.allSettled([api.get('/api/v1/me/checks'), api.get('/api/v1/me')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ errClazz: 'access_token_invalid' });
    expect(requestsTo('/api/v1/auth/refresh') - refreshes).toBe(1);
    expect(loggedOutCalls).toBe(2);
    expect(queryClient.getQueryData(keys.me)).toBeNull();
    expect(store.checks.size).toBe(0);
  });

  it('the retry failing with requires_login (refresh refused) runs logged-out handling', async () => {
    // Signed out: no refresh cookie, and a stale access cookie the refresh call clears.
    setCookie('stale', '/');
    queryClient.setQueryData(keys.me, { id: 1, nickname: 'x', checkTime: 0 });
    const err = await api.get('/api/v1/me/checks').catch((e: unknown) => e);
    expect(err).toMatchObject({ errClazz: 'requires_login' });
    expect(loggedOutCalls).toBe(1);
    expect(queryClient.getQueryData(keys.me)).toBeNull();
    // Logged-out handling shows no error toast of its own.
    expect(toast.messages()).toEqual([]);
  });
});
