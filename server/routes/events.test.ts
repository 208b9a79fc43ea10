import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createSession } from '../auth/sessions';
import { openDb, type Db } from '../db';
import { MODERATOR, seededApp } from '../test-helper';

let t: Awaited<ReturnType<typeof seededApp>>;
// A second server process on the same database (on PGlite, which has one connection, the same handle).
let other: FastifyInstance;
let otherDb: Db | null = null;
let base: string;
beforeAll(async () => {
  t = await seededApp(300);
  const url = process.env.TEST_DATABASE_URL;
  if (url) otherDb = await openDb({ databaseUrl: url });
  other = await buildApp({ config: t.config, db: otherDb ?? t.db });
  await other.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await other?.close();
  await otherDb?.close();
  await t?.close();
});

/** Opens the event stream on the other process (as `userId`, or as a visitor) and collects its events. */
async function stream(userId: number | null, cookie?: string) {
  cookie ??= userId == null ? undefined : (await createSession(other, userId)).cookieHeader;
  const ac = new AbortController();
  const res = await fetch(`${base}/api/v1/events`, { headers: cookie ? { cookie } : {}, signal: ac.signal });
  const events: { event: string; data: unknown }[] = [];
  if (res.status !== 200) throw new Error(`event stream: ${res.status} ${await res.text()}`);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buf = '';
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buf += value;
      let i: number;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) });
      }
    }
  })();
  await expect.poll(() => events.some((e) => e.event === 'ready')).toBe(true);
  const of = (event: string) => events.filter((e) => e.event === event).map((e) => e.data);
  return { res, events, of, close: () => ac.abort() };
}

