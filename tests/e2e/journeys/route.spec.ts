import type { Page } from '@playwright/test';
import { ko } from '../../../src/i18n/ko';
import { startLocalSimulator, type LocalSim } from '../../../tools/tracker-sim';
import { movingMapLaunch } from '../chromium';
import { dataTemplate, expect, recordToasts, test } from '../fixtures';
import { freePort, startServer, type StartedServer } from '../../support/server';
import { expectToast, lookAt, PHONE, signInByCalls, toastsShown } from './helpers';
import { MAP_HINT_KEY } from '../../../src/pages/home/MapToolsHint';
import { locateRegion, REGIONS, worldToGame } from '../../../common/regions';

// The route planner (issue 22): a tracked player plans a route through the 50 pins of a category it has not
// found yet, walks it with the tracker simulator, confirms each arrival and sees the route's progress advance.

/** The toast N and 가까운 미발견 give when they fly to a pin. */
const NEAREST = /가장 가까운 미발견:/;

interface ApiPin {
  id: number;
  coordX: number;
  coordY: number;
  coordZ?: number | null;
  region?: number;
}

async function categoryPins(page: Page, base: string, category: number): Promise<ApiPin[]> {
  const body = (await (await page.request.get(`${base}/api/v1/category/${category}/pins-proto`)).json()) as { result: { pins: ApiPin[] } };
  return body.result.pins;
}

async function connectTracker(page: Page, url: string): Promise<void> {
  await page.getByRole('button', { name: '더보기' }).click();
  await page.getByRole('menuitem', { name: '트래커 연결' }).click();
  const dialog = page.getByRole('dialog', { name: ko.trackerDialogTitle });
  await dialog.getByLabel(ko.trackerInputLabel).fill(url);
  await dialog.getByRole('button', { name: ko.trackerConnect, exact: true }).click();
  await expect(dialog).toContainText(ko.trackerStateConnected);
  await dialog.getByRole('button', { name: ko.common.close }).click();
}

const t = ko.route;

// The map follows the walking player in most of its frames: GPU compositing (SwiftShader's), not the journeys' software one.
test.use({ launchOptions: movingMapLaunch });

test('a tracked player plans a route through 50 unfound pins, follows it, confirms arrivals and sees progress advance', async ({
  page,
}) => {
  test.setTimeout(600_000);
  let server: StartedServer | null = null;
  let sim: LocalSim | null = null;
  try {
    server = await startServer({ SEED_PINS: '3000' }, { template: dataTemplate(3000) });
    const base = server.url;
    // Fifty base-map pins of category 1 in region 0, around one of them; every other pin of the category is found.
    const all = await categoryPins(page, base, 1);
    // Where the simulated tracker can stand: region 0's game box holds the point (the tracker maps positions by it).
    const trackable = (p: ApiPin) => {
      const g = worldToGame(REGIONS[0]!.game, p.coordX, p.coordY);
      return locateRegion(g.x, g.y, 0)?.id === 0;
    };
    const ground = all.filter((p) => p.coordZ == null && p.region === 0 && trackable(p));
    const origin = ground[0]!;
    const dist = (p: ApiPin) => Math.hypot(p.coordX - origin.coordX, p.coordY - origin.coordY);
    const stops = [...ground].sort((a, b) => dist(a) - dist(b)).slice(0, 50);
    const byId = new Map(stops.map((p) => [p.id, p]));
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInByCalls(page, `route${Date.now()}@example.com`, '경로탐험가', base);
    const others = all.filter((p) => !byId.has(p.id)).map((p) => p.id);
    expect((await page.request.post(`${base}/api/v1/pin/batch-check`, { data: { pinIds: others, check: true } })).ok()).toBe(true);
    const found = async () => {
      const body = await (await page.request.get(`${base}/api/v1/me/checks`)).json();
      return ((body.result?.pinIds ?? []) as number[]).filter((id) => byId.has(id));
    };

    // The player stands a little off the first pin; the map shows category 1 only. The player walks fast, 20,000 a
    // second (1,000 a sample): the journey is about the arrivals, and walking its 50 stops at 2,000 a second took
    // 32 s of its 66 (issue 24, item 7).
    sim = await startLocalSimulator({
      port: await freePort(),
      hz: 20,
      walkFrom: { x: origin.coordX + 40, y: origin.coordY + 30 },
      walkSpeed: 20_000,
    });
    await page.goto(`${base}/?r=0&c=1`);
    await expect(page.getByTestId('map-view')).toBeVisible();
    await connectTracker(page, sim.url);

    // Plan: from the tracked position, the whole region.
    await page.getByRole('button', { name: t.open }).click();
    const panel = page.getByTestId('route-panel');
    await expect(panel.getByRole('radio', { name: t.startPlayer })).toHaveAttribute('aria-checked', 'true');
    await panel.getByRole('button', { name: t.areaAll }).click();
    await expect(panel.getByTestId('route-summary')).toContainText('정거장 50곳');
    const remaining = panel.getByTestId('route-remaining');
    await expect(remaining).toContainText('남은 정거장 50/50곳');
    await lookAt(page, { path: '.tmp/screens/route-planned-1440.png' });

    const arrived = page.getByRole('dialog', { name: t.arrivedTitle });
    const nextId = async () => Number(await panel.getByTestId('route-next').getAttribute('data-pin-id'));
    for (let k = 0; k < 50; k++) {
      const id = await nextId();
      const stop = byId.get(id)!;
      expect(stop).toBeDefined();
      sim.walkTo(stop.coordX, stop.coordY);
      await expect(arrived).toBeVisible({ timeout: 30_000 });
      await expect(arrived).toContainText(`${k + 1}번 정거장`);
      if (k === 0) {
        // Declined: nothing is marked, the route waits at this stop.
        await lookAt(page, { path: '.tmp/screens/route-arrived-1440.png' });
        await arrived.getByRole('button', { name: t.arrivedNo }).click();
        await expect(arrived).toBeHidden();
        await expect(remaining).toContainText('남은 정거장 50/50곳');
        expect(await found()).toEqual([]);
        // Away and back: asked again.
        sim.walkTo(stop.coordX + 60, stop.coordY);
        await expect.poll(async () => Number(await panel.getByTestId('route-next').getAttribute('data-distance'))).toBeGreaterThan(50);
        sim.walkTo(stop.coordX, stop.coordY);
        await expect(arrived).toBeVisible({ timeout: 30_000 });
      }
      await arrived.getByRole('button', { name: t.arrivedYes }).click();
      await expect(remaining).toContainText(`남은 정거장 ${49 - k}/50곳`);
      if (k === 2) {
        // The mark is undoable like any: Ctrl+Z takes it back and the route returns to that stop, which asks again.
        // The device holds the third mark once its toast has shown (the undo history takes it then).
        await expect.poll(() => toastsShown(page, /찾음으로 표시했습니다/)).toBe(3);
        await page.keyboard.press('Control+z');
        await expect(remaining).toContainText(`남은 정거장 ${50 - k}/50곳`);
        await expect(arrived).toBeVisible({ timeout: 30_000 });
        await arrived.getByRole('button', { name: t.arrivedYes }).click();
        await expect(remaining).toContainText(`남은 정거장 ${49 - k}/50곳`);
      }
      if (k === 24) await lookAt(page, { path: '.tmp/screens/route-halfway-1440.png' });
    }
    await expect(panel).toContainText(t.finished);
    await expect.poll(found, { timeout: 30_000 }).toHaveLength(50);
    await lookAt(page, { path: '.tmp/screens/route-done-1440.png' });
  } finally {
    await sim?.close();
    await server?.stop();
  }
});

