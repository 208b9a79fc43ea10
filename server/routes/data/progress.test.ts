import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS_CHANNEL, type CheckNotice } from '../../repos/checks';
import { seededApp } from './fixture';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => { t = await seededApp(1500); }, 120_000);
afterAll(async () => { await t?.close(); });

const freshUser = async (nickname: string) => (await t.one<{ id: number }>('insert into users (nickname) values ($1) returning id', [nickname])).id;
const mine = async (user: number): Promise<number[]> => (await t.call(user, 'GET', '/api/v1/me/checks')).body.result.pinIds;
const exactCounts = async () => (await t.one<{ bad: number }>('select count(*)::int as bad from pins p where total_checks <> (select count(*) from checks c where c.pin_id = p.id)')).bad;

describe('per-pin last-change time (at)', () => {
  it('ignores a mark older than a later unmark made elsewhere, and answers the current state', async () => {
    const user = await freshUser('시간1');
    const t0 = Date.now() - 60_000;
    expect((await t.call(user, 'POST', '/api/v1/pin/10/check', { check: true, at: t0 })).body.result.check).toBe(true);
    // The desktop unmarks at t0 + 20 s; the phone's mark from t0 + 10 s arrives afterwards.
    const un = await t.call(user, 'POST', '/api/v1/pin/10/check', { check: false, at: t0 + 20_000 });
    expect(un.body.result.check).toBe(false);
    const late = await t.call(user, 'POST', '/api/v1/pin/10/check', { check: true, at: t0 + 10_000 });
    expect(late.status).toBe(200);
    expect(late.body.result).toMatchObject({ check: false, checkTime: un.body.result.checkTime, lastCheckTime: un.body.result.checkTime, actionId: null });
    expect(await mine(user)).toEqual([]);
    // A newer mark applies.
    expect((await t.call(user, 'POST', '/api/v1/pin/10/check', { check: true, at: t0 + 30_000 })).body.result.check).toBe(true);
    expect(await mine(user)).toEqual([10]);
  });

  it('never loses a newer mark to an older unmark replayed late, in a batch too', async () => {
    const user = await freshUser('시간2');
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
    const user = await freshUser('시간3');
    await t.call(user, 'POST', '/api/v1/pin/30/check', { check: true, at: Date.now() + 365 * 86_400_000 });
    // Without the clamp this unmark, made now, would be older than the future mark and lost.
    const un = await t.call(user, 'POST', '/api/v1/pin/30/check', { check: false });
    expect(un.body.result.check).toBe(false);
    expect(await mine(user)).toEqual([]);
    for (const at of [-1, 1.5, 'x', null]) expect((await t.call(user, 'POST', '/api/v1/pin/30/check', { check: true, at })).status, String(at)).toBe(400);
  });

  it('announces every committed change on the checks channel, and nothing for an ignored one', async () => {
    const user = await freshUser('알림1');
    const got: CheckNotice[] = [];
    const stop = await t.db.listen(CHECKS_CHANNEL, (p) => { const n = JSON.parse(p) as CheckNotice; if (n.userId === user) got.push(n); });
    const a = await t.call(user, 'POST', '/api/v1/pin/40/check', { check: true });
    await t.call(user, 'POST', '/api/v1/pin/40/check', { check: false, at: 1 });
    const big = await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: Array.from({ length: 500 }, (_, i) => i + 100), check: true });
    await expect.poll(() => got.length).toBe(2);
    await stop();
    expect(got[0]).toEqual({ userId: user, checkTime: a.body.result.checkTime, lastCheckTime: 0, on: [40], off: [] });
    expect(got[1]).toMatchObject({ full: true, checkTime: big.body.result.checkTime });
  });
});

