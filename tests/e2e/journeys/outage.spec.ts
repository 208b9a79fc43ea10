import { ko } from '../../../src/i18n/ko';
import { expect, test } from '../fixtures';
import { findPin, signInLocally } from './helpers';

// Issue 10, blocker 5: a reload while the API is unreachable, and the app heals by itself when it
// comes back: the session stays, a banner counts the marks waiting, they are delivered and it says so.
test('a reload during an outage heals by itself when the server is back', async ({ page, server }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const pin = await findPin(page.request, server.url, { category: 1, region: 0 });
  await signInLocally(page, `outage${Date.now()}@example.com`, '정전탐험가', server.url);
  const found = async () => ((await (await page.request.get(`${server.url}/api/v1/me/checks`)).json()).result?.pinIds ?? []).includes(pin.id);

  await page.goto(`/pin/${pin.id}`);
  await expect(page.getByRole('button', { name: ko.markFound })).toBeVisible();

  // The API goes away (the page itself still loads, as from a CDN or the browser's cache).
  await page.route('**/api/**', (r) => r.abort('connectionrefused'));
  await page.getByRole('button', { name: ko.markFound }).click();
  await page.reload();

  const banner = page.getByRole('status').filter({ hasText: ko.syncOffline(1) });
  await expect(banner).toBeVisible({ timeout: 30_000 });
  // Still signed in: the navigation does not offer sign-in.
  await expect(page.getByRole('navigation', { name: '주 메뉴' }).getByText('로그인', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/i10-outage.png' });
  expect(await found()).toBe(false);

  // The server is back: no reload, no click.
  await page.unroute('**/api/**');
  await expect(page.getByRole('status').filter({ hasText: ko.syncDone })).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: '/tmp/i10-outage-healed.png' });
  expect(await found()).toBe(true);
  await expect(page.getByRole('button', { name: ko.markNotFound })).toBeVisible();
  // The category list loads again too.
  await page.getByRole('navigation', { name: '주 메뉴' }).getByText('홈', { exact: true }).click();
  await expect(page.getByText(/카테고리 \d+\/\d+개 표시 중/)).toBeVisible();
  await expect(page.getByText('카테고리를 불러오지 못했습니다.')).toHaveCount(0);
});
