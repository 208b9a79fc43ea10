import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PinList } from '../../proto';
import { api, setApiBaseHost } from '../api';
import { store } from '../state';
import { ko } from '../i18n/ko';
import { toast } from '../ui/toast';
import { checkPins, fetchCheckList, flushOutbox, publishChecks, startOutboxSync, syncChecks } from './checks';
import { localDb } from './db';
import { emergencyReport, REPORTED_KEY } from './emergency';
import { freshProfile, requestsTo, signInLocal, simulateReload } from './test-support';
import type { Me, UserChecks } from './types';

let pins: number[] = [];
let me: Me;

/** The server's own view of the user's checks, read around the client. */
async function serverChecks(): Promise<UserChecks> {
  const res = await fetch('/api/v1/me/checks', { credentials: 'include' });
  return ((await res.json()) as { result: UserChecks }).result;
}

/** A change made elsewhere (another device): straight to the server, not through the client. */
async function checkElsewhere(pinId: number, check: boolean): Promise<void> {
  await fetch(`/api/v1/pin/${pinId}/check`, { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ check }) });
}

beforeAll(async () => {
  const list = await api.getProto('/api/v1/category/1/pins-proto', (b) => PinList.decode(b));
  pins = list.pins.map((p) => Number(p.id)).slice(0, 12);
  expect(pins.length).toBe(12);
});

beforeEach(async () => {
  await freshProfile();
  await signInLocal(`c${Date.now()}${Math.floor(Math.random() * 1e6)}@test.local`);
  me = (await api.get<Me>('/api/v1/me'))!;
  await syncChecks(me.id, me.checkTime);
});

describe('checking a pin: the local check record rule (SPEC §4)', () => {
  it('record current (checkTime not older than lastCheckTime): updated in place, no list fetch', async () => {
    const lists = requestsTo('/api/v1/me/checks');
    expect(await checkPins(me.id, [pins[0]!], true)).toBe('sent');
    expect(await checkPins(me.id, [pins[1]!], true)).toBe('sent');
    expect(await checkPins(me.id, [pins[0]!], false)).toBe('sent');
    expect(requestsTo('/api/v1/me/checks')).toBe(lists);
    const record = await localDb().checks.get(me.id);
    const server = await serverChecks();
    expect(record).toEqual({ userId: me.id, checkTime: server.checkTime, pinIds: [pins[1]] });
    expect([...store.checks]).toEqual([pins[1]]);
  });

  it('record older than lastCheckTime (changed elsewhere): the whole list is fetched again', async () => {
    await checkElsewhere(pins[2]!, true);
    const lists = requestsTo('/api/v1/me/checks');
    expect(await checkPins(me.id, [pins[3]!], true)).toBe('sent');
    expect(requestsTo('/api/v1/me/checks')).toBe(lists + 1);
    const record = await localDb().checks.get(me.id);
    expect(record?.pinIds.sort()).toEqual([pins[2], pins[3]].sort());
    expect(record?.checkTime).toBe((await serverChecks()).checkTime);
    expect(store.checks.has(pins[2]!)).toBe(true);
  });

  it('no local record: the whole list is fetched again', async () => {
    await localDb().checks.delete(me.id);
    const lists = requestsTo('/api/v1/me/checks');
    await checkPins(me.id, [pins[4]!], true);
    expect(requestsTo('/api/v1/me/checks')).toBe(lists + 1);
    expect((await localDb().checks.get(me.id))?.pinIds).toEqual([pins[4]]);
  });

  it('batch-check replaces the list with userChecks', async () => {
    await checkElsewhere(pins[5]!, true);
    expect(await checkPins(me.id, pins.slice(6, 9), true)).toBe('sent');
    const record = await localDb().checks.get(me.id);
    expect(record?.pinIds.sort()).toEqual([pins[5], ...pins.slice(6, 9)].sort());
    expect(record?.checkTime).toBe((await serverChecks()).checkTime);
  });

  it('a change the server refuses for good is dropped and rethrown, the shown checks roll back', async () => {
    await expect(checkPins(me.id, [2147483000], true)).rejects.toMatchObject({ errClazz: 'not_found' });
    expect(await localDb().outbox.count()).toBe(0);
    expect(store.checks.has(2147483000)).toBe(false);
  });
});

