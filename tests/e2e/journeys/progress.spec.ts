import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { ko } from '../../../src/i18n/ko';
import { expect, test } from '../fixtures';
import {
  expectOneUndoToast,
  expectToast,
  findPin,
  lookAt,
  mapAtRestWithPins,
  mapCentre,
  signInByCalls,
  signInLocally,
  toastsShown,
} from './helpers';

// Progress a player can trust (issue 14): undo, every device in agreement, live marks, export/import.

/** The account's found pins, read with this browser's own cookies. */
async function foundPins(request: APIRequestContext, base: string): Promise<number[]> {
  const body = await (await request.get(`${base}/api/v1/me/checks`)).json();
  return (body.result?.pinIds ?? []) as number[];
}

/** Pins of the demo world in `category`, as the app reads them. */
async function pinIdsOf(request: APIRequestContext, base: string, category: number): Promise<number[]> {
  const body = (await (await request.get(`${base}/api/v1/category/${category}/pins-proto`)).json()) as {
    result: { pins: { id: number }[] };
  };
  return body.result.pins.map((p) => p.id).sort((a, b) => a - b);
}

/** A second device of the same player: its own browser context, signed in with the same e-mail. */
async function secondDevice(browser: Browser, base: string, email: string): Promise<Page> {
  const ctx = await browser.newContext({ locale: 'ko-KR' });
  const page = await ctx.newPage();
  await signInByCalls(page, email, undefined, base);
  return page;
}

/** A page's first load can be slow on a busy machine; later steps keep the default timeouts. */
const LOAD = { timeout: 60_000 };
const foundButton = (page: Page) => page.getByRole('button', { name: ko.markNotFound });
const notFoundButton = (page: Page) => page.getByRole('button', { name: ko.markFound });

test('undo: the toast, Ctrl+Z, and undoing a 300-pin batch from /mypage restores exactly the earlier state', async ({ page, server }) => {
  const base = server.url;
  await signInByCalls(page, `undo${Date.now()}@example.com`, '되돌리기탐험가', base);
  const pin = await findPin(page.request, base, { category: 1, region: 0 });

  // A single mark offers "실행 취소" in a toast; pressing it takes the mark back.
  await page.goto(`${base}/pin/${pin.id}`);
  await notFoundButton(page).click(LOAD);
  await expect(foundButton(page)).toBeVisible();
  await expect.poll(() => foundPins(page.request, base)).toEqual([pin.id]);
  await page.locator('[data-sonner-toast]').getByRole('button', { name: ko.undo }).click();
  await expect(notFoundButton(page)).toBeVisible();
  await expect.poll(() => foundPins(page.request, base)).toEqual([]);

  // Ctrl+Z undoes the last mark too, once the device holds it as its last change (its toast says so: the server
  // may already have the mark before this device has its answer, on a loaded machine).
  const marked = await toastsShown(page, MARKED);
  await notFoundButton(page).click();
  await expect.poll(() => toastsShown(page, MARKED)).toBeGreaterThan(marked);
  await expect.poll(() => foundPins(page.request, base)).toEqual([pin.id]);
  await page.locator('body').press('Control+z');
  await expect(notFoundButton(page)).toBeVisible();
  await expect.poll(() => foundPins(page.request, base)).toEqual([]);

  // Pins found before the batch stay found after its undo.
  const ids = (await pinIdsOf(page.request, base, 2)).slice(0, 300);
  expect(ids).toHaveLength(300);
  const before = ids.slice(0, 5);
  await page.request.post(`${base}/api/v1/pin/batch-check`, { data: { pinIds: before, check: true } });
  const batch = await (await page.request.post(`${base}/api/v1/pin/batch-check`, { data: { pinIds: ids, check: true } })).json();
  expect(await foundPins(page.request, base)).toHaveLength(300);

  await page.goto(`${base}/mypage`);
  const row = page.getByTestId('recent-actions').locator(`[data-action-id="${batch.result.actionId}"]`);
  await expect(row).toContainText(ko.actionPins(295));
  await expect(row).toContainText(ko.actionKind.batch!);
  await row.getByRole('button', { name: ko.undo }).click();
  await expectToast(page, ko.undone);
  await expect(row).toContainText(ko.actionUndone);
  expect(await foundPins(page.request, base)).toEqual(before);
});

const MARKED = /찾음으로 표시했습니다/;

