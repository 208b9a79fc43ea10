import { api, onLoggedOut } from '../api';
import { ko } from '../i18n/ko';
import { clearUserState } from '../state';
import { notify } from '../state/notices';
import { publishChecks, syncChecks } from './checks';
import { VISITOR_ID } from './visitor-checks';
import { localDb, type PinsStoreDb } from './db';
import { keys, paths } from './keys';
import { queryClient } from './query-client';
import type { Me } from './types';

/** The name to show for a user (SPEC §3: default 'wanderer'). */
export function displayName(me: Pick<Me, 'nickname'> | null | undefined): string {
  return me?.nickname?.trim() || ko.wanderer;
}

const LAST_ME_KEY = 'lastMe';

/** Fetches `me` (null for a visitor) and remembers it, so an outage does not look like a sign-out. */
export async function fetchMe(): Promise<Me | null> {
  const me = await api.get<Me | null>(paths.me, { suppressToast: true });
  rememberMe(me);
  return me;
}

function rememberMe(me: Me | null): void {
  try {
    if (me) localStorage.setItem(LAST_ME_KEY, JSON.stringify(me));
    else localStorage.removeItem(LAST_ME_KEY);
  } catch {
    /* storage refused: the session is not kept across an outage */
  }
}

/** The user last seen signed in on this browser (used while the server cannot be reached). */
export function lastKnownMe(): Me | null {
  try {
    const raw = localStorage.getItem(LAST_ME_KEY);
    return raw ? (JSON.parse(raw) as Me) : null;
  } catch {
    return null;
  }
}

/**
 * The session once it is known: `me`, null for a visitor, or undefined when asking failed with nothing to fall back on.
 * The map takes presses before `me` has answered (it does not wait on the network), so a mark made that early waits
 * here rather than being refused as a visitor's or a signed-out player's. Asks for `me` when nobody has.
 */
export function settledSession(): Promise<Me | null | undefined> {
  const read = () => queryClient.getQueryData<Me | null>(keys.me);
  if (read() !== undefined) return Promise.resolve(read());
  const key = JSON.stringify(keys.me);
  return new Promise((resolve) => {
    const off = queryClient.getQueryCache().subscribe((event) => {
      if (JSON.stringify(event.query.queryKey) !== key) return;
      const { data, status, fetchStatus } = event.query.state as { data: Me | null | undefined; status: string; fetchStatus: string };
      if (data !== undefined) {
        off();
        resolve(data);
      } else if (status === 'error' && fetchStatus === 'idle') {
        off();
        // Start-up falls back on the remembered session in its own handler of that failure (a microtask later).
        setTimeout(() => resolve(read()), 0);
      }
    });
    if (queryClient.getQueryState(keys.me)?.fetchStatus !== 'fetching') void queryClient.fetchQuery({ queryKey: keys.me, queryFn: fetchMe }).catch(() => {});
  });
}

/** The signed-in user's id as the cache knows it, or null. */
export function currentUserId(): number | null {
  return queryClient.getQueryData<Me | null>(keys.me)?.id ?? null;
}

/** Logged-out handling: `me` becomes null and the user's data leaves memory (local records stay). */
export function resetSession(): void {
  rememberMe(null);
  queryClient.setQueryData(keys.me, null);
  queryClient.removeQueries({ queryKey: keys.myChecks });
  queryClient.removeQueries({ queryKey: keys.myPins });
  // Pin details carry the user's isChecked and comments their vote.
  queryClient.removeQueries({ queryKey: ['pin'] });
  clearUserState();
  // A visitor again: the marks this device keeps for visitors show.
  void publishChecks(VISITOR_ID, localDb()).catch(() => {});
}

let registered = false;
/** Wires the API client's logged-out handling to resetSession (once). */
export function installSessionHandling(): void {
  if (registered) return;
  registered = true;
  onLoggedOut(resetSession);
}

/**
 * After a successful sign-in: fetch `me`, fetch the user's checks again and welcome them
 * (SPEC §4). Resolves to the signed-in user.
 */
export async function onLoginSuccess(db: PinsStoreDb = localDb()): Promise<Me | null> {
  const me = await queryClient.fetchQuery({ queryKey: keys.me, queryFn: fetchMe, staleTime: 0 });
  if (me) {
    // The spec fetches the whole list on sign-in, whatever the local record says.
    await syncChecks(me.id, null, db);
    await queryClient.invalidateQueries({ queryKey: keys.myChecks });
    // The visitor marks this account lacks are counted against its checks just fetched.
    await queryClient.invalidateQueries({ queryKey: ['visitorMerge'] });
    notify({ kind: 'success', message: ko.welcome(displayName(me)) });
  }
  return me;
}

/** Logout: POST /auth/logout, reset `me`, toast 'logout completed' unless told otherwise. */
/** Revokes every session of the account ("log out everywhere"), then logs this browser out. */
export async function logoutEverywhere(): Promise<void> {
  await api.post(paths.logoutAll, {});
  resetSession();
  notify({ kind: 'success', message: ko.logoutEverywhereDone });
}

export async function logout(opts: { silent?: boolean } = {}): Promise<void> {
  try {
    await api.post(paths.logout, {}, { suppressToast: true });
  } finally {
    resetSession();
  }
  if (!opts.silent) notify({ kind: 'success', message: ko.logoutCompleted });
}
