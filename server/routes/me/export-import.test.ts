import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { miscountedPins, seededApp } from '../../test-helper';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp(1500);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const mine = async (user: number): Promise<number[]> => (await t.call(user, 'GET', '/api/v1/me/checks')).body.result.pinIds;

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
    expect(preview.body.result).toEqual({ applied: false, mode: 'replace', add: 4, remove: 1, unchanged: 0, unknown: 0 });
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
    expect(await miscountedPins(t.db)).toBe(0);
  });

  it('a backup restores: re-importing your own export after changes, merge or replace, JSON or CSV (issue 25 item 1)', async () => {
    const user = await t.newUser('백업복원');
    await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: [830, 831, 832, 833], check: true });
    const json = (await t.call(user, 'GET', '/api/v1/me/export')).body.result;
    const csv = (await t.as(user, { method: 'GET', url: '/api/v1/me/export?format=csv' })).body;
    const before = json.pins;
    // Changes after the export: two found pins unmarked, two new ones found.
    const change = async () => {
      await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: [830, 831], check: false });
      await t.call(user, 'POST', '/api/v1/pin/batch-check', { pinIds: [834, 835], check: true });
    };
    for (const data of [json, csv]) {
      await change();
      const preview = await t.call(user, 'POST', '/api/v1/me/import', { mode: 'replace', data, preview: true });
      expect(preview.body.result).toEqual({ applied: false, mode: 'replace', add: 2, remove: 2, unchanged: 2, unknown: 0 });
      const replaced = await t.call(user, 'POST', '/api/v1/me/import', { mode: 'replace', data });
      expect(replaced.body.result).toMatchObject({ applied: true, add: 2, remove: 2 });
      // Exactly the file's progress, with the file's times.
      expect((await t.call(user, 'GET', '/api/v1/me/export')).body.result.pins).toEqual(before);

      await change();
      const merged = await t.call(user, 'POST', '/api/v1/me/import', { mode: 'merge', data });
      expect(merged.body.result).toMatchObject({ applied: true, add: 2, remove: 0, unchanged: 2 });
      expect(await mine(user)).toEqual([830, 831, 832, 833, 834, 835]);
      // One undoable action: undo brings back the state just before the restore.
      await t.call(user, 'POST', `/api/v1/me/actions/${merged.body.result.actionId}/undo`);
      expect(await mine(user)).toEqual([832, 833, 834, 835]);
      await t.call(user, 'POST', '/api/v1/me/import', { mode: 'replace', data: json });
      expect((await t.call(user, 'GET', '/api/v1/me/export')).body.result.pins).toEqual(before);
    }
    expect(await miscountedPins(t.db)).toBe(0);
  });

  it("keeps the file's checkedAt as when pins were found; the restore itself is the pins' newest change", async () => {
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
    // Found and then not found on this account after the file's time: the restore still finds it.
    await t.call(to, 'POST', '/api/v1/pin/811/check', { check: true, at: t0 + 4000 });
    await t.call(to, 'POST', '/api/v1/pin/811/check', { check: false, at: t0 + 5000 });
    const applied = await t.call(to, 'POST', '/api/v1/me/import', { mode: 'merge', data: exp });
    expect(applied.body.result).toMatchObject({ applied: true, add: 3, remove: 0 });
    expect(await mine(to)).toEqual([810, 811, 812]);
    expect((await t.call(to, 'GET', '/api/v1/me/export')).body.result.pins).toEqual(exp.pins);
    // An unmark made on another device before the restore, replayed late, no longer undoes it.
    expect((await t.call(to, 'POST', '/api/v1/pin/810/check', { check: false, at: Date.now() - 60_000 })).body.result.check).toBe(true);
    expect(await mine(to)).toEqual([810, 811, 812]);
    // One made after it applies.
    expect((await t.call(to, 'POST', '/api/v1/pin/810/check', { check: false })).body.result.check).toBe(false);
    expect(await miscountedPins(t.db)).toBe(0);
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
      // Pin ids are strictly decimal (issue 23 item 9); a third column is named, not ignored.
      ['pinId,checkedAt\n0x10,2026-01-01T00:00:00.000Z\n', '파일의 2번째 줄을 읽을 수 없습니다.'],
      ['pinId,checkedAt\n5\n1e3\n', '파일의 3번째 줄을 읽을 수 없습니다.'],
      ['pinId,checkedAt\n+7\n', '파일의 2번째 줄을 읽을 수 없습니다.'],
      ['pinId,checkedAt\n1,2026-01-01T00:00:00.000Z\n2,2026-01-01T00:00:00.000Z,메모\n', '파일의 3번째 줄에 칸이 너무 많습니다.'],
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
