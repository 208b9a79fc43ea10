import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { act } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { api } from '../api';
import { ko } from '../i18n/ko';
import { setChecks, store } from '../state';
import { toast } from '../ui/toast';
import { useDeleteAccount } from './hooks';
import { keys } from './keys';
import { queryClient } from './query-client';
import { displayName, logout, onLoginSuccess } from './session';
import { freshProfile, requestsTo, signInLocal, signOut } from './test-support';
import type { Me } from './types';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Runs a hook inside the app's QueryClientProvider and hands back its latest value. */
async function renderHook<T>(hook: () => T): Promise<{ current: () => T; unmount: () => void }> {
  let value: T;
  const el = document.createElement('div');
  document.body.appendChild(el);
  const root = createRoot(el);
  function Probe() {
    value = hook();
    return null;
  }
  await act(async () => root.render(createElement(QueryClientProvider, { client: queryClient }, createElement(Probe))));
  return { current: () => value, unmount: () => { root.unmount(); el.remove(); } };
}

beforeEach(async () => {
  await freshProfile();
  await signOut();
});

describe('login and logout (SPEC §4, §8)', () => {
  it('a visitor is named 방랑자', () => {
    expect(displayName(null)).toBe(ko.wanderer);
    expect(displayName({ nickname: '  ' })).toBe(ko.wanderer);
  });

  it('login success: fetches me and the checks again, then welcomes by nickname', async () => {
    const nickname = `w${Math.floor(Math.random() * 1e8)}`;
    await signInLocal(`w${Date.now()}@test.local`, nickname);
    const lists = requestsTo('/api/v1/me/checks');
    const me = await onLoginSuccess();
    expect(me?.nickname).toBe(nickname);
    expect(queryClient.getQueryData<Me>(keys.me)?.nickname).toBe(nickname);
    expect(requestsTo('/api/v1/me/checks')).toBe(lists + 1);
    expect(toast.messages()).toEqual([ko.welcome(nickname)]);
  });

  it('logout: me reset, the user state cleared, "logout completed" toast', async () => {
    await signInLocal(`l${Date.now()}@test.local`);
    await onLoginSuccess();
    setChecks([1, 2]);
    toast.dismissAll();
    await logout();
    expect(queryClient.getQueryData(keys.me)).toBeNull();
    expect(store.checks.size).toBe(0);
    expect(toast.messages()).toEqual([ko.logoutCompleted]);
    expect(await api.get('/api/v1/me')).toBeNull();
  });

  it('account deletion: logged out with "account deleted" and no logout toast', async () => {
    await signInLocal(`d${Date.now()}@test.local`);
    await onLoginSuccess();
    toast.dismissAll();
    const hook = await renderHook(() => useDeleteAccount());
    await act(async () => {
      await hook.current().mutateAsync();
    });
    hook.unmount();
    expect(queryClient.getQueryData(keys.me)).toBeNull();
    expect(toast.messages()).toEqual([ko.accountDeleted]);
    expect(await api.get('/api/v1/me')).toBeNull();
  });
});
