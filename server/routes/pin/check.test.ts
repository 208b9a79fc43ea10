import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS_CHANNEL, type CheckNotice } from '../../repos/checks';
import { seededApp } from '../../test-helper';

const PINS = 21_000;
let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp(PINS);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const totalOf = async (pin: number) =>
  (await t.one<{ total_checks: number }>('select total_checks from pins where id = $1', [pin])).total_checks;
const exactCounts = async () =>
  (
    await t.one<{ bad: number }>(
      'select count(*)::int as bad from pins p where total_checks <> (select count(*) from checks c where c.pin_id = p.id)',
    )
  ).bad;
const mine = async (user: number): Promise<number[]> => (await t.call(user, 'GET', '/api/v1/me/checks')).body.result.pinIds;

describe('POST /v1/pin/:id/check', () => {
  it('checks and unchecks with a strictly increasing checkTime and lastCheckTime', async () => {
    const user = await t.newUser('체크1');
    const pin = 100;
    const total = await totalOf(pin);
    const a = await t.call(user, 'POST', `/api/v1/pin/${pin}/check`, { check: true });
    expect(a.status).toBe(200);
    expect(a.body.result).toMatchObject({ check: true, userId: user, lastCheckTime: 0 });
    expect(a.body.result.checkTime).toBeGreaterThan(0);
    expect(await totalOf(pin)).toBe(total + 1);
    const b = await t.call(user, 'POST', `/api/v1/pin/${pin + 1}/check`, { check: true });
    expect(b.body.result.lastCheckTime).toBe(a.body.result.checkTime);
    expect(b.body.result.checkTime).toBeGreaterThan(a.body.result.checkTime);
    // Checking again changes nothing: checkTime stays and equals lastCheckTime.
    const same = await t.call(user, 'POST', `/api/v1/pin/${pin}/check`, { check: true });
    expect(same.body.result).toMatchObject({ checkTime: b.body.result.checkTime, lastCheckTime: b.body.result.checkTime });
    expect(await totalOf(pin)).toBe(total + 1);
    const un = await t.call(user, 'POST', `/api/v1/pin/${pin}/check`, { check: false });
    expect(un.body.result.check).toBe(false);
    expect(un.body.result.checkTime).toBeGreaterThan(b.body.result.checkTime);
    expect(await totalOf(pin)).toBe(total);
    const mine = await t.call(user, 'GET', '/api/v1/me/checks');
    expect(mine.body.result).toEqual({ userId: user, checkTime: un.body.result.checkTime, pinIds: [pin + 1] });
  });

  it('keeps totalChecks exact under parallel checks by several users', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, (_, i) => t.newUser(`병렬${i}`)));
    const pins = [200, 201, 202];
    const before = await Promise.all(pins.map(totalOf));
    // Every user checks every pin twice, in parallel, then unchecks one pin twice, in parallel.
    const calls = users.flatMap((u) => pins.flatMap((p) => [0, 1].map(() => t.call(u, 'POST', `/api/v1/pin/${p}/check`, { check: true }))));
    const results = await Promise.all(calls);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await Promise.all(pins.map(totalOf))).toEqual(before.map((b) => b + users.length));
    await Promise.all(users.flatMap((u) => [0, 1].map(() => t.call(u, 'POST', '/api/v1/pin/200/check', { check: false }))));
    expect(await totalOf(200)).toBe(before[0]);
    expect(await exactCounts()).toBe(0);
    // Per user, the check times handed out are all distinct (strictly increasing per change).
    const times = results.filter((r) => r.body.result.userId === users[0]).map((r) => r.body.result.checkTime);
    const changed = new Set(times);
    expect(changed.size).toBe(pins.length);
  });

  it('refuses visitors, unknown pins and bad bodies', async () => {
    const v = await t.call(null, 'POST', '/api/v1/pin/5/check', { check: true });
    expect(v.status).toBe(401);
    expect(v.body.error?.errClazz).toBe('requires_login');
    expect((await t.call(3, 'POST', '/api/v1/pin/999999/check', { check: true })).status).toBe(404);
    for (const body of [{}, { check: 'yes' }, { check: null }, []]) {
      const r = await t.call(3, 'POST', '/api/v1/pin/5/check', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.call(3, 'POST', '/api/v1/pin/abc/check', { check: true })).status).toBe(400);
    expect((await t.call(null, 'GET', '/api/v1/me/checks')).body.error?.errClazz).toBe('requires_login');
  });
});

