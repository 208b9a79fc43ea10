// What changes elsewhere reaches an open page from the moment its event stream is open, start-up included: a pin
// page opened by a link shows another player's edit, and the player's note written on another device, without a
// reload; and what the stream missed while it was cut is read again when it opens again. Real Chromium, the real
// server and worker.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { api } from '../api';
import { createPinsWorker } from '../../workers/pins/client';
import { createPinsService } from '../../workers/pins/pins-service';
import { regionsSharingTileSet } from '../../common/regions';
import { store, subscribeStore, whenStore } from '../state';
import { saveSettings } from './db';
import { keys, paths } from './keys';
import { queryClient } from './query-client';
import { startDataLayer } from './startup';
import { freshProfile, signInLocal } from './test-support';
import type { Me, PinDetail } from './types';
import type { PinNoteResult } from '../../common/api';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const f of cleanups.splice(0).reverse()) f();
});
beforeEach(freshProfile);

/** A new pin of category 1 in region 0 at (100, -300), the signed-in player's. */
async function newPin(): Promise<number> {
  return (await api.put<{ id: number }>('/api/v1/pin', { coordX: 100, coordY: -300, categoryId: 1, region: 0, content: '다리 밑 보물상자', tags: [] }))!.id;
}

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
  const id = await newPin();
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

it('an edit the stream missed while it was cut reaches the map and the opened pin when the stream opens again', async () => {
  await signInLocal(`lg${Date.now()}${Math.floor(Math.random() * 1e6)}@test.local`);
  const me = (await api.get<Me>(paths.me))!;
  const id = await newPin();
  await saveSettings({ enabledCategories: [1], lastRegion: 0 });
  // The server's notices can be lost between its database and the stream (a LISTEN connection that dropped): here
  // the page's stream lets no pin event through while `cut`.
  let cut = false;
  let missed: () => void = () => {};
  const dropped = new Promise<void>((r) => (missed = r));
  const streams: EventSource[] = [];
  const Real = window.EventSource;
  cleanups.push(() => void (window.EventSource = Real));
  window.EventSource = class extends Real {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init);
      streams.push(this);
      // First to hear each pin event (listeners run in the order they were added): while cut, the page's never do.
      this.addEventListener('pin', (e) => {
        if (!cut) return;
        e.stopImmediatePropagation();
        missed();
      });
    }
  };

  const svc = createPinsService();
  const layer = await startDataLayer(svc);
  cleanups.push(() => layer.stop());
  const regions = regionsSharingTileSet(0).map((r) => r.id);
  await whenStore(() => regions.every((r) => store.pins.snapshots[r]?.status === 'held'));
  const at = async () => {
    const pins = await svc.getPins({ regions, categories: [1] });
    const k = pins.ids.indexOf(id);
    return k < 0 ? null : pins.x[k];
  };
  expect(await at()).toBe(100);
  const page = new QueryObserver(queryClient, { queryKey: keys.pin(id), queryFn: () => api.get<PinDetail>(paths.pin(id)) });
  cleanups.push(page.subscribe(() => {}));
  await expect.poll(() => page.getCurrentResult().data?.coordX).toBe(100);

  cut = true;
  await api.patch(paths.pin(id), { coordX: 5500, coordY: 6900 });
  await dropped;
  cut = false;
  // What the server says when its LISTEN connection is back (events/EventStreams.ts onGap): a second ready.
  streams.at(-1)!.dispatchEvent(new MessageEvent('ready', { data: JSON.stringify({ userId: me.id }) }));
  await expect.poll(at, { timeout: 5000 }).toBe(5500);
  await expect.poll(() => page.getCurrentResult().data?.coordX, { timeout: 5000 }).toBe(5500);
});