/** Draws a rectangle with the map's range tool about the map centre and applies "found" to what it selected; answers how many. */
async function rangeMarkFound(page: Page): Promise<number> {
  await page.goto('/?bench');
  // A drag selects among the pins drawn: wait for them, and for the camera at rest.
  await mapAtRestWithPins(page);
  await page.getByRole('button', { name: /사각형 범위 선택/ }).click(LOAD);
  const c = await mapCentre(page);
  const banner = page.getByRole('button', { name: /개 선택됨/ });
  await page.mouse.move(c.x - 300, c.y - 250);
  await page.mouse.down();
  await page.mouse.move(c.x + 300, c.y + 250, { steps: 8 });
  await page.mouse.up();
  await expect(banner).toContainText(/[1-9][\d,]*개 선택됨/);
  const n = Number((await banner.textContent())!.match(/([\d,]+)개 선택됨/)![1]!.replace(/,/g, ''));
  await page.keyboard.press('Escape');
  const dialog = page.getByRole('dialog', { name: '선택한 핀에 적용' });
  await expect(dialog).toContainText(ko.applyToPins(n));
  const shown = await toastsShown(page, MARKED);
  await dialog.getByRole('button', { name: ko.selectionApply }).click();
  await expect(dialog).toBeHidden();
  await expectOneUndoToast(page, MARKED, shown, ko.undo);
  return n;
}

test('undo in the toast after a range batch on the map restores exactly the earlier state; /mypage names the device', async ({
  page,
  server,
}) => {
  test.setTimeout(240_000);
  const base = server.url;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInLocally(page, `range${Date.now()}@example.com`, '범위되돌리기탐험가', base);
  const toasts = page.locator('[data-sonner-toast]');

  // The earlier state: half of what the rectangle holds found, half not, and one pin elsewhere found.
  const first = await rangeMarkFound(page);
  await expect.poll(() => foundPins(page.request, base)).toHaveLength(first);
  const inRange = await foundPins(page.request, base);
  const elsewhere = (await pinIdsOf(page.request, base, 2)).find((id) => !inRange.includes(id))!;
  await page.request.post(`${base}/api/v1/pin/batch-check`, { data: { pinIds: inRange.filter((_, i) => i % 2 === 1), check: false } });
  await page.request.post(`${base}/api/v1/pin/batch-check`, { data: { pinIds: [elsewhere], check: true } });
  const before = await foundPins(page.request, base);
  expect(before.length).toBe(Math.ceil(first / 2) + 1);
  await expect(toasts).toHaveCount(0, { timeout: 30_000 });

  // The same rectangle again, applied, and "실행 취소" pressed in its toast at once (it offers undo for 10 s).
  await rangeMarkFound(page);
  const undo = toasts.filter({ hasText: /찾음으로 표시했습니다/ }).getByRole('button', { name: ko.undo });
  await lookAt(page, { path: '/tmp/i14-range-undo-toast.png' });
  // A click event on the button itself: toasts slide as others arrive, and on a loaded machine the
  // 10 s can pass while Playwright waits for the button to stand still.
  await undo.dispatchEvent('click');
  await expectToast(page, ko.undone);
  await expect.poll(() => foundPins(page.request, base)).toEqual(before);

  // /mypage lists the batch and its undo with the device they were made on.
  const { actions } = (await (await page.request.get(`${base}/api/v1/me/actions`)).json()).result as {
    actions: { id: number; kind: string; count: number; undoneAt: number | null }[];
  };
  expect(actions.slice(0, 2).map((a) => a.kind)).toEqual(['undo', 'batch']);
  // The batch changed some pins (the ones the rectangle held that were not found); the undo took back exactly those.
  expect(actions[1]!.count).toBeGreaterThan(0);
  expect(actions[0]!.count).toBe(actions[1]!.count);
  expect(actions[1]!.undoneAt).not.toBeNull();
  await page.goto(`${base}/mypage`);
  for (const a of actions.slice(0, 2)) {
    const row = page.getByTestId('recent-actions').locator(`[data-action-id="${a.id}"]`);
    await expect(row).toContainText(ko.actionKind[a.kind]!, LOAD);
    // Playwright's Chromium on Linux, as the server names it from the User-Agent.
    await expect(row).toContainText('Linux · Chrome');
  }
  await expect(page.getByTestId('recent-actions').locator(`[data-action-id="${actions[1]!.id}"]`)).toContainText(ko.actionUndone);
  await lookAt(page.getByTestId('recent-actions'), { path: '/tmp/i14-recent-actions.png' });
});