describe('GET /v1/events: checks', () => {
  it("pushes a mark made through one process to the player's stream on another within 2 s, and to no one else", async () => {
    const me = await t.newUser('라이브1');
    const stranger = await t.newUser('라이브2');
    const mine = await stream(me);
    const theirs = await stream(stranger);
    expect(mine.res.headers.get('content-type')).toContain('text/event-stream');
    const started = Date.now();
    const r = await t.call(me, 'POST', '/api/v1/pin/7/check', { check: true });
    await expect.poll(() => mine.events.filter((e) => e.event === 'check').length, { timeout: 2000 }).toBe(1);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(mine.of('check')[0]).toEqual({ userId: me, checkTime: r.body.result.checkTime, lastCheckTime: 0, on: [7], off: [] });
    await t.call(me, 'POST', '/api/v1/pin/batch-check', { pinIds: [7, 8], check: false });
    await expect.poll(() => mine.events.filter((e) => e.event === 'check').length).toBe(2);
    expect(mine.events.at(-1)!.data).toMatchObject({ on: [], off: [7] });
    expect(theirs.events.filter((e) => e.event === 'check')).toEqual([]);
    mine.close();
    theirs.close();
  });

  it("tells who the stream is for in `ready`, and a stale access cookie opens a visitor's stream", async () => {
    const me = await t.newUser('라이브3');
    expect((await stream(me)).of('ready')).toEqual([{ userId: me }]);
    const visitor = await stream(null);
    expect(visitor.of('ready')).toEqual([{ userId: null }]);
    // What the route declares as its answer (routes/responses.ts EventStreamAnswer).
    expect(visitor.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const stale = await stream(null, 'wuwa_at=not-a-token');
    expect(stale.of('ready')).toEqual([{ userId: null }]);
    visitor.close();
    stale.close();
  });
});

describe('GET /v1/events: pins', () => {
  it('pushes created, edited, moved and hidden pins to every open map, signed in or not', async () => {
    const visitor = await stream(null);
    const player = await stream(await t.newUser('지도1'));
    const id = (await t.call(7, 'PUT', '/api/v1/pin', { coordX: 10, coordY: 10, categoryId: 3, region: 0 })).body.result.id;
    await t.call(8, 'PATCH', `/api/v1/pin/${id}`, { coordX: 40, categoryId: 4 });
    await t.call(MODERATOR, 'POST', `/api/v1/moderation/pins/${id}/hide`, { hidden: true });
    const expected = [
      { pinId: id, categoryIds: [3], kind: 'create' },
      { pinId: id, categoryIds: [3, 4], kind: 'edit' },
      { pinId: id, categoryIds: [4], kind: 'hide' },
    ];
    await expect.poll(() => visitor.of('pin').length, { timeout: 5000 }).toBe(3);
    await expect.poll(() => player.of('pin').length, { timeout: 5000 }).toBe(3);
    expect(visitor.of('pin')).toEqual(expected);
    expect(player.of('pin')).toEqual(expected);
    expect(visitor.of('check')).toEqual([]);
    visitor.close();
    player.close();
  });

  it('pushes a revert and both pins of a merge', async () => {
    const s = await stream(null);
    const id = (await t.call(7, 'PUT', '/api/v1/pin', { coordX: 20, coordY: 20, categoryId: 3, region: 0 })).body.result.id;
    await t.call(8, 'PATCH', `/api/v1/pin/${id}`, { coordX: 60, categoryId: 4 });
    const revisions = (await t.call(null, 'GET', `/api/v1/pin/${id}/revisions`)).body.result as { id: number }[];
    const first = Math.min(...revisions.map((r) => r.id));
    expect((await t.call(MODERATOR, 'POST', `/api/v1/pin/${id}/revert`, { revisionId: first })).status).toBe(200);
    const dup = (await t.call(7, 'PUT', '/api/v1/pin', { coordX: 22, coordY: 22, categoryId: 3, region: 0 })).body.result.id;
    const report = (await t.call(9, 'POST', '/api/v1/pin/report', { targetPinId: dup, duplicatePinId: id, comment: '중복' })).body.result
      .id;
    expect((await t.call(MODERATOR, 'POST', `/api/v1/moderation/reports/${report}`, { action: 'merge', keepPinId: id })).status).toBe(200);
    await expect.poll(() => s.of('pin').length, { timeout: 5000 }).toBe(6);
    expect(s.of('pin')).toEqual([
      { pinId: id, categoryIds: [3], kind: 'create' },
      { pinId: id, categoryIds: [3, 4], kind: 'edit' },
      { pinId: id, categoryIds: [4, 3], kind: 'revert' },
      { pinId: dup, categoryIds: [3], kind: 'create' },
      { pinId: dup, categoryIds: [3], kind: 'merge' },
      { pinId: id, categoryIds: [3], kind: 'merge' },
    ]);
    s.close();
  });
});

describe('GET /v1/events: private notes', () => {
  it("pushes a note written or deleted through one process to its author's streams only, without the text", async () => {
    const me = await t.newUser('메모라이브1');
    const stranger = await t.newUser('메모라이브2');
    const mine = await stream(me);
    const theirs = await stream(stranger);
    await t.call(me, 'PUT', '/api/v1/me/notes/9', { body: '비밀 메모' });
    await expect.poll(() => mine.of('note').length, { timeout: 2000 }).toBe(1);
    expect(mine.of('note')[0]).toEqual({ userId: me, pinId: 9, deleted: false, updatedAt: expect.any(Number) });
    await t.call(me, 'DELETE', '/api/v1/me/notes/9');
    await expect.poll(() => mine.of('note').length).toBe(2);
    expect(mine.of('note')[1]).toMatchObject({ pinId: 9, deleted: true });
    // A check after the notes arrives after them: the stranger's stream had its chance to get them and did not.
    await t.call(stranger, 'POST', '/api/v1/pin/9/check', { check: true });
    await expect.poll(() => theirs.of('check').length).toBe(1);
    expect(theirs.of('note')).toEqual([]);
    expect(JSON.stringify(mine.events)).not.toContain('비밀');
    mine.close();
    theirs.close();
  });
});
