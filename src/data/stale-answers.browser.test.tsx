// Issue 24 item 3: an answer that comes after the player moved on never wins. The search and the pin detail
// are asked through the app's own hooks against the real server; the network holds the first answer back
// (a wrapper over fetch that releases it on demand) until the player has moved on and the second has landed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { api } from '../api';
import { PinList } from '../../proto';
import { usePin, useSearch } from './hooks';
import { queryClient } from './query-client';
import { freshProfile } from './test-support';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).reverse().forEach((f) => f()));
beforeEach(freshProfile);

/** Holds back the responses of requests whose URL passes `match` until `release()`; records their signals. */
function holdBack(match: (url: string) => boolean) {
  const Real = window.fetch;
  const held: { signal: AbortSignal | null | undefined; url: string }[] = [];
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!match(url)) return Real(input, init);
    held.push({ signal: init?.signal, url });
    const res = await Real(input, init);
    await gate;
    init?.signal?.throwIfAborted();
    return res;
  };
  cleanups.push(() => {
    release();
    window.fetch = Real;
  });
  return { held, release };
}

/** Renders `useHook(arg)` with a setter for the argument; answers the latest value it gave. */
async function renderWith<A, T>(useHook: (a: A) => T, first: A): Promise<{ set: (a: A) => Promise<void>; value: () => T }> {
  let latest!: T;
  let setArg!: (a: A) => void;
  function Probe() {
    const [arg, set] = useState(first);
    setArg = set;
    latest = useHook(arg);
    return null;
  }
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  await act(async () =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <Probe />
      </QueryClientProvider>,
    ),
  );
  cleanups.push(() => {
    root.unmount();
    host.remove();
  });
  return { set: (a) => act(async () => setArg(a)), value: () => latest };
}

describe('stale answers never win', () => {
  it('search: the answer to a query typed over arrives last, is aborted and never shown; the current query\'s hits stay', async () => {
    const { held, release } = holdBack((u) => u.includes('/search') && u.includes('q=%EC%A0%9C'));
    const view = await renderWith((q: string) => useSearch(q, {}), '제' as string);
    await expect.poll(() => held.length).toBe(1);
    await view.set('1');
    await expect.poll(() => view.value().data?.pages[0]?.total, { timeout: 20_000 }).toBeGreaterThan(0);
    const current = view.value().data;
    // The first query's request was given up as the player typed on.
    expect(held[0]!.signal?.aborted).toBe(true);
    release();
    await act(async () => new Promise((r) => setTimeout(r, 100)));
    expect(view.value().data).toBe(current);
  });

  it('pin detail: the detail of a pin left before it answered is aborted; the open pin\'s detail stays', async () => {
    const list = await api.getProto('/api/v1/category/1/pins-proto', (b) => PinList.decode(b));
    const [a, b] = list.pins.map((p) => Number(p.id));
    const { held, release } = holdBack((u) => u.endsWith(`/api/v1/pin/${a}`));
    const view = await renderWith((id: number) => usePin(id), a!);
    await expect.poll(() => held.length).toBe(1);
    await view.set(b!);
    await expect.poll(() => view.value().data?.id, { timeout: 20_000 }).toBe(b);
    expect(held[0]!.signal?.aborted).toBe(true);
    release();
    await act(async () => new Promise((r) => setTimeout(r, 100)));
    expect(view.value().data?.id).toBe(b);
  });
});
