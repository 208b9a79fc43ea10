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
import { categoryWorld, importCategoryWorld, regionsOf, WORLD } from '../../support/category-world';
import { koreanMatch } from '../../../common/search-text';
import { REGIONS, regionsSharingTileSet } from '../../../common/regions';
import { expectToast, lookAt, PHONE, signInByCalls } from './helpers';
import { MAP_HINT_KEY } from '../../../src/pages/home/MapToolsHint';

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
  // Start-up has put the stored (or a first visit's) categories on: a tap before that would be overwritten.
  await expect(page.getByText(new RegExp(`카테고리 [1-9]\\d*/${WORLD.categories}개 표시 중`))).toBeVisible({ timeout: 60_000 });
}

/** The categories of the world with pins in `region`. */
const inRegion = (region: number) =>
  Array.from({ length: WORLD.categories }, (_, i) => i).filter((i) => i === 0 || regionsOf(i).includes(region));
const chestBox = (page: Page) => page.locator('.category-panel').getByRole('checkbox', { name: new RegExp(`^${WORLD.chest}`) });

/** The total the search page states for its pin results ("핀 5,667개 중 50개"). */
async function statedTotal(page: Page): Promise<number> {
  const m = /핀 ([\d,]+)개 중/.exec((await page.locator('#pin-results').textContent()) ?? '');
  if (!m) throw new Error('no total on the page');
  return Number(m[1]!.replace(/,/g, ''));
}