test('two devices, one offline, end in the state of the later change on both', async ({ page, server, browser }) => {
  const base = server.url;
  const email = `twodev${Date.now()}@example.com`;
  await signInByCalls(page, email, '두기기탐험가', base);
  const desktop = await secondDevice(browser, base, email);
  const phone = page;
  const p = await findPin(phone.request, base, { category: 1, region: 0 });

  // The phone loses the network (its API calls fail as offline) and marks p found: the mark
  // waits in its outbox. (Routing, not setOffline: Chromium's offline emulation leaves the
  // call hanging rather than failing while the event stream reconnects.)
  await phone.goto(`${base}/pin/${p.id}`);
  await expect(notFoundButton(phone)).toBeVisible(LOAD);
  await phone.context().route('**/api/**', (route) => route.abort('internetdisconnected'));
  await notFoundButton(phone).click();
  await expect(foundButton(phone)).toBeVisible();
  await expectToast(phone, ko.checksQueued);

  // Later, on the desktop: p found, then not found again.
  await desktop.goto(`${base}/pin/${p.id}`);
  await expect(notFoundButton(desktop)).toBeVisible(LOAD);
  await notFoundButton(desktop).click();
  await expect(foundButton(desktop)).toBeVisible();
  await foundButton(desktop).click();
  await expect(notFoundButton(desktop)).toBeVisible();
  await expect.poll(() => foundPins(desktop.request, base)).toEqual([]);

  // The phone comes back: its older mark must not resurrect p, on either device.
  await phone.context().unrouteAll();
  await phone.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect
    .poll(
      () =>
        phone.evaluate(async () => {
          // The outbox ('pins store v2') empties once the server has answered the waiting mark.
          const open = indexedDB.open('pins store v2');
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            open.onsuccess = () => resolve(open.result);
            open.onerror = () => reject(open.error);
          });
          const count = db.transaction('outbox').objectStore('outbox').count();
          const n = await new Promise<number>((resolve) => {
            count.onsuccess = () => resolve(count.result);
          });
          db.close();
          return n;
        }),
      { timeout: 30_000 },
    )
    .toBe(0);
  expect(await foundPins(phone.request, base)).toEqual([]);
  await expect(notFoundButton(phone)).toBeVisible();
  await expect(notFoundButton(desktop)).toBeVisible();
  await phone.reload();
  await expect(notFoundButton(phone)).toBeVisible(LOAD);
  await desktop.context().close();
});

test('a mark on one device shows on the other within 2 s, pushed by the server', async ({ page, server, browser }) => {
  const base = server.url;
  const email = `live${Date.now()}@example.com`;
  await signInByCalls(page, email, '실시간탐험가', base);
  const other = await secondDevice(browser, base, email);
  const pin = await findPin(page.request, base, { category: 1, region: 0 });
  await page.goto(`${base}/pin/${pin.id}`);
  await other.goto(`${base}/pin/${pin.id}`);
  await expect(notFoundButton(page)).toBeVisible(LOAD);
  await expect(notFoundButton(other)).toBeVisible(LOAD);
  // The other device follows the player's changes live from now on (its stream's ready).
  await expect(other.locator('html')).toHaveAttribute('data-live-checks', /\d+/);
  await notFoundButton(page).click();
  await expect(foundButton(page)).toBeVisible();
  await expect(foundButton(other)).toBeVisible({ timeout: 2000 });
  await foundButton(page).click();
  await expect(notFoundButton(other)).toBeVisible({ timeout: 2000 });
  await other.context().close();
});

test('export from one account and import into another reproduces the checks, after a preview', async ({ page, server, browser }) => {
  const base = server.url;
  await signInByCalls(page, `export${Date.now()}@example.com`, '내보내기탐험가', base);
  const ids = (await pinIdsOf(page.request, base, 1)).slice(10, 60);
  await page.request.post(`${base}/api/v1/pin/batch-check`, { data: { pinIds: ids, check: true } });
  await page.goto(`${base}/mypage`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: ko.exportJson }).click();
  const file = await (await download).path();
  const text = await readFile(file, 'utf8');
  expect(text).toContain('"version":1');

  const other = await (await browser.newContext({ locale: 'ko-KR' })).newPage();
  await signInByCalls(other, `import${Date.now()}@example.com`, '가져오기탐험가', base);
  await other.request.post(`${base}/api/v1/pin/batch-check`, { data: { pinIds: [ids[0]!], check: true } });
  await other.goto(`${base}/mypage`);
  // A bad file is refused with a clear message, and nothing changes.
  await other
    .getByTestId('import-file')
    .setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"version":7,"pins":[]}') });
  await expect(other.getByRole('alert')).toContainText('지원하지 않는 파일 버전입니다');
  // The preview says what will change before anything does.
  await other.getByRole('radio', { name: ko.importReplace }).check();
  await other.getByTestId('import-file').setInputFiles(file);
  await expect(other.getByTestId('import-preview')).toContainText(ko.importPreview(49, 0, 1, 0));
  expect(await foundPins(other.request, base)).toEqual([ids[0]]);
  await other.getByRole('button', { name: ko.importApplyReplace }).click();
  await expectToast(other, ko.importDone(49, 0));
  expect(await foundPins(other.request, base)).toEqual(await foundPins(page.request, base));
  await other.context().close();
});

