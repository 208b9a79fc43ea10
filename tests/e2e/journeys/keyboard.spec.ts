import { expect, test } from '../fixtures';
import { ko } from '../../../src/i18n/ko';
import { expectToast, findPin, lookAt, signInByCalls } from './helpers';

// Issue 10 (keyboard, tooltips): Esc closes the pin panel; the map tools have named tooltips with
// their shortcut keys, and the keys work.
test('Esc closes the pin panel; map tools answer their shortcut keys and say so', async ({ page, server }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const pin = await findPin(page.request, server.url, { region: 0 });
  await page.goto(`/pin/${pin.id}`);
  await expect(page.getByRole('button', { name: '찾음으로 표시' })).toBeVisible({ timeout: 60_000 });
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await expect(page.getByRole('button', { name: '찾음으로 표시' })).toHaveCount(0);

  const rect = page.getByRole('button', { name: '사각형 범위 선택' });
  await expect(rect).toHaveAttribute('title', '사각형 범위 선택 (R)');
  await expect(page.getByRole('button', { name: /핀 아이콘 크게 보기/ })).toBeVisible();
  await rect.hover();
  await expect(rect.locator('.tool-label')).toContainText('R');
  await lookAt(page, { path: '/tmp/i10-tooltip.png' });
  await page.mouse.move(600, 450);
  await page.keyboard.press('r');
  await expect(rect).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('p');
  await expect(page.getByRole('button', { name: '경로 선택' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('p');
  await expect(page.getByRole('button', { name: '경로 선택' })).toHaveAttribute('aria-pressed', 'false');
});

// Issue 10 (keyboard): the map tools come before the filter list; focusing the map by keyboard
// focuses the pin nearest the centre, arrows move between pins, F marks, Enter opens; ? lists
// the shortcuts; the 더보기 menu answers the arrow keys.
test('keyboard mode: reach, mark and open pins; ? lists shortcuts; the more menu answers arrows', async ({ page, server }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInByCalls(page, `keys${Date.now()}@example.com`, '키보드탐험가');
  await page.goto('/');
  const tools = page.getByRole('toolbar', { name: '지도 도구' });
  const map = page.getByRole('application', { name: '지도' });
  await expect(map).toBeVisible({ timeout: 60_000 });
  // The map shows as soon as the stored settings are applied, possibly while the home page's own code (its tools and
  // filter list) is still loading under the page loader: the tools must be there before Tab can reach them.
  await expect(tools).toBeVisible();

  // Tab order: from the map straight to its tools, before the filter list.
  await map.focus();
  await page.keyboard.press('Tab');
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="toolbar"]'))).toBe(true);
  await page.keyboard.press('Shift+Tab');
  await expect(map).toBeFocused();

  // Keyboard focus on the map picks the pin nearest the centre and says which it is.
  const said = page.getByTestId('map-key-focus');
  await expect(said).toContainText('핀 선택됨', { timeout: 30_000 });
  const first = await said.textContent();
  await page.keyboard.press('ArrowRight');
  await expect(said).not.toHaveText(first ?? '');
  await expect(said).toContainText('핀 선택됨');
  await lookAt(page, { path: '/tmp/i10-keyboard-focus.png' });

  // F marks the focused pin found; Enter opens it, already found.
  await page.keyboard.press('f');
  await expectToast(page, ko.markedFound(1));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pin\/\d+/);
  const id = Number(/\/pin\/(\d+)/.exec(page.url())![1]);
  await expect(page.getByRole('button', { name: ko.markNotFound })).toBeVisible();
  const checks = await (await page.request.get(`${server.url}/api/v1/me/checks`)).json();
  expect(checks.result.pinIds).toContain(id);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/(\?.*)?$/);

  // ? opens the shortcut list; Esc closes it.
  await tools.getByRole('button').first().focus();
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: ko.keyboard.shortcutsTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Enter');
  await lookAt(page, { path: '/tmp/i10-shortcuts.png' });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The 더보기 menu: focus lands on its first item; arrows move through its items.
  const more = page.getByRole('button', { name: '더보기' });
  await more.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: '더보기' });
  await expect(menu).toBeVisible();
  const focusedItem = () => page.evaluate(() => document.activeElement?.textContent ?? '');
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role') ?? '')).toMatch(/^menuitem/);
  const before = await focusedItem();
  await page.keyboard.press('ArrowDown');
  await expect.poll(focusedItem).not.toBe(before);
  await page.keyboard.press('ArrowUp');
  await expect.poll(focusedItem).toBe(before);
  await page.keyboard.press('End');
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role') ?? '')).toMatch(/^menuitem/);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();
});