test('desktop: 초성 finds a category in two keystrokes, counts are the region’s, groups fold, presets switch in one click', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInByCalls(page, `panel${Date.now()}@example.com`, '분류탐험가');
  await openPanel(page);
  const panel = page.locator('.category-panel');
  const box = panel.getByRole('searchbox', { name: t.categorySearch });
  await expect(box).toBeVisible();

  // 황룡 (region 0) lists only its own categories; the rest wait in one fold.
  const here = inRegion(0);
  await expect(panel.locator('.cat-item')).toHaveCount(here.length);
  const fold = panel.getByRole('button', { name: t.notInRegion(WORLD.categories - here.length) });
  await expect(fold).toHaveAttribute('aria-expanded', 'false');
  // The chest's count is the region's: 30 pins in 황룡, not the 210 of the world.
  await expect(chestBox(page).locator('..')).toContainText('0/30');
  await lookAt(page, { path: 'test-results/category-panel-1440.png' });
  // The whole panel, every group open: 512 categories made a 22,582 px list; the region's own are a few screens.
  const height = await page.locator('#map-panel-body').evaluate((el) => el.scrollHeight);
  test.info().annotations.push({ type: 'panel height (px), 황룡, groups open', description: String(height) });
  expect(height).toBeLessThan(5000);

  // Another region: its own categories and counts.
  await panel.getByRole('radio', { name: new RegExp(`^${REGIONS[3]!.label}`) }).click();
  await expect(panel.locator('.cat-item')).toHaveCount(inRegion(3).length);
  await expect(chestBox(page).locator('..')).toContainText('0/30');
  await panel.getByRole('radio', { name: new RegExp(`^${REGIONS[0]!.label}`) }).click();
  await expect(panel.locator('.cat-item')).toHaveCount(here.length);

  // Two keystrokes of 초성 find the chest; an accent-free spelling finds the Vietnamese name, folded away or not.
  await box.fill('ㅂㅅ');
  await expect(chestBox(page)).toBeVisible();
  await lookAt(page, { path: 'test-results/category-panel-search-1440.png' });
  // Two more keystrokes, and it is one of three (보물 상자, 보물 숲 장치, 보물 숲 지점).
  await box.fill('ㅂㅁㅅㅈ');
  const named = categoryWorld().categoryGroups.flatMap((g) => g.categories.filter((c) => koreanMatch(c.name, 'ㅂㅁㅅㅈ')));
  expect(named.length).toBeLessThanOrEqual(3);
  await expect(panel.locator('.cat-item')).toHaveCount(named.length);
  await expect(chestBox(page)).toBeVisible();
  await box.fill('ruong');
  await expect(panel.locator('.cat-item')).toHaveCount(1);
  await expect(panel.locator('.cat-item')).toContainText(WORLD.accented);
  // A tag of the category finds it too.
  await box.fill(WORLD.floorTag.replace(' ', ''));
  await expect(panel.locator('.cat-item')).toHaveCount(1);
  await expect(chestBox(page)).toBeVisible();
  await box.fill('');

  // A group folds, and stays folded after a reload; its heading stays on screen while its list scrolls under it.
  const mineral = panel.getByRole('group', { name: WORLD.groups[1], exact: true });
  await mineral.getByRole('button', { name: t.groupToggle(WORLD.groups[1]!, true) }).click();
  await expect(mineral.locator('.cat-item')).toHaveCount(0);
  const treasure = panel.getByRole('group', { name: WORLD.groups[0], exact: true });
  const head = treasure.locator('.cat-group-head');
  await treasure.locator('.cat-item').nth(8).scrollIntoViewIfNeeded();
  const body = page.locator('#map-panel-body');
  await body.evaluate((el) => el.scrollBy(0, 200));
  const bodyTop = (await body.boundingBox())!.y;
  const headTop = (await head.boundingBox())!.y;
  expect(headTop - bodyTop).toBeGreaterThan(20);
  expect(headTop - bodyTop).toBeLessThan(80);
  await expect(panel.getByRole('searchbox', { name: t.categorySearch })).toBeInViewport();
  await lookAt(page, { path: 'test-results/category-panel-sticky-1440.png' });

  // Presets: the treasure group on, saved; the mineral group alone, saved; one click switches back.
  await panel.getByRole('button', { name: t.selectNone }).click();
  await treasure.getByRole('button', { name: t.groupAll(WORLD.groups[0]!) }).click();
  const treasureOn = inRegion(0).filter((i) => i < 64).length;
  await expect(treasure.locator('.cat-item input:checked')).toHaveCount(treasureOn);
  const savePreset = async (name: string) => {
    await panel.getByRole('button', { name: ko.presets.save }).click();
    await panel.getByRole('textbox', { name: ko.presets.nameLabel }).fill(name);
    await panel.getByRole('button', { name: ko.presets.saveShort, exact: true }).click();
    await expectToast(page, ko.presets.saved(name));
  };
  await savePreset('보물 사냥');
  await treasure.getByRole('button', { name: t.groupNone(WORLD.groups[0]!) }).click();
  await mineral.getByRole('button', { name: t.groupToggle(WORLD.groups[1]!, false) }).click();
  await mineral.getByRole('button', { name: t.groupAll(WORLD.groups[1]!) }).click();
  await savePreset('광물');
  const treasurePreset = panel.getByRole('button', { name: /^보물 사냥 프리셋 적용/ });
  const mineralPreset = panel.getByRole('button', { name: /^광물 프리셋 적용/ });
  await expect(mineralPreset).toHaveAttribute('aria-pressed', 'true');
  await treasurePreset.click();
  await expect(treasurePreset).toHaveAttribute('aria-pressed', 'true');
  await expect(treasure.locator('.cat-item input:checked')).toHaveCount(treasureOn);
  await expect(mineral.locator('.cat-item input:checked')).toHaveCount(0);
  await lookAt(page, { path: 'test-results/category-panel-presets-1440.png' });
  // Synced to the account: another browser signed in as the same player has them.
  const api = (await (await page.request.get('/api/v1/me/presets')).json()) as { result: { presets: { name: string }[] } };
  expect(api.result.presets.map((p) => p.name)).toEqual(['광물', '보물 사냥']);

  // After a reload (once the settings are saved): the mineral group is still folded, the presets are there.
  await expect(page.locator('html[data-settings-saving]')).toHaveCount(0);
  await openPanel(page);
  await expect(mineral.getByRole('button', { name: t.groupToggle(WORLD.groups[1]!, true) })).toBeVisible();
  await mineral.getByRole('button', { name: t.groupToggle(WORLD.groups[1]!, true) }).click();
  await expect(mineral.locator('.cat-item')).toHaveCount(0);
  await expect(treasurePreset).toHaveAttribute('aria-pressed', 'true');
});

