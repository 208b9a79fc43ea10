import { expect, test } from '../fixtures';
import { findPin } from './helpers';

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
  await page.screenshot({ path: '/tmp/i10-tooltip.png' });
  await page.mouse.move(600, 450);
  await page.keyboard.press('r');
  await expect(rect).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('p');
  await expect(page.getByRole('button', { name: '경로 선택' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('p');
  await expect(page.getByRole('button', { name: '경로 선택' })).toHaveAttribute('aria-pressed', 'false');
});
