import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PinList } from '../../proto';
import { api, setApiBaseHost } from '../api';
import { markPins, publishChecks, syncChecks, flushOutbox } from './checks';
import { freshProfile, signInLocal } from './test-support';
import type { Me, UserChecks } from './types';
import { VISITOR_ID, visitorMarks } from './visitor-checks';
import { fetchProgress, mergeVisitorMarks, visitorMergePreview } from './visitor-merge';

// Issue 25 item 10, from review: one deleted or hidden pin among a visitor's marks must not block the merge (the
// server refuses a whole batch holding one), a merge queued offline must not lose the marks, and a visitor's
// progress counts the marks kept on this device.

/** A pin id no pin has (deleted, or never there): the server answers it like a hidden one. */
const GONE = 2_147_483_000;
let pins: number[] = [];

async function serverChecks(): Promise<number[]> {
  return ((await (await fetch('/api/v1/me/checks', { credentials: 'include' })).json()) as { result: UserChecks }).result.pinIds;
}

async function signIn(): Promise<Me> {
  await signInLocal(`vm${Date.now()}${Math.floor(Math.random() * 1e6)}@test.local`);
  const me = (await api.get<Me>('/api/v1/me'))!;
  await syncChecks(me.id, me.checkTime);
  return me;
}

beforeAll(async () => {
  const list = await api.getProto('/api/v1/category/1/pins-proto', (b) => PinList.decode(b));
  pins = list.pins.map((p) => Number(p.id)).slice(0, 3);
});

beforeEach(async () => {
  setApiBaseHost('');
  await freshProfile();
});

describe("merging a visitor's marks", () => {
  it('leaves out a pin the server no longer shows, so the rest merge (the whole batch would be refused)', async () => {
    await markPins(VISITOR_ID, [pins[0]!, GONE, pins[1]!], true);
    const me = await signIn();
    const preview = await visitorMergePreview(me.id);
    expect(preview).toEqual({ fresh: [pins[0], pins[1]], already: 0, gone: 1 });
    // What the merge did before: the whole list in one batch, refused for the one gone pin.
    await expect(markPins(me.id, [pins[0]!, GONE, pins[1]!], true)).rejects.toMatchObject({ status: 400 });
    expect(await serverChecks()).toEqual([]);

    const change = await mergeVisitorMarks(me.id, preview.fresh);
    expect(change).toMatchObject({ status: 'sent', count: 2 });
    expect((await serverChecks()).sort()).toEqual([pins[0], pins[1]].sort());
    expect(await visitorMarks()).toEqual([]);
    expect((await visitorMergePreview(me.id)).fresh).toEqual([]);
  });

  it('keeps the marks while the batch waits offline, and forgets them once the server has it', async () => {
    await markPins(VISITOR_ID, [pins[0]!, pins[2]!], true);
    const me = await signIn();
    const { fresh } = await visitorMergePreview(me.id);
    setApiBaseHost('http://127.0.0.1:9'); // nothing listens there: the server is unreachable
    expect(await mergeVisitorMarks(me.id, fresh)).toMatchObject({ status: 'queued' });
    expect((await visitorMarks()).sort()).toEqual([pins[0], pins[2]].sort());
    // Still waiting: nothing more to offer (the outbox holds them), and nothing forgotten.
    setApiBaseHost('');
    await publishChecks(me.id);
    expect(await flushOutbox(me.id)).toEqual({ sent: 1, waiting: 0 });
    expect((await serverChecks()).sort()).toEqual([pins[0], pins[2]].sort());
    // Delivered: the next look forgets the device's marks.
    expect((await visitorMergePreview(me.id)).fresh).toEqual([]);
    expect(await visitorMarks()).toEqual([]);
  });
});

describe("a visitor's progress", () => {
  it("counts the marks kept on this device, per region and category, as the server counts them", async () => {
    const before = await fetchProgress(VISITOR_ID);
    expect(Object.values(before.byCategory).reduce((n, c) => n + c.checked, 0)).toBe(0);
    await markPins(VISITOR_ID, [pins[0]!, pins[1]!, GONE], true);
    const after = await fetchProgress(VISITOR_ID);
    expect(after.byCategory[1]!.checked).toBe(2);
    expect(after.byCategory[1]!.total).toBe(before.byCategory[1]!.total);
    expect(Object.values(after.byRegion).reduce((n, c) => n + c.checked, 0)).toBe(2);
  });
});
