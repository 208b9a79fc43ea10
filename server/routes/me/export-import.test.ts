import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededApp } from '../../test-helper';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp(1500);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const mine = async (user: number): Promise<number[]> => (await t.call(user, 'GET', '/api/v1/me/checks')).body.result.pinIds;
const exactCounts = async () =>
  (
    await t.one<{ bad: number }>(
      'select count(*)::int as bad from pins p where total_checks <> (select count(*) from checks c where c.pin_id = p.id)',
    )
  ).bad;

describe('export and import', () => {
  it('export from one account and import into another reproduces the checks (JSON and CSV)', async () => {
    const from = await t.newUser('내보내기1');
    await t.call(from, 'POST', '/api/v1/pin/batch-check', { pinIds: [800, 801, 802, 803], check: true });
    const exp = await t.call(from, 'GET', '/api/v1/me/export');
    expect(exp.body.result).toMatchObject({ version: 1, exportedAt: expect.any(Number) });
    expect(exp.body.result.pins.map((p: { pinId: number }) => p.pinId)).toEqual([800, 801, 802, 803]);
    expect(exp.body.result.pins[0].checkedAt).toEqual(expect.any(Number));
    const csv = await t.as(from, { method: 'GET', url: '/api/v1/me/export?format=csv' });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toBe('pinId,checkedAt');
    expect(csv.body).toContain('\n803,');

    const to = await t.newUser('가져오기1');
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
    const from = await t.newUser('시간내보내기');
    for (const [pin, at] of [
      [810, t0],
      [811, t0 + 1000],
      [812, t0 + 2000],
    ])
      await t.call(from, 'POST', `/api/v1/pin/${pin}/check`, { check: true, at });
    const exp = (await t.call(from, 'GET', '/api/v1/me/export')).body.result;
    expect(exp.pins).toEqual([
      { pinId: 810, checkedAt: t0 },
      { pinId: 811, checkedAt: t0 + 1000 },
      { pinId: 812, checkedAt: t0 + 2000 },
    ]);

    const to = await t.newUser('시간가져오기');
    // Found and then not found on this account after the file's time: that later unmark stands.
    await t.call(to, 'POST', '/api/v1/pin/811/check', { check: true, at: t0 + 4000 });
    await t.call(to, 'POST', '/api/v1/pin/811/check', { check: false, at: t0 + 5000 });
    const preview = await t.call(to, 'POST', '/api/v1/me/import', { mode: 'merge', data: exp, preview: true });
    expect(preview.body.result).toEqual({ applied: false, mode: 'merge', add: 2, remove: 0, unchanged: 0, unknown: 0, ignored: 1 });
    const applied = await t.call(to, 'POST', '/api/v1/me/import', { mode: 'merge', data: exp });
    expect(applied.body.result).toMatchObject({ applied: true, add: 2, remove: 0, ignored: 1 });
    expect(await mine(to)).toEqual([810, 812]);
    expect((await t.call(to, 'GET', '/api/v1/me/export')).body.result.pins).toEqual([
      { pinId: 810, checkedAt: t0 },
      { pinId: 812, checkedAt: t0 + 2000 },
    ]);
    // An unmark made on another device after the file's time (but before the import) replays late and applies.
    expect((await t.call(to, 'POST', '/api/v1/pin/810/check', { check: false, at: t0 + 500 })).body.result.check).toBe(false);
    expect(await mine(to)).toEqual([812]);
    expect(await exactCounts()).toBe(0);
  });

  it('keeps the CSV times too; a future time becomes the server time, a pin without a time gets the import time', async () => {
    const t0 = Date.now() - 3 * 86_400_000;
    const user = await t.newUser('시간CSV');
    const csv = `pinId,checkedAt\n820,${new Date(t0).toISOString()}\n821,${new Date(Date.now() + 365 * 86_400_000).toISOString()}\n`;
    const before = Date.now();
    expect((await t.call(user, 'POST', '/api/v1/me/import', { mode: 'merge', data: csv })).body.result).toMatchObject({
      applied: true,
      add: 2,
    });
    await t.call(user, 'POST', '/api/v1/me/import', { mode: 'merge', data: { version: 1, pins: [{ pinId: 822 }] } });
    const pins: { pinId: number; checkedAt: number }[] = (await t.call(user, 'GET', '/api/v1/me/export')).body.result.pins;
    expect(pins[0]).toEqual({ pinId: 820, checkedAt: t0 });
    for (const p of pins.slice(1)) {
      expect(p.checkedAt).toBeGreaterThanOrEqual(before);
      expect(p.checkedAt).toBeLessThanOrEqual(Date.now());
    }
  });

  it('refuses a bad file with a clear message and changes nothing', async () => {
    const user = await t.newUser('가져오기2');
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
    const skip = await t.call(user, 'POST', '/api/v1/me/import', {
      mode: 'merge',
      data: { version: 1, pins: [{ pinId: 951 }, { pinId: 999_999 }] },
      preview: true,
    });
    expect(skip.body.result).toMatchObject({ add: 1, unknown: 1 });
    expect((await t.call(null, 'GET', '/api/v1/me/export')).status).toBe(401);
    expect((await t.call(null, 'POST', '/api/v1/me/import', { mode: 'merge', data: '' })).status).toBe(401);
  });
});