describe('POST /v1/pin/batch-check', () => {
  it('applies all ids atomically and idempotently, returning the full list', async () => {
    const user = await t.newUser('일괄1');
    const r = await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: [5, 6, 7, 7, 6], check: true });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ userId: user, userChecks: [5, 6, 7] });
    const again = await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: [5, 6, 7], check: true });
    expect(again.body.result).toMatchObject({ userChecks: [5, 6, 7], checkTime: r.body.result.checkTime });
    const off = await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: [6, 8], check: false });
    expect(off.body.result.userChecks).toEqual([5, 7]);
    expect(off.body.result.checkTime).toBeGreaterThan(r.body.result.checkTime);
    expect(await exactCounts()).toBe(0);
  });

  it('applies nothing when one id is unknown, and says how many are unknown', async () => {
    const user = await t.newUser('일괄2');
    const before = await totalOf(30);
    const r = await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: [30, 31, 999_998, 999_999], check: true });
    expect(r.status).toBe(400);
    expect(r.body.error?.messageTranslated).toBe('존재하지 않는 핀 2개가 포함되어 있어 아무것도 적용하지 않았습니다.');
    expect(await totalOf(30)).toBe(before);
    expect((await t.call(user, 'GET', '/api/v1/me/checks')).body.result).toEqual({ userId: user, checkTime: 0, pinIds: [] });
  });

  it('checks 20,000 pins in one call', async () => {
    const user = await t.newUser('일괄대량');
    const ids = Array.from({ length: 20_000 }, (_, i) => i + 1);
    const r = await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: ids, check: true });
    expect(r.status).toBe(200);
    expect(r.body.result.userChecks).toHaveLength(20_000);
    const off = await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: ids.slice(0, 10_000), check: false });
    expect(off.body.result.userChecks).toHaveLength(10_000);
    expect(await exactCounts()).toBe(0);
  }, 60_000);

  it("lets a third player's check through while two players' 20,000-pin batches run, each still one transaction and one undoable action", async () => {
    const heavy = [await t.newUser('대량1'), await t.newUser('대량2')];
    const victim = await t.newUser('사이끼기');
    const ids = Array.from({ length: 20_000 }, (_, i) => i + 1);
    const order: string[] = [];
    const stepsBefore = t.db.bulkStats?.().ran ?? 0;
    const batches = heavy.map((user) =>
      t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: ids, check: true }).then((r) => {
        order.push(`batch of ${user}`);
        return r;
      }),
    );
    // Sent while both batches are underway: on the embedded database once each has written a step (the bulk lane
    // says so), on PostgreSQL at once (each batch is one transaction there). It must not wait for either.
    if (t.db.bulkStats) await expect.poll(() => t.db.bulkStats!().ran, { timeout: 60_000 }).toBeGreaterThanOrEqual(stepsBefore + 2);
    const single = await t.call(victim, 'POST', '/api/v1/pin/20500/check', { check: true });
    order.push('single check');
    expect(single.status).toBe(200);
    const results = await Promise.all(batches);
    expect(order[0]).toBe('single check');
    // Each batch is one action of 20,000 pins, applied whole; undoing one takes back all 20,000 at once.
    for (const [i, user] of heavy.entries()) {
      expect(results[i]!.body.result).toMatchObject({ changed: 20_000 });
      const actions = (await t.call(user, 'GET', '/api/v1/me/actions')).body.result.actions as { kind: string; count: number }[];
      expect(actions.map((a) => [a.kind, a.count])).toEqual([['batch', 20_000]]);
    }
    expect((await t.call(heavy[0]!, 'POST', `/api/v1/me/actions/${results[0]!.body.result.actionId}/undo`)).status).toBe(200);
    expect((await t.call(heavy[0]!, 'GET', '/api/v1/me/checks')).body.result.pinIds).toEqual([]);
    expect((await t.call(heavy[1]!, 'GET', '/api/v1/me/checks')).body.result.pinIds).toHaveLength(20_000);
    expect(await exactCounts()).toBe(0);
  }, 120_000);

  it('refuses bad bodies and visitors', async () => {
    const cases = [
      { pinIds: [], check: true },
      { pinIds: [1], check: 'y' },
      { pinIds: ['a'], check: true },
      { pinIds: [0], check: true },
      { pinIds: Array.from({ length: 50_001 }, (_, i) => i + 1), check: true },
      { check: true },
    ];
    for (const body of cases) expect((await t.call(3, 'POST', '/api/v1/pin/batch-check', body)).status).toBe(400);
    expect((await t.call(null, 'POST', '/api/v1/pin/batch-check', { pinIds: [1], check: true })).status).toBe(401);
  });
});

