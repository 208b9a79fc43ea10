import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { lookAt, signInByCalls } from './helpers';

// Issue 25, finding 5: zoomed out, found pins looked like unfound ones (a check about 5 px across
// at zoom 1/2 and 1/4), and a cluster bubble, coloured by one category, said nothing of what it held.
// Screenshots to look at in .tmp/screens/found-*.png.

interface Engine {
  debugInfo(): { pins: number; level: number; aggregates: number };
  layoutInfo(): { laidOut: boolean };
  pinFlags(id: number): number;
  setCamera(c: { x?: number; y?: number; zoom?: number }): void;
  getCamera(): { x: number; y: number; zoom: number };
  aggregateAt(x: number, y: number): { count: number } | null;
}

type Pin = { id: number; coordX: number; coordY: number; coordZ?: number | null; region?: number };

/** Every base-map pin of region 0 by category, read as any client could. */
async function regionPins(page: Page, base: string): Promise<{ category: { id: number; name: string }; pins: Pin[] }[]> {
  const groups = (await (await page.request.get(`${base}/api/v1/category/groups`)).json()).result as {
    categories: { id: number; name: string }[];
  }[];
  const out = [];
  for (const c of groups.flatMap((g) => g.categories)) {
    const pins = (await (await page.request.get(`${base}/api/v1/category/${c.id}/pins-proto`)).json()).result.pins as Pin[];
    out.push({ category: c, pins: pins.filter((p) => (p.region ?? 0) === 0 && p.coordZ == null) });
  }
  return out;
}

/**
 * Signs in, marks half of region 0's pins of the first two categories found, and opens the map
 * (with every category on where the filter panel shows: the desktop).
 */
async function mapWithFinds(page: Page, base: string, name: string, nickname: string, allCategories: boolean) {
  await signInByCalls(page, `${name}${Date.now()}@example.com`, nickname, base);
  const cats = await regionPins(page, base);
  const found = cats.slice(0, 2).flatMap((c) => c.pins.filter((_, k) => k % 2 === 0));
  const res = await page.request.post(`${base}/api/v1/pin/batch-check`, {
    data: { pinIds: found.map((p) => p.id), check: true },
    headers: { origin: base },
  });
  expect(res.ok()).toBe(true);
  await page.goto('/?bench');
  if (allCategories) {
    await page.getByRole('button', { name: '전체 선택' }).first().click();
    // Fold the filter panel away so the map shows.
    await page.getByRole('button', { name: /황룡/ }).first().click();
  }
  // The categories' pins are drawn, laid out, and the finds flagged on them.
  const total = (allCategories ? cats : cats.slice(0, 2)).reduce((n, c) => n + c.pins.length, 0);
  const state = () =>
    page.evaluate((id) => {
      const e = (window as unknown as { mapEngine?: Engine }).mapEngine;
      return e ? { pins: e.debugInfo().pins, laidOut: e.layoutInfo().laidOut, found: (e.pinFlags(id) & 1) === 1 } : null;
    }, found[0]!.id);
  await expect
    .poll(
      async () => {
        const s = await state();
        return s && s.pins >= total && s.laidOut && s.found ? 'ready' : JSON.stringify({ ...s, want: total });
      },
      { timeout: 120_000 },
    )
    .toBe('ready');
  return { cats, found };
}

async function settled(page: Page): Promise<void> {
  await expect(page.getByTestId('map-view')).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
}