test('phone: the sheet finds a category by 초성, a visitor’s preset is kept on the device, recent categories come first', async ({
  browser,
  server,
}) => {
  test.setTimeout(300_000);
  const context = await browser.newContext({ ...PHONE, baseURL: server.url });
  const page = await context.newPage();
  await page.addInitScript((key) => localStorage.setItem(key, '1'), MAP_HINT_KEY);
  await openPanel(page, true);
  const panel = page.locator('.category-panel');
  const box = panel.getByRole('searchbox', { name: t.categorySearch });
  // A first visit shows the first two categories (the chest and the accented one); 초성 of the words finds another.
  await expect(chestBox(page)).toBeChecked();
  const cave = '숨겨진 동굴 상자';
  await box.fill('ㅅㄷㅅ');
  await panel.getByRole('checkbox', { name: new RegExp(`^${cave}`) }).check();
  await box.fill('');
  // It is the first of 최근.
  const recent = panel.getByRole('group', { name: t.recent });
  await expect(recent.getByRole('button').first()).toContainText(cave);
  await expect(recent.getByRole('button').first()).toHaveAttribute('aria-pressed', 'true');
  await lookAt(page, { path: 'test-results/category-panel-390.png' });

  await panel.getByRole('button', { name: ko.presets.save }).click();
  await panel.getByRole('textbox', { name: ko.presets.nameLabel }).fill('상자만');
  await panel.getByRole('button', { name: ko.presets.saveShort, exact: true }).click();
  const preset = panel.getByRole('button', { name: /^상자만 프리셋 적용/ });
  await expect(preset).toHaveAttribute('aria-pressed', 'true');
  await panel.getByRole('button', { name: t.selectNone }).click();
  await expect(preset).toHaveAttribute('aria-pressed', 'false');
  await expect(chestBox(page)).not.toBeChecked();
  await preset.click();
  await expect(chestBox(page)).toBeChecked();
  await lookAt(page, { path: 'test-results/category-panel-presets-390.png' });

  // Kept on this device: a reload has it (once the settings are saved: the app says so on its root).
  await expect(page.locator('html[data-settings-saving]')).toHaveCount(0);
  await openPanel(page, true);
  await expect(panel.getByRole('button', { name: /^상자만 프리셋 적용/ })).toBeVisible();
  await context.close();
});

test('search page: tags and accents as the API finds them, categories by 초성', async ({ page, server }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const apiTotal = async (q: string) =>
    ((await (await page.request.get(`${server.url}/api/v1/search?q=${encodeURIComponent(q)}`)).json()) as { result: { total: number } })
      .result.total;
  expect(await apiTotal(WORLD.floorTag)).toBe(WORLD.floorTagPins);
  await page.goto('/search');
  const box = page.getByRole('searchbox', { name: ko.search.inputLabel });
  const results = page.getByRole('list', { name: ko.search.pinResults });
  for (const q of [WORLD.floorTag, WORLD.sharedTag]) {
    await box.fill(q);
    await expect(results.getByRole('listitem').first()).toContainText(q);
    expect(await statedTotal(page)).toBe(await apiTotal(q));
  }
  await lookAt(page, { path: 'test-results/category-search-tag-1440.png' });
  await box.fill('ruong bau');
  await expect(page.locator('#cat-results')).toBeVisible();
  await expect(page.locator('.search-region').first()).toContainText(WORLD.accented);
  // 초성 names categories here as in the panel (the same matcher).
  await box.fill('ㅂㅅ');
  await expect(page.locator('.search-region').first()).toContainText(WORLD.chest);
  await expect(page.getByText(/검색 결과가 없습니다/)).toHaveCount(0);
});

// Issue 21 item 2: the map holds every pin of the shown regions from their snapshots, so turning every one of the
// 512 categories on is a filter change over held data: not one pin request (counted).
test('every category on (전체 선택, 512 categories) is a filter over the held snapshots, not a fetch', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const pinRequests: string[] = [];
  page.on('request', (r) => {
    if (/\/pins-proto|\/api\/v1\/pins\/snapshot/.test(r.url())) pinRequests.push(new URL(r.url()).pathname);
  });
  // The snapshots of the regions the map shows with 황룡 (those sharing its tile set), their bodies whole.
  const shown = regionsSharingTileSet(0).map((r) => r.id);
  const arrived = Promise.all(
    shown.map((id) =>
      page
        .waitForResponse((r) => new URL(r.url()).pathname.startsWith(`/api/v1/pins/snapshot/${id}/`), { timeout: 120_000 })
        .then((r) => r.finished()),
    ),
  );
  await openPanel(page);
  await arrived;
  const atStart = pinRequests.length;
  // A version check and one snapshot a shown region: within the 4.
  expect(atStart).toBe(1 + shown.length);
  expect(atStart).toBeLessThanOrEqual(4);
  await page.locator('.category-panel').getByRole('button', { name: t.selectAll }).first().click();
  await expect(page.getByText(t.categoriesShown(WORLD.categories, WORLD.categories))).toBeVisible();
  // The map has drawn the new filter and rests.
  await expect(page.getByTestId('map-view')).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
  expect(pinRequests.slice(atStart)).toEqual([]);
  // The panel's search is over the category and tag lists it holds: typing fetches no pins either.
  await page.locator('.category-panel').getByRole('searchbox', { name: t.categorySearch }).fill('ㅂㄱ');
  await expect(page.getByTestId('map-view')).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
  expect(pinRequests.slice(atStart)).toEqual([]);
});
