import type { APIRequestContext } from '@playwright/test';
import { REGIONS } from '../../../common/regions';
import { ko } from '../../../src/i18n/ko';
import { expect, test } from '../fixtures';
import { expectToast, lookAt, PHONE, signInLocally } from './helpers';

// Issue 25 item 10: a visitor marks pins found on this device (IndexedDB); signing in offers to
// merge them into the account, with a preview of the count, as one action that can be undone.

async function twoPins(request: APIRequestContext, base: string): Promise<number[]> {
  const res = await request.get(`${base}/api/v1/category/1/pins-proto`);
  const body = (await res.json()) as { result: { pins: { id: number; coordZ?: number | null; region?: number }[] } };
  return body.result.pins
    .filter((p) => p.coordZ == null && p.region === 0)
    .slice(0, 2)
    .map((p) => p.id);
}

test('a visitor marks pins found, keeps them across a reload, and merges them into the account on sign-in', async ({ page, server }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const pins = await twoPins(page.request, server.url);
  expect(pins).toHaveLength(2);
  const accountChecks = async (): Promise<number[]> =>
    ((await (await page.request.get(`${server.url}/api/v1/me/checks`)).json()).result?.pinIds ?? []) as number[];

  for (const id of pins) {
    await page.goto(`/pin/${id}`);
    await page.getByRole('button', { name: ko.markFound }).click();
    await expect(page.getByRole('button', { name: ko.markNotFound })).toBeVisible();
  }
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: ko.loginRequired })).toHaveCount(0);

  // Kept on this device: a reload still shows the mark.
  await page.reload();
  await expect(page.getByRole('button', { name: ko.markNotFound })).toBeVisible({ timeout: 60_000 });

  await signInLocally(page, `visitor-merge${Date.now()}@example.com`, '방문자합치기', server.url);
  const prompt = page.getByRole('dialog', { name: ko.visitorMerge.title });
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  await expect(prompt).toContainText(ko.visitorMerge.preview(2));
  await lookAt(page, { path: '/tmp/i25-visitor-merge-prompt.png' });
  expect(await accountChecks()).toEqual([]);

  await prompt.getByRole('button', { name: ko.visitorMerge.merge }).click();
  await expect(prompt).toBeHidden();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: ko.markedFound(2) });
  await expect(toast).toBeVisible();
  await expect.poll(async () => (await accountChecks()).sort()).toEqual([...pins].sort());

  // One action: one undo takes both back.
  await toast.getByRole('button', { name: ko.undo }).click();
  await expectToast(page, ko.undone);
  await expect.poll(accountChecks).toEqual([]);

  // Merged once: the device's visitor marks are gone, so a reload asks nothing.
  await page.reload();
  await expect(
    page
      .getByTestId('map-view')
      .or(page.getByRole('button', { name: ko.markFound }))
      .first(),
  ).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('dialog', { name: ko.visitorMerge.title })).toHaveCount(0);
});

test('a visitor on a phone sees the merge prompt fit the screen (390×844 touch)', async ({ browser, server }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ ...PHONE, baseURL: server.url });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('mapToolsHintDismissed', '1'));
  const [pin] = await twoPins(page.request, server.url);
  await page.goto(`/pin/${pin}`);
  await page.getByRole('button', { name: ko.markFound }).tap();
  await expect(page.getByRole('button', { name: ko.markNotFound })).toBeVisible();
  await signInLocally(page, `visitor-phone${Date.now()}@example.com`, '폰방문자', server.url);
  const prompt = page.getByRole('dialog', { name: ko.visitorMerge.title });
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  await expect(prompt).toContainText(ko.visitorMerge.preview(1));
  await expect(prompt).toBeInViewport({ ratio: 1 });
  await lookAt(page, { path: '/tmp/i25-visitor-merge-prompt-390.png' });
  // Declined: the account is left as it was (and the device forgets the marks, so it does not ask again).
  await prompt.getByRole('button', { name: ko.visitorMerge.discard }).tap();
  await expect(prompt).toBeHidden();
  const checks = ((await (await page.request.get(`${server.url}/api/v1/me/checks`)).json()).result?.pinIds ?? []) as number[];
  expect(checks).toEqual([]);
  await context.close();
});

// From review: a visitor's marks count on the panel and on the search page as on the map, and a mark of a pin
// since deleted (or hidden) neither blocks the merge nor counts in its preview.
test("a visitor's marks count on the panel and in search; a pin since deleted is left out of the merge", async ({ page, server }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const pins = await twoPins(page.request, server.url);
  for (const id of pins) {
    await page.goto(`/pin/${id}`);
    await page.getByRole('button', { name: ko.markFound }).click();
    await expect(page.getByRole('button', { name: ko.markNotFound })).toBeVisible();
  }

  // The search page shows them found.
  await page.goto(`/search?q=${encodeURIComponent(`핀 번호 ${pins[0]}`)}`);
  const hit = page.locator(`[data-pin-id="${pins[0]}"]`);
  await expect(hit).toBeVisible({ timeout: 30_000 });
  await expect(hit.locator('.found-state')).toHaveText(ko.search.found);

  // The panel counts them in their region.
  const rows = (
    (await (await page.request.get(`${server.url}/api/v1/pin/progress`)).json()) as {
      result: { rows: { region: number; total: number }[] };
    }
  ).result.rows;
  const total = rows.filter((r) => r.region === 0).reduce((n, r) => n + r.total, 0);
  await page.goto('/');
  await expect(page.getByLabel(ko.map.progress(REGIONS[0]!.label, total, 2))).toBeVisible({ timeout: 60_000 });

  // A pin marked on this device has since been deleted.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('pins store v2');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('checks', 'readwrite');
          const checks = tx.objectStore('checks');
          const get = checks.get(0);
          get.onsuccess = () => checks.put({ ...get.result, pinIds: [...get.result.pinIds, 2_147_483_000] });
          tx.oncomplete = () => (open.result.close(), resolve());
          tx.onerror = () => reject(tx.error);
        };
      }),
  );

  await signInLocally(page, `visitor-gone${Date.now()}@example.com`, '지워진핀', server.url);
  const prompt = page.getByRole('dialog', { name: ko.visitorMerge.title });
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  await expect(prompt).toContainText(ko.visitorMerge.preview(2));
  await prompt.getByRole('button', { name: ko.visitorMerge.merge }).click();
  await expect(prompt).toBeHidden();
  await expectToast(page, ko.markedFound(2));
  const accountChecks = async (): Promise<number[]> =>
    ((await (await page.request.get(`${server.url}/api/v1/me/checks`)).json()).result?.pinIds ?? []) as number[];
  await expect.poll(async () => (await accountChecks()).sort()).toEqual([...pins].sort());
  // Merged: the next visit asks nothing.
  await page.reload();
  await expect(page.getByTestId('map-view')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('dialog', { name: ko.visitorMerge.title })).toHaveCount(0);
});
