import { ko } from '../../../src/i18n/ko';
import { expect, test } from '../fixtures';
import { findPin, lookAt, signInByCalls } from './helpers';

// Issue 10, blocker 5: a reload while the API is unreachable, and the app heals by itself when it
// comes back: the session stays, a banner counts the marks waiting, they are delivered and it says so.
test('a reload during an outage heals by itself when the server is back', async ({ page, server }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const pin = await findPin(page.request, server.url, { category: 1, region: 0 });
  await signInByCalls(page, `outage${Date.now()}@example.com`, '정전탐험가', server.url);
  const found = async () =>
    ((await (await page.request.get(`${server.url}/api/v1/me/checks`)).json()).result?.pinIds ?? []).includes(pin.id);

  await page.goto(`/pin/${pin.id}`);
  await expect(page.getByRole('button', { name: ko.markFound })).toBeVisible();

  // The API goes away (the page itself still loads, as from a CDN or the browser's cache).
  await page.route('**/api/**', (r) => r.abort('connectionrefused'));
  await page.getByRole('button', { name: ko.markFound }).click();
  // The player is told the mark waits on this device (it is in the outbox by then), then reloads.
  await expect(page.getByText(ko.checksQueued).first()).toBeVisible();
  await page.reload();

  const banner = page.getByRole('status').filter({ hasText: ko.syncOffline(1) });
  await expect(banner).toBeVisible({ timeout: 30_000 });
  // Still signed in: the navigation does not offer sign-in.
  await expect(page.getByRole('navigation', { name: '주 메뉴' }).getByText('로그인', { exact: true })).toHaveCount(0);
  await lookAt(page, { path: '/tmp/i10-outage.png' });
  expect(await found()).toBe(false);

  // The server is back: no reload, no click.
  await page.unroute('**/api/**');
  await expect(page.getByRole('status').filter({ hasText: ko.syncDone })).toBeVisible({ timeout: 60_000 });
  await lookAt(page, { path: '/tmp/i10-outage-healed.png' });
  expect(await found()).toBe(true);
  await expect(page.getByRole('button', { name: ko.markNotFound })).toBeVisible();
  // The category list loads again too.
  await page.getByRole('navigation', { name: '주 메뉴' }).getByText('홈', { exact: true }).click();
  await expect(page.getByText(/카테고리 \d+\/\d+개 표시 중/)).toBeVisible();
  await expect(page.getByText('카테고리를 불러오지 못했습니다.')).toHaveCount(0);
});

// Issue 14 item 5: with the server up but marks still in the outbox (a slow answer), the same
// indicator says they are being sent, on the pin page, the map and /mypage, on desktop and phone.
for (const [device, viewport] of [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`marks waiting with the server up show "보내는 중" wherever the player is (${device})`, async ({ page, server }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const pin = await findPin(page.request, server.url, { category: 1, region: 0 });
    await signInByCalls(
      page,
      `waiting-${device}${Date.now()}@example.com`,
      `대기${device === 'phone' ? '폰' : '데스크톱'}탐험가`,
      server.url,
    );
    const found = async () =>
      ((await (await page.request.get(`${server.url}/api/v1/me/checks`)).json()).result?.pinIds ?? []).includes(pin.id);
    await page.goto(`/pin/${pin.id}`);
    await expect(page.getByRole('button', { name: ko.markFound })).toBeVisible({ timeout: 60_000 });

    // Every other call is answered; only marks are held on the way (a slow network), until released.
    let release = () => {};
    const released = new Promise<void>((r) => {
      release = r;
    });
    await page.route(/\/api\/v1\/pin\/(\d+\/check|batch-check)$/, async (route) => {
      await released;
      // A request of a page left meanwhile is gone: nothing to continue.
      await route.continue().catch(() => {});
    });
    await page.getByRole('button', { name: ko.markFound }).click();
    const waiting = page.getByRole('status').filter({ hasText: ko.syncWaiting(1) });
    await expect(waiting).toBeVisible();
    await expect(waiting).toBeInViewport();
    await expect(page.getByRole('status').filter({ hasText: /서버에 연결할 수 없습니다/ })).toHaveCount(0);
    await lookAt(page, { path: `/tmp/i14-waiting-pin-${device}.png` });

    for (const where of ['/', '/mypage']) {
      await page.goto(where);
      await expect(waiting).toBeVisible({ timeout: 60_000 });
      await expect(waiting).toBeInViewport();
      await lookAt(page, { path: `/tmp/i14-waiting-${where === '/' ? 'map' : 'mypage'}-${device}.png` });
    }
    expect(await found()).toBe(false);

    // The answers come through: the indicator goes and the mark is on the server.
    release();
    await expect(waiting).toHaveCount(0, { timeout: 60_000 });
    expect(await found()).toBe(true);
  });
}
