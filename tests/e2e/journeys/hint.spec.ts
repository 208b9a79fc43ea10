import { ko } from '../../../src/i18n/ko';
import { expect, test } from '../fixtures';
import { lookAt } from './helpers';

// Issue 10: a first visit shows a short hint for the map tools; once dismissed it stays away,
// across reloads. (The shared `page` fixture starts past it; this test opens a fresh context.)
test('first visit shows the map tools hint; dismissed, it does not come back', async ({ browser, server }) => {
  test.setTimeout(300_000);
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    const context = await browser.newContext({ baseURL: server.url, viewport, locale: 'ko-KR' });
    const page = await context.newPage();
    await page.goto('/');
    const hint = page.getByRole('region', { name: ko.mapHint.title });
    await expect(hint).toBeVisible({ timeout: 60_000 });
    await expect(hint).toContainText('사각형(R)');
    // It sits below the tools it explains, not over them.
    const tools = await page.getByRole('toolbar', { name: '지도 도구' }).boundingBox();
    const box = await hint.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(tools!.y + tools!.height - 1);
    await expect(page.getByRole('application', { name: '지도' })).toBeVisible();
    await lookAt(page, { path: `/tmp/i10-hint-${viewport.width}.png` });
    await hint.getByRole('button', { name: ko.mapHint.dismiss }).click();
    await expect(hint).toBeHidden();
    await page.reload();
    await expect(page.getByRole('toolbar', { name: '지도 도구' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('region', { name: ko.mapHint.title })).toHaveCount(0);
    await context.close();
  }
});