describe('marks made while the server does not answer', () => {
  it('wait in the outbox, show as applied, survive a reload, and reach the server in order', async () => {
    setApiBaseHost('http://127.0.0.1:9'); // nothing listens there: the server is unreachable
    expect(await checkPins(me.id, [pins[9]!], true)).toBe('queued');
    expect(await checkPins(me.id, [pins[10]!, pins[11]!], true)).toBe('queued');
    expect(await checkPins(me.id, [pins[10]!], false)).toBe('queued');
    expect([...store.checks].sort()).toEqual([pins[9], pins[11]].sort());
    // One notice when changes start waiting, not one per mark.
    expect(toast.messages()).toEqual([ko.checksQueued]);

    simulateReload();
    expect(store.checks.size).toBe(0);
    await publishChecks(me.id);
    expect([...store.checks].sort()).toEqual([pins[9], pins[11]].sort());
    expect((await serverChecks()).pinIds).toEqual([]);

    setApiBaseHost('');
    expect(await flushOutbox(me.id)).toEqual({ sent: 3, waiting: 0 });
    // Replayed in order: the last change of pins[10] (not found) wins.
    expect((await serverChecks()).pinIds.sort()).toEqual([pins[9], pins[11]].sort());
    expect((await localDb().checks.get(me.id))?.pinIds.sort()).toEqual([pins[9], pins[11]].sort());
    expect([...store.checks].sort()).toEqual([pins[9], pins[11]].sort());
  });

  it('a new mark while older ones wait is sent after them', async () => {
    setApiBaseHost('http://127.0.0.1:9');
    await checkPins(me.id, [pins[0]!], true);
    setApiBaseHost('');
    // The server answers again: this call sends the waiting change first, then its own.
    expect(await checkPins(me.id, [pins[0]!], false)).toBe('sent');
    expect((await serverChecks()).pinIds).toEqual([]);
    expect(await localDb().outbox.count()).toBe(0);
  });

  it("are sent by themselves when the browser says it is back online", async () => {
    const stop = startOutboxSync(() => me.id);
    try {
      setApiBaseHost('http://127.0.0.1:9');
      expect(await checkPins(me.id, [pins[5]!], true)).toBe('queued');
      setApiBaseHost('');
      window.dispatchEvent(new Event('online'));
      const end = performance.now() + 5000;
      while ((await localDb().outbox.count()) > 0 && performance.now() < end) await new Promise((r) => setTimeout(r, 30));
      expect(await localDb().outbox.count()).toBe(0);
      expect((await serverChecks()).pinIds).toEqual([pins[5]]);
    } finally {
      stop();
    }
  });

  it('at sign-in the list is fetched when the local record is behind the server', async () => {
    await checkElsewhere(pins[1]!, true);
    const now = (await api.get<Me>('/api/v1/me'))!;
    const lists = requestsTo('/api/v1/me/checks');
    await syncChecks(me.id, now.checkTime);
    expect(requestsTo('/api/v1/me/checks')).toBe(lists + 1);
    await syncChecks(me.id, now.checkTime);
    expect(requestsTo('/api/v1/me/checks')).toBe(lists + 1);
    expect([...store.checks]).toEqual([pins[1]]);
    expect((await fetchCheckList()).pinIds).toEqual([pins[1]]);
  });
});

describe('emergency report for a signed-in user', () => {
  it('sends the flagged record once; the server merges it; the flag stops a second send', async () => {
    await localDb().checks.put({ userId: me.id, checkTime: 1, pinIds: [pins[2]!, pins[3]!] });
    const before = requestsTo('/api/v1/auth/emergency');
    expect(await emergencyReport([me.id])).toBe(1);
    expect(localStorage.getItem(REPORTED_KEY)).toBe('true');
    expect(await emergencyReport([me.id])).toBe(0);
    expect(requestsTo('/api/v1/auth/emergency')).toBe(before + 1);
    expect((await serverChecks()).pinIds.sort()).toEqual([pins[2], pins[3]].sort());
  });
});
