import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { miscountedPins, seededApp } from '../../test-helper';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp(1500);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('POST /v1/auth/emergency', () => {
  it('merges only the caller own records and never touches other users', async () => {
    const me = await t.newUser('비상1');
    const other = await t.newUser('비상2');
    await t.call(me, 'POST', '/api/v1/pin/400/check', { check: true });
    const otherBefore = (await t.call(other, 'GET', '/api/v1/me/checks')).body.result;
    const r = await t.call(me, 'POST', '/api/v1/auth/emergency', [
      { userId: me, checkTime: 1, pinIds: [400, 401, 402, 999_999] },
      { userId: me, checkTime: 2, pinIds: [402, 403] },
      { userId: other, checkTime: 3, pinIds: [500, 501] },
    ]);
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ userId: me, merged: 3 });
    expect((await t.call(me, 'GET', '/api/v1/me/checks')).body.result.pinIds).toEqual([400, 401, 402, 403]);
    expect((await t.call(other, 'GET', '/api/v1/me/checks')).body.result).toEqual(otherBefore);
    // Only other users' records: nothing changes, checkTime stays.
    const none = await t.call(me, 'POST', '/api/v1/auth/emergency', [{ userId: other, checkTime: 1, pinIds: [600] }]);
    expect(none.body.result).toMatchObject({ merged: 0, checkTime: r.body.result.checkTime });
    expect(await miscountedPins(t.db)).toBe(0);
  });

  it('refuses visitors and malformed records', async () => {
    expect((await t.call(null, 'POST', '/api/v1/auth/emergency', [])).status).toBe(401);
    for (const body of [{ userId: 1 }, [{ userId: 'x', pinIds: [] }], [{ userId: 1, pinIds: ['a'] }], [{ userId: 1 }]]) {
      expect((await t.call(3, 'POST', '/api/v1/auth/emergency', body)).status, JSON.stringify(body)).toBe(400);
    }
  });
});
