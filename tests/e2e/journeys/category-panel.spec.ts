// Issue 20 items 4 and 5 on a world of the real game's shape (512 categories in 8 groups over the 7 regions,
// tests/support/category-world.ts, loaded with `npm run import`): a player finds any category in a few
// keystrokes, sees the counts of the region in view, saves and switches filter presets, and finds pins by
// tag on the search page. At 1440×900 and on a 390×844 touch phone.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ko } from '../../../src/i18n/ko';
import { test as base, expect } from '../fixtures';
import { startServer, type RunningServer } from '../../support/server';
import { importCategoryWorld, regionsOf, WORLD } from '../../support/category-world';

const t = ko.map;

// The server of these journeys holds the imported world only (an imported database is not seeded).
const test = base.extend<object, { server: RunningServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'wuwa-e2e-cats-'));
      importCategoryWorld(dataDir, dataDir);
      const s = await startServer({}, { dataDir });
      await use(s);
      await s.stop();
    },
    { scope: 'worker', timeout: 400_000 },
  ],
});

/** Opens the map with the filter panel open (a phone opens its sheet) and waits for the categories. */
async function openPanel(page: Page, phone = false): Promise<void> {
  await page.goto('/');
  if (phone) await page.getByRole('button', { name: t.openFilters }).click();
  await expect(page.locator('.cat-group').first()).toBeVisible({ timeout: 60_000 });
}

test('the panel at 512 categories: 초성 search, the region’s own counts, groups that fold', async ({ page, server }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openPanel(page);
  const panel = page.locator('.category-panel');
  const box = panel.getByRole('searchbox', { name: t.categorySearch });
  await expect(box).toBeVisible();

  // 황룡 (region 0) lists only its own categories; the rest wait in one fold.
  const here = Array.from({ length: WORLD.categories }, (_, i) => i).filter((i) => i === 0 || regionsOf(i).includes(0));
  await expect(panel.locator('.cat-item')).toHaveCount(here.length);
  const fold = panel.getByRole('button', { name: t.notInRegion(WORLD.categories - here.length) });
  await expect(fold).toHaveAttribute('aria-expanded', 'false');
  // The chest's count is the region's: 30 pins in 황룡, not the 210 of the world.
  await expect(panel.getByRole('checkbox', { name: new RegExp(`^${WORLD.chest}`) }).locator('..')).toContainText('0/30');
  await page.screenshot({ path: 'test-results/category-panel-1440.png' });

  // Two keystrokes of 초성 find the chest.
  await box.fill('ㅂㅅ');
  await expect(panel.getByRole('checkbox', { name: new RegExp(`^${WORLD.chest}`) })).toBeVisible();
  await box.fill('ruong');
  await expect(panel.locator('.cat-item')).toHaveCount(1);
  await expect(panel.locator('.cat-item')).toContainText(WORLD.accented);
  await box.fill('');
  void server;
});
