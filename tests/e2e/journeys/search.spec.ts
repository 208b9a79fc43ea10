import { ko } from '../../../src/i18n/ko';
import { REGIONS, floorLabel } from '../../../common/regions';
import { expect, test } from '../fixtures';
import type { Page } from '@playwright/test';
import { lookAt, signInByCalls } from './helpers';

interface ProtoPin {
  id: number;
  description?: string;
  region?: number;
  coordZ?: number | null;
  categoryName?: string;
}

async function apiTotal(page: Page, url: string, q: string): Promise<number> {
  return ((await (await page.request.get(`${url}/api/v1/search?q=${encodeURIComponent(q)}`)).json()) as { result: { total: number } })
    .result.total;
}

/**
 * Waits until the page states, for its pin results ("핀 5,667개 중 50개"), the total the API answers for `q`, and returns
 * it. The list keeps the last query's results until the new answer comes: a clean-clone run read "핀 번호 N"'s total of
 * 1 right after typing 상자, where a listitem (the old one) was already visible.
 */
async function expectStatedTotal(page: Page, url: string, q: string): Promise<number> {
  const total = await apiTotal(page, url, q);
  await expect(page.locator('#pin-results')).toContainText(`핀 ${total.toLocaleString('ko-KR')}개 중 `);
  return total;
}

// Search runs on the server and the page shows what it finds: each result says what it is, where
// it is and whether the player found it; spacing, accents and case do not matter; tags and pin
// numbers are found; region, category and "not found yet" narrow it; thousands of results scroll in.
test('search finds what its placeholder promises, narrows, and scrolls in every result', async ({ page, server }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const body = (await (await page.request.get(`${server.url}/api/v1/category/1/pins-proto`)).json()) as { result: { pins: ProtoPin[] } };
  const pin = body.result.pins.find((p) => (p.description ?? '').length > 12 && p.region != null)!;
  const groups = (await (await page.request.get(`${server.url}/api/v1/category/groups`)).json()).result as {
    name: string;
    categories: { id: number; name: string }[];
  }[];
  const category = groups.flatMap((g) => g.categories).find((c) => c.id === 1)!.name;

  await signInByCalls(page, `search${Date.now()}@example.com`, '검색탐험가');
  expect((await page.request.post(`${server.url}/api/v1/pin/${pin.id}/check`, { data: { check: true } })).ok()).toBe(true);
  const made = await page.request.put(`${server.url}/api/v1/pin`, {
    data: { coordX: 100, coordY: 100, region: 0, categoryId: 1, content: 'Rương Báu dưới cầu' },
  });
  expect(made.ok()).toBe(true);
  const accented = (await made.json()).result.id as number;

  // Issue 20 item 5: while the answer is on its way the page says so, never "no results".
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/v1/search?*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/search?q=${encodeURIComponent(pin.description!.slice(0, 12))}`);
  await expect(page.getByRole('status').filter({ hasText: ko.common.loading })).toBeVisible();
  await expect(page.getByText(/검색 결과가 없습니다/)).toHaveCount(0);
  // Released: this and every later search goes straight through (the route stays, held no more).
  release();

  const results = page.getByRole('list', { name: ko.search.pinResults });
  const hit = results.locator(`[data-pin-id="${pin.id}"]`);
  await expect(hit).toBeVisible();
  await expect(hit).toContainText(`${category} · ${pin.description!.slice(0, 12)}`);
  await expect(hit).toContainText(REGIONS[pin.region!]!.label);
  await expect(hit).toContainText(floorLabel(pin.coordZ ?? null));
  await expect(hit).toContainText(ko.search.found);

  const box = page.getByRole('searchbox', { name: ko.search.inputLabel });
  // Issue 25 item 5: the placeholder's own example, with or without its space.
  await box.fill('보물상자');
  await expect(page.locator('#cat-results')).toContainText('6개');
  const joined = await expectStatedTotal(page, server.url, '보물 상자');
  expect(joined).toBeGreaterThan(1000);
  await lookAt(page, { path: 'test-results/search-1440.png' });

  // Issue 20 item 5: accents and case do not matter; tags are found as the API finds them.
  await box.fill('ruong bau');
  await expect(results.locator(`[data-pin-id="${accented}"]`)).toBeVisible();
  await expect(results.locator(`[data-pin-id="${accented}"] mark`)).toHaveText('Rương Báu');
  await box.fill('오버로드');
  await expect(results.getByRole('listitem').first()).toBeVisible();
  await expectStatedTotal(page, server.url, '오버로드');
  await expect(results.getByRole('listitem').first()).toContainText('오버로드');

  // The pin page's own wording of its number.
  await box.fill(`핀 번호 ${pin.id}`);
  await expect(results.getByRole('listitem').first().locator(`[data-pin-id="${pin.id}"]`)).toBeVisible();

  // Thousands of results: the list draws a screenful and pages in as it scrolls, to the end.
  await box.fill('상자');
  await expect(results.getByRole('listitem').first()).toBeVisible();
  const total = await expectStatedTotal(page, server.url, '상자');
  const layer = page.locator('.page-layer');
  const shownText = page.locator('#pin-results');
  for (let round = 0; round < 4; round++) {
    const before = await shownText.textContent();
    await layer.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(shownText).not.toHaveText(before!);
  }
  expect(await results.getByRole('listitem').count()).toBeLessThan(60);
  await expect(shownText).toContainText(`핀 ${total.toLocaleString('ko-KR')}개 중 250개`);

  // Narrowing: a region, then only what the player has not found.
  await layer.evaluate((el) => el.scrollTo(0, 0));
  await box.fill(pin.description!.slice(0, 12));
  await expect(hit).toBeVisible();
  // The narrowed answer, then a list where every row is of the region (read once shown: the list before it, still on
  // screen for a moment, holds other regions' rows).
  const narrowed = page.waitForResponse(
    (r) => r.url().includes('/api/v1/search?') && new URL(r.url()).searchParams.get('region') === String(pin.region),
  );
  await page.getByRole('combobox', { name: ko.search.regionFilter }).selectOption(String(pin.region));
  await narrowed;
  await expect(results.locator('.result-meta').filter({ hasNotText: REGIONS[pin.region!]!.label })).toHaveCount(0);
  await expect(hit).toBeVisible();
  for (const meta of await results.locator('.result-meta').allTextContents()) expect(meta).toContain(REGIONS[pin.region!]!.label);
  // (Clicked, not check(): the address changes in a transition, and the box follows it a moment later.)
  const unfound = page.getByRole('checkbox', { name: ko.search.unfoundOnly });
  await unfound.click();
  await expect(unfound).toBeChecked();
  await expect(page).toHaveURL(/unfound=1/);
  await expect(page.getByRole('status').filter({ hasText: ko.common.loading })).toHaveCount(0);
  await expect(hit).toHaveCount(0);
});

test('the search page on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/search?q=${encodeURIComponent('보물 상자')}`);
  const results = page.getByRole('list', { name: ko.search.pinResults });
  await expect(results.getByRole('listitem').first()).toBeVisible();
  // Filters and rows fit the screen: nothing scrolls sideways.
  expect(await page.locator('.page-layer').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await lookAt(page, { path: 'test-results/search-390.png' });
});
