// An edit made by anyone reaches an open page from the moment its event stream is open, start-up included: a pin
// page opened by a link shows another player's edit without a reload. Real Chromium, the real server and worker.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { api } from '../api';
import { createPinsWorker } from '../../workers/pins/client';
import { keys, paths } from './keys';
import { queryClient } from './query-client';
import { startDataLayer } from './startup';
import { freshProfile, signInLocal } from './test-support';
import type { PinDetail } from './types';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const f of cleanups.splice(0).reverse()) f();
});
beforeEach(freshProfile);

it('an edit made while start-up is still reading (its stream already open) reaches the opened pin without a reload', async () => {
  await signInLocal(`lp${Date.now()}${Math.floor(Math.random() * 1e6)}@test.local`);
  const { id } = (await api.put<{ id: number }>('/api/v1/pin', {
    coordX: 100,
    coordY: -300,
    categoryId: 1,
    region: 0,
    content: '다리 밑 보물상자',
    tags: [],
  }))!;
  // The pin page is open (its detail read), as when a link opened it.
  const page = new QueryObserver(queryClient, { queryKey: keys.pin(id), queryFn: () => api.get<PinDetail>(paths.pin(id)) });
  cleanups.push(page.subscribe(() => {}));
  await expect.poll(() => page.getCurrentResult().data?.coordX).toBe(100);

  // Once the stream says it is open, the pin is moved elsewhere; start-up's category list is held back until the
  // stream has carried the edit, so the edit arrives while start-up is still on its way.
  let carried: () => void = () => {};
  const edited = new Promise<void>((r) => (carried = r));
  const Real = { EventSource: window.EventSource, fetch: window.fetch };
  cleanups.push(() => Object.assign(window, Real));
  window.EventSource = class extends Real.EventSource {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init);
      this.addEventListener('ready', () => void api.patch(paths.pin(id), { coordX: 5500, coordY: 6900 }), { once: true });
      this.addEventListener('pin', () => carried(), { once: true });
    }
  };
  let held = false;
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const res = await Real.fetch.call(window, input, init);
    const path = new URL(input instanceof Request ? input.url : String(input), location.href).pathname;
    if (!held && path === paths.categoryGroups) {
      held = true;
      await edited;
    }
    return res;
  };
  const worker = createPinsWorker();
  cleanups.push(() => worker.dispose());
  const layer = await startDataLayer(worker.api);
  cleanups.push(() => layer.stop());
  expect(held).toBe(true);
  await expect.poll(() => page.getCurrentResult().data?.coordX, { timeout: 5000 }).toBe(5500);
});
