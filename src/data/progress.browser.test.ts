import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PinList } from '../../proto';
import { api } from '../api';
import { store } from '../state';
import { flushOutbox, markPins, syncChecks, undoChange } from './checks';
import { localDb } from './db';
import { openEventStream } from './events';
import { startLiveChecks } from './live';
import { keys } from './keys';
import { queryClient } from './query-client';
import { startDataLayer } from './startup';
import { resetSession } from './session';
import { createPinsWorker } from '../../workers/pins/client';
import { freshProfile, requestsTo, signInLocal, simulateReload } from './test-support';
import type { Me, UserChecks } from './types';

let pins: number[] = [];
let me: Me;
let email = '';

async function serverChecks(): Promise<UserChecks> {
  return ((await (await fetch('/api/v1/me/checks', { credentials: 'include' })).json()) as { result: UserChecks }).result;
}

/** A change made on another device at time `at`: straight to the server. */
async function checkElsewhere(pinId: number, check: boolean, at?: number): Promise<void> {
  await fetch(`/api/v1/pin/${pinId}/check`, { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ check, at }) });
}

beforeAll(async () => {
  const list = await api.getProto('/api/v1/category/1/pins-proto', (b) => PinList.decode(b));
  pins = list.pins.map((p) => Number(p.id)).slice(0, 6);
});

beforeEach(async () => {
  await freshProfile();
  email = `p${Date.now()}${Math.floor(Math.random() * 1e6)}@test.local`;
  await signInLocal(email);
  me = (await api.get<Me>('/api/v1/me'))!;
  await syncChecks(me.id, me.checkTime);
});

describe('live checks', () => {
  it('a change made on another device reaches the store over the stream, as a change (no list fetch)', async () => {
    const events = openEventStream();
    const stop = startLiveChecks(events, () => me.id);
    try {
      await new Promise((r) => setTimeout(r, 500));
      const lists = requestsTo('/api/v1/me/checks');
      await checkElsewhere(pins[0]!, true);
      await expect.poll(() => store.checks.has(pins[0]!), { timeout: 2000 }).toBe(true);
      await checkElsewhere(pins[0]!, false);
      await expect.poll(() => store.checks.has(pins[0]!), { timeout: 2000 }).toBe(false);
      expect(requestsTo('/api/v1/me/checks')).toBe(lists);
      expect((await localDb().checks.get(me.id))?.checkTime).toBe((await serverChecks()).checkTime);
    } finally {
      stop();
      events.close();
    }
  });

  it('signing in as another player opens the stream again, as them: their changes follow from then on', async () => {
    // No sign-out on the server here: the browser tests share one cookie jar, and a revoked session
    // would fail other files' requests in flight.
    const events = openEventStream();
    const readies: (number | null)[] = [];
    events.on('ready', (r) => readies.push(r.userId));
    let user: number | null = me.id;
    const stop = startLiveChecks(events, () => user);
    try {
      await expect.poll(() => readies).toEqual([me.id]);
      expect(document.documentElement.dataset.liveChecks).toBe(String(me.id));
      await signInLocal(`other${email}`);
      const other = (await api.get<Me>('/api/v1/me'))!;
      expect(other.id).not.toBe(me.id);
      user = other.id;
      queryClient.setQueryData(keys.me, other);
      await expect.poll(() => readies).toEqual([me.id, other.id]);
      expect(document.documentElement.dataset.liveChecks).toBe(String(other.id));
      await checkElsewhere(pins[2]!, true);
      await expect.poll(() => store.checks.has(pins[2]!), { timeout: 2000 }).toBe(true);
    } finally {
      stop();
      events.close();
    }
    expect(document.documentElement.dataset.liveChecks).toBeUndefined();
  });

  it('the data layer opens one event stream for the page, for pins and checks', async () => {
    const opened: string[] = [];
    const Real = window.EventSource;
    window.EventSource = class extends Real {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        opened.push(String(url));
      }
    };
    const worker = createPinsWorker();
    try {
      const layer = await startDataLayer(worker.api);
      layer.stop();
    } finally {
      window.EventSource = Real;
      worker.dispose();
    }
    expect(opened.map((u) => new URL(u, location.href).pathname)).toEqual(['/api/v1/events']);
  });

  // Another device marks a pin in the moment after start-up has read `path` (the list on a first
  // visit; `me` and its checkTime when the record is current): only the event stream can bring it.
  it.each([
    ['/api/v1/me/checks', 'the list was read (first visit)'],
    ['/api/v1/me', 'me was read (warm start)'],
  ])('a change made elsewhere during start-up, right after %s, shows without a reload (%s)', async (path) => {
    const Real = window.fetch;
    let marked = false;
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await Real(input, init);
      if (!marked && new URL(input instanceof Request ? input.url : String(input), location.href).pathname === path) {
        marked = true;
        await Real(`/api/v1/pin/${pins[3]!}/check`, { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ check: true }) });
      }
      return res;
    };
    simulateReload();
    if (path.endsWith('checks')) await localDb().checks.clear();
    const worker = createPinsWorker();
    let layer: Awaited<ReturnType<typeof startDataLayer>> | null = null;
    try {
      layer = await startDataLayer(worker.api);
      expect(marked).toBe(true);
      await expect.poll(() => store.checks.has(pins[3]!), { timeout: 3000 }).toBe(true);
    } finally {
      window.fetch = Real;
      layer?.stop();
      worker.dispose();
    }
  });
});

describe('whose checks the store holds', () => {
  it("is the player's once synced, so the pin page reads found state from the store alone; nobody's after a sign-out", async () => {
    expect(store.checksOf).toBe(me.id);
    resetSession();
    expect(store.checksOf).toBeNull();
    expect(store.checks.size).toBe(0);
  });
});

describe('marks carry their time; undo', () => {
  it('a mark made before a newer unmark elsewhere is ignored when it arrives, and the store follows the server', async () => {
    const t0 = Date.now();
    await checkElsewhere(pins[1]!, true, t0 - 5000);
    await localDb().outbox.add({ userId: me.id, pinIds: [pins[1]!], check: true, at: t0 - 3000 });
    await checkElsewhere(pins[1]!, false, t0 - 1000);
    await flushOutbox(me.id);
    expect((await serverChecks()).pinIds).toEqual([]);
    expect(store.checks.has(pins[1]!)).toBe(false);
  });

  it('undo of a sent batch reverts exactly its pins on the server; undo of a waiting one drops it', async () => {
    await markPins(me.id, [pins[2]!], true);
    const batch = await markPins(me.id, [pins[2]!, pins[3]!, pins[4]!], true);
    expect(batch.status).toBe('sent');
    expect(await undoChange(me.id, batch.seq)).toBe(true);
    expect((await serverChecks()).pinIds).toEqual([pins[2]]);
    expect([...store.checks]).toEqual([pins[2]]);
    const seq = await localDb().outbox.add({ userId: me.id, pinIds: [pins[5]!], check: true, at: Date.now() });
    expect(await undoChange(me.id, seq)).toBe(true);
    expect(await localDb().outbox.count()).toBe(0);
    expect(await undoChange(me.id, 999_999)).toBe(false);
  });
});
