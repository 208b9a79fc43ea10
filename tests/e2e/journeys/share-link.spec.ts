import { expect, test } from '../fixtures';
import { lookAt } from './helpers';

// Issue 10: a share link carries categories, floor and highlighted tags, not only region and camera.
test("a share link restores the sender's categories, floor and highlighted tags", async ({ page, browser, server }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  const shown = page.getByText(/카테고리 \d+\/\d+개 표시 중/);
  await expect(shown).toHaveText(/카테고리 2\/\d+개 표시 중/);

  // The sender: only the third category, an underground floor, one highlighted tag.
  await page.getByRole('button', { name: '전체 해제' }).click();
  const third = page.locator('.cat-item').nth(2);
  const name = (await third.locator('.cat-name').textContent())!;
  await third.locator('input').check();
  await expect(shown).toHaveText(/카테고리 1\/\d+개 표시 중/);
  await page.getByRole('radiogroup', { name: '층 선택' }).getByRole('radio', { name: '지하 1층' }).click();
  const tag = page.locator('section[aria-labelledby="tag-h"] .chip').first();
  const tagName = (await tag.textContent())!;
  await tag.click();
  await expect(tag).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('toolbar', { name: '지도 도구' }).getByRole('button', { name: '링크 공유' }).click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toContain(server.url);

  // The receiver: another browser that has never been here.
  const other = await browser.newContext({ locale: 'ko-KR', viewport: { width: 1440, height: 900 } });
  const recv = await other.newPage();
  await recv.goto(link);
  await expect(recv.getByText(/카테고리 \d+\/\d+개 표시 중/)).toHaveText(/카테고리 1\/\d+개 표시 중/);
  await expect(recv.getByRole('checkbox', { name: new RegExp(name.replace(/[()]/g, '\\$&')) })).toBeChecked();
  await expect(recv.getByRole('radiogroup', { name: '층 선택' }).getByRole('radio', { name: '지하 1층' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(recv.locator('section[aria-labelledby="tag-h"] .chip', { hasText: tagName }).first()).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await lookAt(recv, { path: '/tmp/i10-share-received.png' });
  await other.close();
});
