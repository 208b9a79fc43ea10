// Helpers for the data layer's browser tests (real Chromium, real IndexedDB, the real server).
import Dexie from 'dexie';
import { resetStore } from '../state';
import { setApiBaseHost } from '../api';
import { toast } from '../ui/toast';
import { closeLocalDb, DB_NAME } from './db';
import { queryClient } from './query-client';

/**
 * A fresh browser profile as far as the app can tell: no session cookies, local database,
 * storage, cache or store. Test files share one browser, so another file's sign-in would
 * otherwise leak in.
 */
export async function freshProfile(): Promise<void> {
  setApiBaseHost('');
  await signOut();
  closeLocalDb();
  await Dexie.delete(DB_NAME);
  localStorage.clear();
  queryClient.clear();
  resetStore();
  toast.dismissAll();
  // The default buffer (250 entries) fills up with the test's own module loads.
  performance.setResourceTimingBufferSize(100_000);
  performance.clearResourceTimings();
}

/** What a page reload keeps: IndexedDB, localStorage and cookies; memory starts empty. */
export function simulateReload(): void {
  closeLocalDb();
  queryClient.clear();
  resetStore();
}

/** Main-thread requests to a path seen so far (resource timing; worker fetches are not counted). */
export function requestsTo(pathPart: string, since = 0): number {
  return performance.getEntriesByType('resource').filter((e) => e.name.includes(pathPart) && e.startTime >= since).length;
}

/**
 * Signs in through the server's local OAuth provider as `email` (registering the nickname the
 * first time): the same calls the login and callback pages make.
 */
export async function signInLocal(email: string, nickname = `t${Math.floor(Math.random() * 1e9)}`): Promise<void> {
  // The start route sets this browser's state cookie and redirects to the provider's form.
  const started = await fetch('/api/v1/oauth/local/start', { credentials: 'include' });
  const state = new URL(started.url).searchParams.get('state') ?? '';
  const form = new URLSearchParams({ client_id: 'wuwa-map-local', redirect_uri: '/oauth/kakao?provider=local', state, email });
  const res = await fetch('/oauth/local/authorize', { method: 'POST', body: form, credentials: 'include' });
  const code = new URL(res.url).searchParams.get('code');
  if (!code) throw new Error(`local sign-in gave no code (${res.status} ${res.url})`);
  const post = (path: string, body: unknown) =>
    fetch(path, { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
  const login = await post('/api/v1/oauth/local/login', { code, state });
  if (login.error) throw new Error(`login failed: ${JSON.stringify(login.error)}`);
  if (login.result.registered === false) {
    const reg = await post('/api/v1/oauth/local/register', { nickname });
    if (reg.error) throw new Error(`register failed: ${JSON.stringify(reg.error)}`);
  }
}

/**
 * Makes the browser's access token an expired one of the same session (the test server's EXPIRE_ACCESS_PATH,
 * tests/support/faults.ts): the next call meets access_token_invalid as after ACCESS_TOKEN_TTL_S, without the wait.
 */
export async function expireAccessToken(): Promise<void> {
  const res = await fetch('/api/__test/expire-access', { method: 'POST', credentials: 'include' });
  if (!res.ok) throw new Error(`could not expire the access token (${res.status})`);
}

/** Signs out on the server (clears the session cookies). */
export async function signOut(): Promise<void> {
  await fetch('/api/v1/auth/logout', { method: 'POST', credentials: 'include' });
}