/** The largest aggregate marker in the middle of the map (page px), scanning the engine as a pointer would. */
async function findAggregate(page: Page): Promise<{ x: number; y: number }> {
  // The overview's level is drawn (a frame ran since the camera moved).
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { mapEngine: Engine }).mapEngine.debugInfo().aggregates))
    .toBeGreaterThan(0);
  const info = await page.evaluate(() => {
    const e = (window as unknown as { mapEngine: Engine }).mapEngine;
    const d = e.debugInfo();
    return JSON.stringify({ camera: e.getCamera(), level: d.level, aggregates: d.aggregates });
  });
  const spot = await page.evaluate(() => {
    const e = (window as unknown as { mapEngine: Engine }).mapEngine;
    const c = document.querySelector('[data-testid="map-view"]')!.getBoundingClientRect();
    let best: { x: number; y: number; n: number } | null = null;
    // The middle of the map, clear of the tools and banners at its edges.
    for (let y = c.height * 0.25; y < c.height * 0.75; y += 6)
      for (let x = c.width * 0.2; x < c.width * 0.8; x += 6) {
        const a = e.aggregateAt(x, y);
        if (a && (!best || a.count > best.n)) best = { x, y, n: a.count };
      }
    return best && { x: best.x + c.left, y: best.y + c.top };
  });
  if (!spot) throw new Error(`no aggregate on screen: ${info}`);
  return spot;
}

test('found pins read as found at zoom 1, 1/2 and 1/4; a cluster names its top categories on hover', async ({ page, server }) => {
  test.setTimeout(600_000);
  mkdirSync('.tmp/screens', { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  const { cats, found } = await mapWithFinds(page, server.url, 'overview', '찾은핀관찰자', true);
  // Centre on a found pin: found and unfound pins around it.
  const at = found[Math.floor(found.length / 2)]!;
  for (const zoom of [1, 0.5, 0.25]) {
    await page.evaluate(({ x, y, zoom }) => (window as unknown as { mapEngine: Engine }).mapEngine.setCamera({ x, y, zoom }), {
      x: at.coordX,
      y: at.coordY,
      zoom,
    });
    await settled(page);
    await lookAt(page, { path: `.tmp/screens/found-1440-zoom-${zoom}.png` });
  }

  // The overview: a cluster's tooltip names its categories and its found share.
  await page.evaluate(() => (window as unknown as { mapEngine: Engine }).mapEngine.setCamera({ zoom: 1 / 16 }));
  await settled(page);
  const spot = await findAggregate(page);
  await page.mouse.move(spot.x, spot.y);
  const tip = page.getByRole('tooltip');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText(/핀 [\d,]+개/);
  await expect(tip).toContainText(/찾음 [\d,]+ \(\d+%\)/);
  const names = cats.map((c) => c.category.name);
  const named = await tip.locator('li').allTextContents();
  expect(named.length).toBeGreaterThan(0);
  for (const line of named)
    expect(
      names.some((n) => line.includes(n)),
      line,
    ).toBe(true);
  await lookAt(page, { path: '.tmp/screens/found-1440-cluster-tip.png' });
  // The pointer leaves: the tooltip goes.
  await page.mouse.move(5, 5);
  await expect(tip).toBeHidden();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a long press on a cluster names its top categories; the next touch takes it away', async ({ page, server }) => {
    test.setTimeout(600_000);
    mkdirSync('.tmp/screens', { recursive: true });
    const { cats } = await mapWithFinds(page, server.url, 'phonecluster', '폰군집관찰자', false);
    await page.evaluate(() => (window as unknown as { mapEngine: Engine }).mapEngine.setCamera({ zoom: 1 / 16 }));
    await settled(page);
    const spot = await findAggregate(page);
    const tip = page.getByRole('tooltip');
    const cdp = await page.context().newCDPSession(page);
    // The finger stays down until the tooltip shows (a long press), then lifts.
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: spot.x, y: spot.y }] });
    await expect(tip).toBeVisible();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    const names = cats.map((c) => c.category.name);
    for (const line of await tip.locator('li').allTextContents())
      expect(
        names.some((n) => line.includes(n)),
        line,
      ).toBe(true);
    // Inside the phone's screen.
    const box = (await tip.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await lookAt(page, { path: '.tmp/screens/found-390-cluster-tip.png' });
    // Lifting the finger keeps it; the next touch takes it away.
    await expect(tip).toBeVisible();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 30, y: spot.y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect(tip).toBeHidden();
    await cdp.detach();
  });
});
