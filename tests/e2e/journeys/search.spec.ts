import { ko } from '../../../src/i18n/ko';
import { REGIONS, floorLabel } from '../../../common/regions';
import { expect, test } from '../fixtures';
import { signInLocally } from './helpers';

interface ProtoPin {
  id: number;
  description?: string;
  region?: number;
  coordZ?: number | null;
  categoryName?: string;
}

// Search ranks pins across every category and pages the rest; each result says what it is
// (category and description), where it is (region, floor) and whether the player found it.
test('search results are titled, located, show found state, span categories and page on', async ({ page, server }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const body = (await (await page.request.get(`${server.url}/api/v1/category/1/pins-proto`)).json()) as { result: { pins: ProtoPin[] } };
  const pin = body.result.pins.find((p) => (p.description ?? '').length > 12 && p.region != null)!;
  const groups = (await (await page.request.get(`${server.url}/api/v1/category/groups`)).json()).result as {
    categories: { id: number; name: string }[];
  }[];
  const category = groups.flatMap((g) => g.categories).find((c) => c.id === 1)!.name;

  await signInLocally(page, `search${Date.now()}@example.com`, '검색탐험가');
  const marked = await page.request.post(`${server.url}/api/v1/pin/${pin.id}/check`, { data: { check: true } });
  expect(marked.ok()).toBe(true);

  await page.goto(`/search?q=${encodeURIComponent(pin.description!.slice(0, 12))}`);
  const results = page.getByRole('list', { name: '핀 검색 결과' });
  const hit = results.locator(`[data-pin-id="${pin.id}"]`);
  await expect(hit).toBeVisible({ timeout: 60_000 });
  await expect(hit).toContainText(`${category} · ${pin.description!.slice(0, 12)}`);
  await expect(hit).toContainText(REGIONS[pin.region!]!.label);
  await expect(hit).toContainText(floorLabel(pin.coordZ ?? null));
  await expect(hit).toContainText(ko.search.found);
  await expect(results).not.toContainText(/핀 #\d+/);

  // A word in many categories: the first page is not filled by the first category alone.
  await page.goto(`/search?q=${encodeURIComponent('다리')}`);
  const items = results.getByRole('listitem');
  await expect(items).toHaveCount(50, { timeout: 60_000 });
  const titles = await results.locator('.result-title').allTextContents();
  expect(new Set(titles.map((t) => t.split(' · ')[0])).size).toBeGreaterThan(1);
  const more = page.getByRole('button', { name: /^더 보기/ });
  await expect(more).toBeVisible();
  await more.click();
  // The next page comes from the pins worker, which may still be loading every category for search (as the first page may).
  await expect(items).toHaveCount(100, { timeout: 60_000 });
  await page.screenshot({ path: '/tmp/i10-search-1440.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/i10-search-390.png' });
});