// Issue 25 item 1: a backup restores, whatever changed since; the switch shows its state and warns before replace.
test('a backup restores: export CSV, change things, re-import it (replace, then merge); the switch shows its mode', async ({
  page,
  server,
}) => {
  test.setTimeout(180_000);
  const base = server.url;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInByCalls(page, `restore${Date.now()}@example.com`, '복원탐험가', base);
  const ids = (await pinIdsOf(page.request, base, 1)).slice(0, 40);
  await page.request.post(`${base}/api/v1/pin/batch-check`, { data: { pinIds: ids.slice(0, 30), check: true } });
  await page.goto(`${base}/mypage`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: ko.exportCsv }).click(LOAD);
  const file = await (await download).path();
  expect((await readFile(file, 'utf8')).trim().split('\n')).toHaveLength(31);

  // After the export: 28 of its pins unmarked, 10 others found (the report's "28개는 그대로 둠").
  await page.request.post(`${base}/api/v1/pin/batch-check`, { data: { pinIds: ids.slice(0, 28), check: false } });
  await page.request.post(`${base}/api/v1/pin/batch-check`, { data: { pinIds: ids.slice(30), check: true } });
  await page.reload();

  const merge = page.getByRole('radio', { name: ko.importMerge });
  const replace = page.getByRole('radio', { name: ko.importReplace });
  await expect(merge).toBeChecked(LOAD);
  await expect(replace).not.toBeChecked();
  await replace.check();
  await expect(replace).toBeChecked();
  await expect(merge).not.toBeChecked();
  await expect(page.getByTestId('import-mode-hint')).toHaveText(ko.importReplaceWarning);
  await page.getByTestId('import-file').setInputFiles(file);
  const preview = page.getByTestId('import-preview');
  await expect(preview).toContainText(ko.importPreview(28, 10, 2, 0));
  await expect(preview).toContainText(ko.importReplaceConfirm(10));
  await lookAt(page.getByRole('region', { name: ko.progressTitle }), { path: '/tmp/i25-import-replace.png' });
  const shown = await toastsShown(page, /가져왔습니다/);
  await preview.getByRole('button', { name: ko.importApplyReplace }).click();
  await expectOneUndoToast(page, /가져왔습니다/, shown, ko.undo);
  // Slid in, so the screenshot shows it.
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: /가져왔습니다/ })).toBeInViewport({ ratio: 1 });
  await lookAt(page, { path: '/tmp/i25-import-toast.png' });
  await expect.poll(() => foundPins(page.request, base)).toEqual(ids.slice(0, 30));

  // Merge after more changes: the file's found pins come back, the rest stays.
  await page.request.post(`${base}/api/v1/pin/batch-check`, { data: { pinIds: ids.slice(0, 5), check: false } });
  await page.request.post(`${base}/api/v1/pin/batch-check`, { data: { pinIds: ids.slice(35), check: true } });
  await merge.check();
  await expect(page.getByTestId('import-mode-hint')).toHaveText(ko.importMergeHint);
  await page.getByTestId('import-file').setInputFiles(file);
  await expect(preview).toContainText(ko.importPreview(5, 0, 25, 0));
  await lookAt(page.getByRole('region', { name: ko.progressTitle }), { path: '/tmp/i25-import-merge.png' });
  await preview.getByRole('button', { name: ko.importApply }).click();
  await expect.poll(() => foundPins(page.request, base)).toEqual([...ids.slice(0, 30), ...ids.slice(35)]);

  // A file with a third column is refused, naming its line, and nothing changes.
  await page.getByTestId('import-file').setInputFiles({
    name: 'notes.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`pinId,checkedAt\n${ids[0]},2026-01-01T00:00:00.000Z,메모\n`),
  });
  await expect(page.getByRole('alert')).toContainText('파일의 2번째 줄에 칸이 너무 많습니다.');
});