describe('actions and undo', () => {
  it('undo of a 300-pin batch restores exactly the earlier state, leaving pins found before untouched', async () => {
    const user = await freshUser('취소1');
    await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: [500, 501, 502], check: true });
    const ids = Array.from({ length: 300 }, (_, i) => 400 + i); // includes 500..502, found before
    const batch = await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: ids, check: true });
    expect(batch.body.result.actionId).toEqual(expect.any(Number));
    expect(batch.body.result.changed).toBe(297);
    const list = await t.call(user, 'GET', '/api/v1/me/actions');
    expect(list.body.result.actions[0]).toMatchObject({ id: batch.body.result.actionId, kind: 'batch', check: true, count: 297, undoneAt: null });
    const undo = await t.call(user, 'POST', `/api/v1/me/actions/${batch.body.result.actionId}/undo`);
    expect(undo.status).toBe(200);
    expect(undo.body.result).toMatchObject({ restored: 297, userChecks: [500, 501, 502] });
    expect(await mine(user)).toEqual([500, 501, 502]);
    expect(await exactCounts()).toBe(0);
    const again = await t.call(user, 'POST', `/api/v1/me/actions/${batch.body.result.actionId}/undo`);
    expect(again.status).toBe(409);
    expect(again.body.error?.messageTranslated).toBe('이미 실행 취소한 작업입니다.');
    const after = (await t.call(user, 'GET', '/api/v1/me/actions')).body.result.actions;
    expect(after[0]).toMatchObject({ kind: 'undo', count: 297 });
    expect(after[1].undoneAt).toEqual(expect.any(Number));
    // Undoing the undo brings the batch back.
    await t.call(user, 'POST', `/api/v1/me/actions/${after[0].id}/undo`);
    expect(await mine(user)).toHaveLength(300);
  });

  it('undo of an unmark batch restores the unmarked pins; a pin changed since keeps its newer change', async () => {
    const user = await freshUser('취소2');
    await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: [600, 601, 602], check: true });
    const off = await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: [600, 601, 602, 603], check: false });
    await t.call(user, 'POST', '/api/v1/pin/601/check', { check: true }); // a newer change elsewhere
    await t.call(user, 'POST', '/api/v1/pin/601/check', { check: false });
    const undo = await t.call(user, 'POST', `/api/v1/me/actions/${off.body.result.actionId}/undo`);
    expect(undo.body.result.restored).toBe(2);
    expect(await mine(user)).toEqual([600, 602]);
  });

  it('a 1,200-pin batch and its undo each take their turn in the bulk lane, counted in /metrics', async () => {
    const user = await freshUser('취소큰묶음');
    const lane = async () => Number(/db_bulk_lane_writes_total (\d+)/.exec((await t.app.inject('/metrics')).body)?.[1]);
    const before = await lane();
    const ids = Array.from({ length: 1200 }, (_, i) => 100 + i);
    const batch = await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: ids, check: true });
    expect(batch.body.result.changed).toBe(1200);
    const undo = await t.call(user, 'POST', `/api/v1/me/actions/${batch.body.result.actionId}/undo`);
    expect(undo.body.result.restored).toBe(1200);
    expect(await mine(user)).toEqual([]);
    // The lane exists on the embedded database (one connection); PostgreSQL's pool needs none and counts nothing.
    expect(await lane() - before).toBe(t.db.kind === 'pglite' ? 2 : 0);
  });

  it("refuses another user's action, unknown ids and visitors", async () => {
    const a = await freshUser('취소3');
    const b = await freshUser('취소4');
    const r = await t.call(a, 'POST', '/api/v1/pin/700/check', { check: true });
    const other = await t.call(b, 'POST', `/api/v1/me/actions/${r.body.result.actionId}/undo`);
    expect(other.status).toBe(404);
    expect(other.body.error?.messageTranslated).toBe('되돌릴 작업을 찾을 수 없습니다.');
    expect(await mine(a)).toEqual([700]);
    expect((await t.call(a, 'POST', '/api/v1/me/actions/abc/undo')).status).toBe(400);
    expect((await t.call(null, 'GET', '/api/v1/me/actions')).status).toBe(401);
    expect((await t.call(null, 'POST', `/api/v1/me/actions/${r.body.result.actionId}/undo`)).status).toBe(401);
  });
});

