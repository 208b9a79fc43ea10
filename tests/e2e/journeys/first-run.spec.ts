import type { Page } from '@playwright/test';
import { ko } from '../../../src/i18n/ko';
import { NICKNAME_MAX, NICKNAME_MIN } from '../../../common/nickname';
import { expect, test } from '../fixtures';
import { lookAt, PHONE } from './helpers';

// Issue 25 item 8: a new player's first minutes on a phone (and the nickname rule on any screen).

/** The local sign-in card's background luminance (0 black … 1 white) and whether it fits the screen. */
async function loginCard(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector('main')!;
    const rect = main.getBoundingClientRect();
    const rgb = (getComputedStyle(main).backgroundColor.match(/\d+(\.\d+)?/g) ?? ['0', '0', '0']).slice(0, 3).map(Number);
    const [r, g, b] = rgb.map((c) => c / 255) as [number, number, number];
    return {
      left: rect.left,
      right: rect.right,
      width: innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
      luminance: 0.2126 * r + 0.7152 * g + 0.0722 * b,
    };
  });
}

for (const width of [320, 390]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`the local sign-in card fits a ${width}px phone and follows the ${theme} theme`, async ({ browser, server }) => {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: { width, height: 844 },
        hasTouch: true,
        isMobile: true,
        locale: 'ko-KR',
        // The system says the opposite: the player's own choice in the app wins.
        colorScheme: theme === 'light' ? 'dark' : 'light',
      });
      const page = await context.newPage();
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await page.goto('/login');
      await page.getByRole('link', { name: /이메일로 시작하기/ }).click();
      await expect(page.getByLabel('이메일')).toBeVisible();
      const card = await loginCard(page);
      await lookAt(page, { path: `/tmp/i25-login-${width}-${theme}.png` });
      // A phone widens its layout to fit a page that overflows (and shows it zoomed out): the page keeps the device's width.
      expect(card.width).toBe(width);
      expect(card.left).toBeGreaterThanOrEqual(0);
      expect(card.right).toBeLessThanOrEqual(width);
      expect(card.scrollWidth).toBeLessThanOrEqual(width);
      if (theme === 'light') expect(card.luminance).toBeGreaterThan(0.7);
      else expect(card.luminance).toBeLessThan(0.3);
      await context.close();
    });
  }
}

test('a visitor on a phone finds 로그인 in the bottom bar, at 390 and 320 px', async ({ browser, server }) => {
  for (const width of [390, 320]) {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width, height: 844 },
      hasTouch: true,
      isMobile: true,
      locale: 'ko-KR',
    });
    const page = await context.newPage();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: '주 메뉴' });
    const login = nav.getByRole('link', { name: '로그인' });
    await expect(login).toBeVisible();
    await expect(login).toBeInViewport({ ratio: 1 });
    // Every item of the bar still fits beside it.
    for (const label of ['홈', '검색', '마이페이지', '더보기'])
      await expect(nav.getByText(label, { exact: true })).toBeInViewport({ ratio: 1 });
    // Each label on one line (at 320 px '마이페이지' broke into two).
    const lines = await nav
      .locator('.nav-item > span')
      .evaluateAll((spans) => spans.filter((s) => (s as HTMLElement).offsetParent).map((s) => [s.textContent, s.getClientRects().length]));
    for (const [label, n] of lines) expect(n, `${label} wraps`).toBe(1);
    await lookAt(page, { path: `/tmp/i25-bottom-bar-${width}.png` });
    await login.tap();
    await expect(page).toHaveURL(/\/login/);
    await context.close();
  }
});

test('the first-visit hint on a touch phone speaks of taps, not keys', async ({ browser, server }) => {
  const context = await browser.newContext({ ...PHONE, baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/');
  const hint = page.getByRole('region', { name: ko.mapHint.title });
  await expect(hint).toBeVisible({ timeout: 60_000 });
  await lookAt(page, { path: '/tmp/i25-touch-hint-390.png' });
  const text = (await hint.innerText()).replace(/\s+/g, ' ');
  // No keys a phone does not have.
  expect(text).not.toMatch(/\([RLP]\)|화살표 키|\?를 누르|단축키/);
  expect(text).toMatch(/길게 누르/);
  expect(text).toMatch(/손가락|탭/);
  await context.close();
});

test('the nickname step says the limit the server keeps, and the field cuts no nickname the server allows', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await page.getByRole('link', { name: /이메일로 시작하기/ }).click();
  await page.getByLabel('이메일').fill(`nick${Date.now()}@example.com`);
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(/\/register\/local/);
  await expect(page.getByText(`${NICKNAME_MIN}~${NICKNAME_MAX}자`)).toBeVisible();
  const field = page.getByLabel('닉네임');
  const tooLong = `닉네임은 ${NICKNAME_MIN}~${NICKNAME_MAX}자로 입력해 주세요.`;
  // Too long: the shared rule's Korean message, before the server is asked.
  await field.fill('가'.repeat(NICKNAME_MAX + 1));
  await page.getByRole('button', { name: '가입 완료' }).click();
  await expect(page.getByRole('alert')).toHaveText(tooLong);
  // One character is refused here too.
  await field.fill('가');
  await page.getByRole('button', { name: '가입 완료' }).click();
  await expect(page.getByRole('alert')).toHaveText(tooLong);
  await expect(page).toHaveURL(/\/register\/local/);
  // 16 characters, emoji among them (two UTF-16 units each): the field keeps them all and the server takes them.
  const emoji = `${'🌊'.repeat(NICKNAME_MAX - 6)}${String(Date.now()).slice(-6)}`;
  expect([...emoji]).toHaveLength(NICKNAME_MAX);
  await field.fill(emoji);
  await expect(field).toHaveValue(emoji);
  await page.getByRole('button', { name: '가입 완료' }).click();
  await expect(page).not.toHaveURL(/\/register\/local/, { timeout: 30_000 });
  const me = (await (await page.request.get('/api/v1/me')).json()) as { result: { nickname: string } };
  expect(me.result.nickname).toBe(emoji);
});