test('on a phone by touch: plan over the view from the map centre, mark the next stop, and N / 가까운 미발견 fly to the nearest unfound pin', async ({
  browser,
  server,
}) => {
  test.setTimeout(300_000);
  const context = await browser.newContext({ ...PHONE, baseURL: server.url });
  const page = await context.newPage();
  await recordToasts(page);
  try {
    await page.addInitScript((key) => localStorage.setItem(key, '1'), MAP_HINT_KEY);
    await page.goto('/?r=0&c=1&z=0.25');
    await expect(page.getByTestId('map-view')).toBeVisible();
    await page.getByRole('button', { name: t.nearest }).tap();
    // The toast lasts 4 s of the page's time: the page's record of its toasts sees one that came and went while
    // the page was too busy (the flight's frames, rendered in software) to be asked.
    await expectToast(page, NEAREST, 30_000);
    await page.getByRole('button', { name: t.open }).tap();
    const panel = page.getByTestId('route-panel');
    // No tracker: the start is the map's centre.
    await expect(panel.getByRole('radio', { name: t.startCentre })).toHaveAttribute('aria-checked', 'true');
    await panel.getByRole('button', { name: t.areaView }).tap();
    await expect(panel.getByTestId('route-summary')).toContainText(/정거장 \d+곳/);
    const text = (await panel.getByTestId('route-remaining').textContent()) ?? '';
    const [, left, all] = /남은 정거장 (\d+)\/(\d+)곳/.exec(text)!;
    await panel.getByRole('button', { name: t.markNext }).tap();
    await expect(panel.getByTestId('route-remaining')).toContainText(`남은 정거장 ${Number(left) - 1}/${all}곳`);
    await lookAt(page, { path: '.tmp/screens/route-phone-390.png' });
  } finally {
    await context.close();
  }
});

test('by keyboard at 1440×900: N flies to the nearest unfound pin', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/?r=0&c=1&z=0.25');
  await expect(page.getByTestId('map-view')).toBeVisible();
  await expect(page.getByRole('button', { name: t.nearest })).toBeVisible();
  await page.keyboard.press('n');
  await expectToast(page, NEAREST, 30_000);
  await lookAt(page, { path: '.tmp/screens/route-nearest-1440.png' });
});