it('a gap while the regions’ snapshots still load: their versions are checked again once the loads are over', async () => {
  await signInLocal(`lh${Date.now()}${Math.floor(Math.random() * 1e6)}@test.local`);
  const me = (await api.get<Me>(paths.me))!;
  await saveSettings({ enabledCategories: [1], lastRegion: 0 });
  const regions = regionsSharingTileSet(0).map((r) => r.id);
  const heldAll = () => regions.every((r) => store.pins.snapshots[r]?.status === 'held');
  const order: string[] = [];
  cleanups.push(subscribeStore(() => void (heldAll() && !order.includes('held') && order.push('held'))));
  // The snapshot answers are held back (the loads stay under way) until released.
  let release: () => void = () => {};
  const released = new Promise<void>((r) => (release = r));
  let asked: () => void = () => {};
  const snapshotAsked = new Promise<void>((r) => (asked = r));
  const svc = createPinsService(undefined, async (input, init) => {
    const res = await fetch(input, init);
    if (String(input).includes(`${paths.pinSnapshot}/`)) {
      asked();
      await released;
    }
    return res;
  });
  // After the gap: a versions check asked while the loads are held is recorded (and lets them go); else they go after
  // one more round trip to the server, begun once the gap's category list came (a check that does not wait for the
  // loads is asked before that: it follows the list's answer without a request between).
  let gap = false;
  const Real = { EventSource: window.EventSource, fetch: window.fetch };
  cleanups.push(() => Object.assign(window, Real));
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(input instanceof Request ? input.url : String(input), location.href).pathname;
    if (gap && path === paths.pinSnapshot) {
      order.push(heldAll() ? 'versions' : 'versions while loading');
      release();
    }
    const res = await Real.fetch.call(window, input, init);
    if (gap && path === paths.categoryGroups) void Real.fetch.call(window, '/api/v1/auth/providers').then(() => release());
    return res;
  };
  let opened: () => void = () => {};
  const open = new Promise<void>((r) => (opened = r));
  const streams: EventSource[] = [];
  window.EventSource = class extends Real.EventSource {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init);
      streams.push(this);
      this.addEventListener('ready', () => opened(), { once: true });
    }
  };
  const layer = await startDataLayer(svc);
  cleanups.push(() => layer.stop());
  await Promise.all([open, snapshotAsked]);
  gap = true;
  // What the server says when its LISTEN connection is back (events/EventStreams.ts onGap): a second ready.
  streams.at(-1)!.dispatchEvent(new MessageEvent('ready', { data: JSON.stringify({ userId: me.id }) }));
  await expect.poll(() => order, { timeout: 10_000 }).toEqual(['held', 'versions']);
  // Each pin of the regions once.
  const pins = await svc.getPins({ regions, categories: [1] });
  expect(new Set(pins.ids).size).toBe(pins.ids.length);
});

it('an edit made while a region’s snapshot is on its way, answered before the edit, stays on the map once it is read', async () => {
  await signInLocal(`lr${Date.now()}${Math.floor(Math.random() * 1e6)}@test.local`);
  const id = await newPin();
  await saveSettings({ enabledCategories: [1], lastRegion: 0 });
  // Region 0's snapshot is answered (the pin at x 100 in it) and held back on its way until released.
  let release: () => void = () => {};
  const released = new Promise<void>((r) => (release = r));
  let answered: () => void = () => {};
  const snapshotAnswered = new Promise<void>((r) => (answered = r));
  const svc = createPinsService(undefined, async (input, init) => {
    const res = await fetch(input, init);
    if (String(input).includes(`${paths.pinSnapshot}/0/`)) {
      answered();
      await released;
    }
    return res;
  });
  // Where the map's live index took the edit while the snapshot was held back (what its reading then takes away).
  let upserted: () => void = () => {};
  const tookEdit = new Promise<void>((r) => (upserted = r));
  const upsertPin = svc.upsertPin.bind(svc);
  svc.upsertPin = async (pin) => {
    await upsertPin(pin);
    if (pin.id === id) upserted();
  };
  let pinAsked = false;
  const Real = { EventSource: window.EventSource, fetch: window.fetch };
  cleanups.push(() => Object.assign(window, Real));
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(input instanceof Request ? input.url : String(input), location.href).pathname;
    if (path === paths.pin(id) && (init?.method ?? 'GET') === 'GET') pinAsked = true;
    return Real.fetch.call(window, input, init);
  };
  let carried: () => void = () => {};
  const edited = new Promise<void>((r) => (carried = r));
  window.EventSource = class extends Real.EventSource {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init);
      this.addEventListener('pin', () => carried(), { once: true });
    }
  };
  const layer = await startDataLayer(svc);
  cleanups.push(() => layer.stop());
  await snapshotAnswered;
  await api.patch(paths.pin(id), { coordX: 5500, coordY: 6900 });
  await edited;
  // The page's listener has run (it follows ours in the same dispatch): a pin it asks for at once is taken first.
  await new Promise((r) => setTimeout(r));
  if (pinAsked) await tookEdit;
  release();
  const regions = regionsSharingTileSet(0).map((r) => r.id);
  await whenStore(() => regions.every((r) => store.pins.snapshots[r]?.status === 'held'));
  const at = async () => {
    const pins = await svc.getPins({ regions, categories: [1] });
    return Array.from(pins.ids).flatMap((pinId, k) => (pinId === id ? [pins.x[k]] : []));
  };
  await expect.poll(at, { timeout: 5000 }).toEqual([5500]);
});
