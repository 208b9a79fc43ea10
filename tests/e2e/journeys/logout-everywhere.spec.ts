import type { Page } from '@playwright/test';
import { ko } from '../../../src/i18n/ko';
import { expect, test } from '../fixtures';
import { expectToast, lookAt, signInByCalls } from './helpers';

// Issue 12 item 7: "모든 기기에서 로그아웃" in /mypage revokes every session of the account.

/** What this browser's own cookies get from a call that needs the session. */
async function myChecksStatus(page: Page, base: string): Promise<number> {
  return (await page.request.get(`${base}/api/v1/me/checks`)).status();
}

const visitor = (page: Page) => page.getByText('로그인하지 않은 방문자');

test('logging out everywhere in /mypage signs out the other browser on its next call', async ({ page, server, browser }) => {
  test.setTimeout(180_000);
  const base = server.url;
  const email = `everywhere${Date.now()}@example.com`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInByCalls(page, email, '어디서나탐험가', base);
  const phoneCtx = await browser.newContext({ locale: 'ko-KR', viewport: { width: 390, height: 844 } });
  const phone = await phoneCtx.newPage();
  await signInByCalls(phone, email, undefined, base);

  // Both devices are signed in to the same account.
  await phone.goto(`${base}/mypage`);
  await expect(phone.getByTestId('my-nickname')).toHaveText('어디서나탐험가', { timeout: 60_000 });
  expect(await myChecksStatus(phone, base)).toBe(200);
  await page.goto(`${base}/mypage`);
  await expect(page.getByTestId('my-nickname')).toHaveText('어디서나탐험가', { timeout: 60_000 });

  // The desktop asks first, then logs out everywhere.
  await page.getByRole('button', { name: ko.logoutEverywhere }).click();
  const dialog = page.getByRole('dialog', { name: ko.logoutEverywhereTitle });
  await expect(dialog).toContainText(ko.logoutEverywhereMessage);
  await lookAt(page, { path: '/tmp/i12-logout-everywhere-confirm.png' });
  await dialog.getByRole('button', { name: ko.logoutEverywhere }).click();
  await expectToast(page, ko.logoutEverywhereDone);
  await expect(visitor(page)).toBeVisible();
  expect(await myChecksStatus(page, base)).toBe(401);

  // The phone did nothing; its next call is refused (its refresh token is gone too) and the app shows it signed out.
  const refused = await phone.request.get(`${base}/api/v1/me/checks`);
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error?.messageTranslated).toMatch(/로그인/);
  await phone.reload();
  await expect(visitor(phone)).toBeVisible({ timeout: 60_000 });
  await expect(phone.getByRole('link', { name: '로그인' }).first()).toBeVisible();
  await lookAt(phone, { path: '/tmp/i12-logout-everywhere-phone.png' });
  expect(await myChecksStatus(phone, base)).toBe(401);
  await phoneCtx.close();
});
