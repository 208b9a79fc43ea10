import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededApp } from '../../test-helper';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp(300);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /v1/me/checks', () => {
  it("answers the caller's whole list and checkTime, and nobody else's", async () => {
    const me = await t.newUser('목록1');
    const other = await t.newUser('목록2');
    expect((await t.call(me, 'GET', '/api/v1/me/checks')).body.result).toEqual({ userId: me, checkTime: 0, pinIds: [] });
    const marked = await t.call(me, 'POST', '/api/v1/pin/batch-check', { pinIds: [12, 3, 7], check: true });
    await t.call(other, 'POST', '/api/v1/pin/5/check', { check: true });
    const r = await t.call(me, 'GET', '/api/v1/me/checks');
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual({ userId: me, checkTime: marked.body.result.checkTime, pinIds: [3, 7, 12] });
  });

  it('refuses visitors', async () => {
    expect((await t.call(null, 'GET', '/api/v1/me/checks')).body.error?.errClazz).toBe('requires_login');
  });
});
