import { mkdirSync } from 'node:fs';
import { expect, test } from '../fixtures';
import { lookAt } from './helpers';

// Issue 13's done-when: with every category on, the overview reads as a map with progress on it,
// and zooming in resolves aggregates into dots and then icons. Screenshots to look at, at a
// laptop's and a streamer's 4K screen, in .tmp/screens/overview-*.png.
for (const size of [
  { width: 1440, height: 900 },
  { width: 3840, height: 2160 },
]) {
  test(`every category on at ${size.width}×${size.height}: overview, middle and close-up`, async ({ page }) => {
    test.setTimeout(600_000);
    mkdirSync('.tmp/screens', { recursive: true });
    await page.setViewportSize(size);
    await page.goto('/');
    await page.getByRole('button', { name: '전체 선택' }).click();
    const shown = page.getByText(/카테고리 \d+\/\d+개 표시 중/).first();
    const [, on, total] = /(\d+)\/(\d+)/.exec((await shown.textContent()) ?? '')!;
    expect(on).toBe(total);
    // Fold the filter panel away so the map shows.
    await page.getByRole('button', { name: /황룡/ }).first().click();
    const map = page.locator('canvas').first();
    await expect(map).toBeVisible();
    const box = (await map.boundingBox())!;
    const view = page.getByTestId('map-view');
    // The map is busy while the camera moves or tiles load (the engine's signal).
    const settled = () => expect(view).toHaveAttribute('aria-busy', 'false', { timeout: 120_000 });
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    // As far out as the camera goes.
    for (let i = 0; i < 8; i++) await page.mouse.wheel(0, 800);
    await settled();
    await lookAt(page, { path: `.tmp/screens/overview-${size.width}-far.png` });
    // Two levels in: dots and small icons.
    await page.mouse.wheel(0, -1000);
    await settled();
    await lookAt(page, { path: `.tmp/screens/overview-${size.width}-middle.png` });
    // Close: full icons.
    await page.mouse.wheel(0, -1500);
    await settled();
    await lookAt(page, { path: `.tmp/screens/overview-${size.width}-close.png` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  });
}
