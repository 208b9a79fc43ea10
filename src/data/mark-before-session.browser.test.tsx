// The map takes presses as soon as the stored settings are applied, before `me` has answered (MapStage). A mark made
// in that moment waits for the session and is the player's: it used to be refused with "login required". Offline with no
// remembered session, start-up says visitor, so a visitor's mark is kept on the device. Real Chromium, real server.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PinList } from '../../proto';
import { api, setApiBaseHost } from '../api';
import { toast } from '../ui/toast';
import { ko } from '../i18n/ko';
import { QueryClientProvider } from '@tanstack/react-query';
import { useCheckPin } from './hooks';
import { keys } from './keys';
import { queryClient } from './query-client';
import { fetchMe } from './session';
import { startDataLayer, type DataLayer } from './startup';
import { createPinsService } from '../../workers/pins/pins-service';
import { freshProfile, signInLocal } from './test-support';
import type { UserChecks } from './types';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const realFetch = window.fetch;
let layer: DataLayer | null = null;
afterEach(() => {
  window.fetch = realFetch;
  setApiBaseHost('');
  layer?.stop();
  layer = null;
});

/** The check mutation as a page holds it. */
async function checkPinHook(): Promise<{ mutate: ReturnType<typeof useCheckPin>['mutateAsync']; unmount: () => void }> {
  let mutate: ReturnType<typeof useCheckPin>['mutateAsync'] | null = null;
  function Probe() {
    mutate = useCheckPin().mutateAsync;
    return null;
  }
  const el = document.createElement('div');
  document.body.appendChild(el);
  const root = createRoot(el);
  await act(async () =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <Probe />
      </QueryClientProvider>,
    ),
  );
  await vi.waitFor(() => expect(mutate).not.toBeNull());
  return { mutate: mutate!, unmount: () => (root.unmount(), el.remove()) };
}

describe('a mark made before the session is known', () => {
  it("waits for `me` and is the player's", async () => {
    await freshProfile();
    await signInLocal(`early${Date.now()}@test.local`);
    const { pinIds: before } = await api.get<UserChecks>('/api/v1/me/checks');
    expect(before).toEqual([]);
    const pinId = Number((await api.getProto('/api/v1/category/1/pins-proto', (b) => PinList.decode(b))).pins[0]!.id);
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    window.fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href);
      if (url.pathname === '/api/v1/me') await held;
      return realFetch(input, init);
    };
    // As the navigation bar does on a page's first render.
    void queryClient.fetchQuery({ queryKey: keys.me, queryFn: fetchMe }).catch(() => {});
    const hook = await checkPinHook();
    let settled = false;
    const marked = hook.mutate({ pinId, check: true }).finally(() => (settled = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(settled).toBe(false);
    release();
    expect(await marked).toBe('sent');
    expect(toast.messages()).not.toContain(ko.loginRequired);
    window.fetch = realFetch;
    expect((await api.get<UserChecks>('/api/v1/me/checks')).pinIds).toEqual([pinId]);
    hook.unmount();
  });

  it('offline with no remembered session, start-up says visitor and a mark is kept on the device', async () => {
    await freshProfile();
    setApiBaseHost('http://127.0.0.1:9'); // nothing listens there: the server is unreachable
    layer = await startDataLayer(createPinsService());
    expect(layer.result.me).toBeNull();
    expect(queryClient.getQueryData(keys.me)).toBeNull();
    const hook = await checkPinHook();
    expect(await hook.mutate({ pinId: 7, check: true })).toBe('sent');
    expect(toast.messages()).not.toContain(ko.loginRequired);
    hook.unmount();
  });
});
