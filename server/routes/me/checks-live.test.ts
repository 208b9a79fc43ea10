import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { createSession } from '../../auth/sessions';
import { openDb, type Db } from '../../db';
import { seededApp } from '../../test-helper';

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

/** Opens the live stream as `userId` on the other process and collects its `check` events. */
async function stream(userId: number) {
  const cookie = (await createSession(other, userId)).cookieHeader;
  const ac = new AbortController();
  const res = await fetch(`${base}/api/v1/me/checks/live`, { headers: { cookie }, signal: ac.signal });
  const events: { event: string; data: unknown }[] = [];
  if (res.status !== 200) throw new Error(`live stream: ${res.status} ${await res.text()}`);
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
  return { res, events, close: () => ac.abort() };
}

describe('GET /v1/me/checks/live', () => {
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
    expect(mine.events.find((e) => e.event === 'check')!.data).toEqual({ userId: me, checkTime: r.body.result.checkTime, lastCheckTime: 0, on: [7], off: [] });
    await t.call(me, 'POST', '/api/v1/pin/batch-check', { pinIds: [7, 8], check: false });
    await expect.poll(() => mine.events.filter((e) => e.event === 'check').length).toBe(2);
    expect(mine.events.at(-1)!.data).toMatchObject({ on: [], off: [7] });
    expect(theirs.events.filter((e) => e.event === 'check')).toEqual([]);
    mine.close();
    theirs.close();
  });

  it('refuses visitors', async () => {
    const res = await fetch(`${base}/api/v1/me/checks/live`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { errClazz: string } }).error.errClazz).toBe('requires_login');
  });
});
