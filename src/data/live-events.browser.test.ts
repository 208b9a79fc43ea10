// What changes elsewhere reaches an open page from the moment its event stream is open, start-up included: a pin
// page opened by a link shows another player's edit, and the player's note written on another device, without a
// reload. Real Chromium, the real server and worker.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { api } from '../api';
import { createPinsWorker } from '../../workers/pins/client';
import { keys, paths } from './keys';
import { queryClient } from './query-client';
import { startDataLayer } from './startup';
import { freshProfile, signInLocal } from './test-support';
import type { PinDetail } from './types';
import type { PinNoteResult } from '../../common/api';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const f of cleanups.splice(0).reverse()) f();
});
beforeEach(freshProfile);

interface Case {
  /** The stream's event that carries the change. */
  event: 'pin' | 'note';
  /** What the open page holds of the pin, as its query. */
  read: (id: number) => { queryKey: readonly unknown[]; queryFn: () => Promise<unknown> };
  shown: (data: unknown) => unknown;
  change: (id: number) => Promise<unknown>;
  before: unknown;
  after: unknown;
}

const cases: [string, Case][] = [
  [
    'an edit by anyone: the opened pin moves',
    {
      event: 'pin',
      read: (id) => ({ queryKey: keys.pin(id), queryFn: () => api.get<PinDetail>(paths.pin(id)) }),
      shown: (d) => (d as PinDetail | undefined)?.coordX,
      change: (id) => api.patch(paths.pin(id), { coordX: 5500, coordY: 6900 }),
      before: 100,
      after: 5500,
    },
  ],
  [
    'the player’s note written on another device: the opened pin shows it',
    {
      event: 'note',
      read: (id) => ({ queryKey: keys.note(id), queryFn: async () => (await api.get<PinNoteResult>(paths.note(id))).note }),
      shown: (d) => (d as PinNoteResult['note'] | undefined)?.body ?? null,
      change: (id) => api.put(paths.note(id), { body: '3층 창문으로 들어감' }),
      before: null,
      after: '3층 창문으로 들어감',
    },
  ],
];

it.each(cases)('a change made while start-up is still reading, its stream open, reaches the page without a reload (%s)', async (_, c) => {
  await signInLocal(`lp${Date.now()}${Math.floor(Math.random() * 1e6)}@test.local`);
  const { id } = (await api.put<{ id: number }>('/api/v1/pin', { coordX: 100, coordY: -300, categoryId: 1, region: 0, content: '다리 밑 보물상자', tags: [] }))!;
  // The pin page is open (what it shows read), as when a link opened it.
  const page = new QueryObserver(queryClient, c.read(id));
  cleanups.push(page.subscribe(() => {}));
  await expect.poll(() => page.getCurrentResult().isSuccess).toBe(true);
  expect(c.shown(page.getCurrentResult().data)).toBe(c.before);

  // Once the stream says it is open, the change is made elsewhere; start-up's category list is held back until the
  // stream has carried it, so it arrives while start-up is still on its way.
  let carried: () => void = () => {};
  const changed = new Promise<void>((r) => (carried = r));
  const Real = { EventSource: window.EventSource, fetch: window.fetch };
  cleanups.push(() => Object.assign(window, Real));
  window.EventSource = class extends Real.EventSource {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init);
      this.addEventListener('ready', () => void c.change(id), { once: true });
      this.addEventListener(c.event, () => carried(), { once: true });
    }
  };
  let held = false;
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const res = await Real.fetch.call(window, input, init);
    const path = new URL(input instanceof Request ? input.url : String(input), location.href).pathname;
    if (!held && path === paths.categoryGroups) {
      held = true;
      await changed;
    }
    return res;
  };
  const worker = createPinsWorker();
  cleanups.push(() => worker.dispose());
  const layer = await startDataLayer(worker.api);
  cleanups.push(() => layer.stop());
  expect(held).toBe(true);
  await expect.poll(() => c.shown(page.getCurrentResult().data), { timeout: 5000 }).toBe(c.after);
});