describe('export and import', () => {
  it('export from one account and import into another reproduces the checks (JSON and CSV)', async () => {
    const from = await freshUser('내보내기1');
    await t.call(from, 'POST', '/api/v1/pin/batch-check', { pinIds: [800, 801, 802, 803], check: true });
    const exp = await t.call(from, 'GET', '/api/v1/me/export');
    expect(exp.body.result).toMatchObject({ version: 1, exportedAt: expect.any(Number) });
    expect(exp.body.result.pins.map((p: { pinId: number }) => p.pinId)).toEqual([800, 801, 802, 803]);
    expect(exp.body.result.pins[0].checkedAt).toEqual(expect.any(Number));
    const csv = await t.as(from, { method: 'GET', url: '/api/v1/me/export?format=csv' });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toBe('pinId,checkedAt');
    expect(csv.body).toContain('\n803,');

    const to = await freshUser('가져오기1');
    await t.call(to, 'POST', '/api/v1/pin/batch-check', { pinIds: [900], check: true });
    const preview = await t.call(to, 'POST', '/api/v1/me/import', { mode: 'replace', data: exp.body.result, preview: true });
    expect(preview.body.result).toEqual({ applied: false, mode: 'replace', add: 4, remove: 1, unchanged: 0, unknown: 0, ignored: 0 });
    expect(await mine(to)).toEqual([900]); // the preview changes nothing
    const merged = await t.call(to, 'POST', '/api/v1/me/import', { mode: 'merge', data: csv.body });
    expect(merged.body.result).toMatchObject({ applied: true, add: 4, remove: 0 });
    expect(await mine(to)).toEqual([800, 801, 802, 803, 900]);
    const replaced = await t.call(to, 'POST', '/api/v1/me/import', { mode: 'replace', data: exp.body.result });
    expect(replaced.body.result).toMatchObject({ applied: true, add: 0, remove: 1, unchanged: 4 });
    expect(await mine(to)).toEqual(await mine(from));
    // The import is an action like any other: it can be undone.
    await t.call(to, 'POST', `/api/v1/me/actions/${replaced.body.result.actionId}/undo`);
    expect(await mine(to)).toEqual([800, 801, 802, 803, 900]);
    expect(await exactCounts()).toBe(0);
  });

  it("keeps the file's checkedAt as the marks' times; a pin changed on the server after that time is ignored", async () => {
    const day = 86_400_000;
    const t0 = Date.now() - 10 * day;
    const from = await freshUser('시간내보내기');
    for (const [pin, at] of [[810, t0], [811, t0 + 1000], [812, t0 + 2000]]) await t.call(from, 'POST', `/api/v1/pin/${pin}/check`, { check: true, at });
    const exp = (await t.call(from, 'GET', '/api/v1/me/export')).body.result;
    expect(exp.pins).toEqual([{ pinId: 810, checkedAt: t0 }, { pinId: 811, checkedAt: t0 + 1000 }, { pinId: 812, checkedAt: t0 + 2000 }]);

    const to = await freshUser('시간가져오기');
    // Found and then not found on this account after the file's time: that later unmark stands.
    await t.call(to, 'POST', '/api/v1/pin/811/check', { check: true, at: t0 + 4000 });
    await t.call(to, 'POST', '/api/v1/pin/811/check', { check: false, at: t0 + 5000 });
    const preview = await t.call(to, 'POST', '/api/v1/me/import', { mode: 'merge', data: exp, preview: true });
    expect(preview.body.result).toEqual({ applied: false, mode: 'merge', add: 2, remove: 0, unchanged: 0, unknown: 0, ignored: 1 });
    const applied = await t.call(to, 'POST', '/api/v1/me/import', { mode: 'merge', data: exp });
    expect(applied.body.result).toMatchObject({ applied: true, add: 2, remove: 0, ignored: 1 });
    expect(await mine(to)).toEqual([810, 812]);
    expect((await t.call(to, 'GET', '/api/v1/me/export')).body.result.pins).toEqual([{ pinId: 810, checkedAt: t0 }, { pinId: 812, checkedAt: t0 + 2000 }]);
    // An unmark made on another device after the file's time (but before the import) replays late and applies.
    expect((await t.call(to, 'POST', '/api/v1/pin/810/check', { check: false, at: t0 + 500 })).body.result.check).toBe(false);
    expect(await mine(to)).toEqual([812]);
    expect(await exactCounts()).toBe(0);
  });

  it('keeps the CSV times too; a future time becomes the server time, a pin without a time gets the import time', async () => {
    const t0 = Date.now() - 3 * 86_400_000;
    const user = await freshUser('시간CSV');
    const csv = `pinId,checkedAt\n820,${new Date(t0).toISOString()}\n821,${new Date(Date.now() + 365 * 86_400_000).toISOString()}\n`;
    const before = Date.now();
    expect((await t.call(user, 'POST', '/api/v1/me/import', { mode: 'merge', data: csv })).body.result).toMatchObject({ applied: true, add: 2 });
    await t.call(user, 'POST', '/api/v1/me/import', { mode: 'merge', data: { version: 1, pins: [{ pinId: 822 }] } });
    const pins: { pinId: number; checkedAt: number }[] = (await t.call(user, 'GET', '/api/v1/me/export')).body.result.pins;
    expect(pins[0]).toEqual({ pinId: 820, checkedAt: t0 });
    for (const p of pins.slice(1)) {
      expect(p.checkedAt).toBeGreaterThanOrEqual(before);
      expect(p.checkedAt).toBeLessThanOrEqual(Date.now());
    }
  });

  it('refuses a bad file with a clear message and changes nothing', async () => {
    const user = await freshUser('가져오기2');
    await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: [950], check: true });
    const cases: [unknown, string][] = [
      [{ version: 1, pins: [{ pinId: 1 }, { pinId: 'x' }] }, '진행 상황 파일을 읽을 수 없습니다'],
      [{ version: 9, pins: [] }, '지원하지 않는 파일 버전입니다 (9).'],
      [[1, 2], '진행 상황 파일을 읽을 수 없습니다'],
      ['pinId,checkedAt\n1,2026\nabc,2026\n', '파일의 3번째 줄을 읽을 수 없습니다.'],
      [null, '진행 상황 파일을 읽을 수 없습니다'],
      [{ version: 1, pins: [{ pinId: 1, checkedAt: 'yesterday' }] }, '진행 상황 파일을 읽을 수 없습니다'],
      [{ version: 1, pins: [{ pinId: 1, checkedAt: -5 }] }, '진행 상황 파일을 읽을 수 없습니다'],
      ['pinId,checkedAt\n1,2026-01-01T00:00:00.000Z\n2,어제\n', '파일의 3번째 줄을 읽을 수 없습니다.'],
    ];
    for (const [data, message] of cases) {
      const r = await t.call(user, 'POST', '/api/v1/me/import', { mode: 'replace', data });
      expect(r.status, JSON.stringify(data)).toBe(400);
      expect(r.body.error?.messageTranslated).toContain(message);
    }
    expect((await t.call(user, 'POST', '/api/v1/me/import', { mode: 'wipe', data: { version: 1, pins: [] } })).status).toBe(400);
    expect(await mine(user)).toEqual([950]);
    // Pins that no longer exist are skipped and counted.
    const skip = await t.call(user, 'POST', '/api/v1/me/import', { mode: 'merge', data: { version: 1, pins: [{ pinId: 951 }, { pinId: 999_999 }] }, preview: true });
    expect(skip.body.result).toMatchObject({ add: 1, unknown: 1 });
    expect((await t.call(null, 'GET', '/api/v1/me/export')).status).toBe(401);
    expect((await t.call(null, 'POST', '/api/v1/me/import', { mode: 'merge', data: '' })).status).toBe(401);
  });
});