describe('per-pin last-change time (at)', () => {
  it('ignores a mark older than a later unmark made elsewhere, and answers the current state', async () => {
    const user = await t.newUser('시간1');
    const t0 = Date.now() - 60_000;
    expect((await t.call(user, 'POST', '/api/v1/pin/10/check', { check: true, at: t0 })).body.result.check).toBe(true);
    // The desktop unmarks at t0 + 20 s; the phone's mark from t0 + 10 s arrives afterwards.
    const un = await t.call(user, 'POST', '/api/v1/pin/10/check', { check: false, at: t0 + 20_000 });
    expect(un.body.result.check).toBe(false);
    const late = await t.call(user, 'POST', '/api/v1/pin/10/check', { check: true, at: t0 + 10_000 });
    expect(late.status).toBe(200);
    expect(late.body.result).toMatchObject({
      check: false,
      checkTime: un.body.result.checkTime,
      lastCheckTime: un.body.result.checkTime,
      actionId: null,
    });
    expect(await mine(user)).toEqual([]);
    // A newer mark applies.
    expect((await t.call(user, 'POST', '/api/v1/pin/10/check', { check: true, at: t0 + 30_000 })).body.result.check).toBe(true);
    expect(await mine(user)).toEqual([10]);
  });

  it('never loses a newer mark to an older unmark replayed late, in a batch too', async () => {
    const user = await t.newUser('시간2');
    const t0 = Date.now() - 60_000;
    await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: [20, 21], check: true, at: t0 + 30_000 });
    const r = await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: [20, 21, 22], check: false, at: t0 + 10_000 });
    expect(r.status).toBe(200);
    // 20 and 21 were marked later than this unmark; 22 was never found, so nothing changes.
    expect(r.body.result).toMatchObject({ userChecks: [20, 21], ignored: 2, changed: 0, actionId: null });
    const newer = await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: [20, 22], check: false, at: t0 + 40_000 });
    expect(newer.body.result).toMatchObject({ userChecks: [21], ignored: 0, changed: 1 });
    expect(await exactCounts()).toBe(0);
  });

  it('keeps working without at (the spec clients) and clamps a future at to the server time', async () => {
    const user = await t.newUser('시간3');
    await t.call(user, 'POST', '/api/v1/pin/30/check', { check: true, at: Date.now() + 365 * 86_400_000 });
    // Without the clamp this unmark, made now, would be older than the future mark and lost.
    const un = await t.call(user, 'POST', '/api/v1/pin/30/check', { check: false });
    expect(un.body.result.check).toBe(false);
    expect(await mine(user)).toEqual([]);
    for (const at of [-1, 1.5, 'x', null])
      expect((await t.call(user, 'POST', '/api/v1/pin/30/check', { check: true, at })).status, String(at)).toBe(400);
  });

  it('announces every committed change on the checks channel, and nothing for an ignored one', async () => {
    const user = await t.newUser('알림1');
    const got: CheckNotice[] = [];
    const stop = await t.db.listen(CHECKS_CHANNEL, (p) => {
      const n = JSON.parse(p) as CheckNotice;
      if (n.userId === user) got.push(n);
    });
    const a = await t.call(user, 'POST', '/api/v1/pin/40/check', { check: true });
    await t.call(user, 'POST', '/api/v1/pin/40/check', { check: false, at: 1 });
    const big = await t.call(user, 'POST', '/api/v1/pin/batch-check', {
      pinIds: Array.from({ length: 500 }, (_, i) => i + 100),
      check: true,
    });
    await expect.poll(() => got.length).toBe(2);
    await stop();
    expect(got[0]).toEqual({ userId: user, checkTime: a.body.result.checkTime, lastCheckTime: 0, on: [40], off: [] });
    expect(got[1]).toMatchObject({ full: true, checkTime: big.body.result.checkTime });
  });
});
