import type { Page } from '@playwright/test';
import { ko } from '../../../src/i18n/ko';
import { startExternalSimulator } from '../../../tools/tracker-sim';
import { expect, test, type RunningServer } from '../fixtures';
import { expectFollowing, expectToast, findPin, lookAt, mapCentre, signInByCalls } from './helpers';

// A streamer's evening (issue 10, issue 14 item 3): the tracker survives a reload, a pan by hand
// offers to follow again, the overlay is set up from the menu with a live preview, and a mark made
// on the phone shows on the stream's overlay within 2 s.

function relay(server: RunningServer): string {
  return `${server.url.replace(/^http/, 'ws')}/api/v1/tracker`;
}

/** The camera in the page's URL (written when the camera comes to rest). */
function cameraInUrl(page: Page): string {
  const q = new URL(page.url()).searchParams;
  return `${q.get('r')}:${q.get('x')}:${q.get('y')}`;
}

async function openTrackerDialog(page: Page, label: string | RegExp) {
  await page.getByRole('button', { name: '더보기' }).click();
  await page.getByRole('menuitem', { name: label }).click();
  return page.getByRole('dialog', { name: ko.trackerDialogTitle });
}

/** Drags the map by mouse from a point of the map (by default its centre). */
async function panByHand(page: Page, from?: { x: number; y: number }): Promise<void> {
  const c = from ?? (await mapCentre(page));
  await page.mouse.move(c.x, c.y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(c.x - i * 25, c.y - i * 10);
  await page.mouse.up();
}

// The phone pan at (220,160) was lost whenever the player stood in Rinascita by then (in each failing run traced here,
// the route had teleported there about 16 s after the reload, just before that step): Rinascita's long
// floor names widen the floor picker, and the map tools' box beside the narrower tool buttons took the drag (it
// selected the picker's text). The box lets the pointer through now (small-things.spec.ts checks that spot).
test('the tracker connection survives a reload; a pan by hand shows the re-follow button', async ({ page, server }) => {
  test.setTimeout(240_000);
  const code = 'E2ERELD1';
  const sim = startExternalSimulator({ relay: relay(server), code, hz: 20, speed: 20 });
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    // ?bench lends the page's map engine to the test (window.mapEngine), to read its camera and follow mode.
    await page.goto('/?bench');
    await expect(page.getByTestId('map-view')).toBeVisible();
    const dialog = await openTrackerDialog(page, '트래커 연결');
    // The desktop tracker shows its code as XXXX-XXXX.
    await dialog.getByLabel(ko.trackerInputLabel).fill('e2er-eld1');
    await dialog.getByRole('button', { name: ko.trackerConnect, exact: true }).click();
    await expect(dialog).toContainText(ko.trackerStateConnected);
    await dialog.getByRole('button', { name: ko.common.close }).click();
    await expectFollowing(page);

    // A reload: the page connects to the same code by itself and follows again.
    await page.reload();
    await expect(page.getByTestId('map-view')).toBeVisible();
    await page.getByRole('button', { name: '더보기' }).click();
    await expect(page.getByRole('menuitem', { name: '트래커 (연결됨)' })).toBeVisible({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await expectFollowing(page);

    // A pan by hand turns follow off; the button turns it back on.
    const refollow = page.getByRole('button', { name: ko.trackerRefollow });
    await expect(refollow).toBeHidden();
    await panByHand(page);
    await expect(refollow).toBeVisible();
    // The pan comes to rest (the engine's signal; its camera is written to the URL at that moment), and
    // the camera stays put while the player moves on.
    await expect(page.getByTestId('map-view')).toHaveAttribute('aria-busy', 'false');
    const rested = cameraInUrl(page);
    await lookAt(page, { path: '.tmp/screens/tracker-refollow-1440.png' });
    await expect(page.getByTestId('map-view')).toHaveAttribute('aria-busy', 'false');
    expect(cameraInUrl(page)).toBe(rested);
    await refollow.click();
    await expect(refollow).toBeHidden();
    await expectFollowing(page);

    // On a phone, by touch-sized button.
    await page.setViewportSize({ width: 390, height: 844 });
    // Above the filter sheet (lower part) and left of the floor picker and tools (top right).
    await panByHand(page, { x: 220, y: 160 });
    await expect(refollow).toBeVisible();
    const box = (await refollow.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await lookAt(page, { path: '.tmp/screens/tracker-refollow-390.png' });
    await refollow.click();
    await expect(refollow).toBeHidden();

    // An explicit disconnect is remembered too: the next reload stays disconnected.
    await page.setViewportSize({ width: 1440, height: 900 });
    const again = await openTrackerDialog(page, '트래커 (연결됨)');
    await again.getByRole('button', { name: ko.trackerDisconnect }).click();
    await expect(again).toContainText(ko.trackerStateIdle);
    await again.getByRole('button', { name: ko.common.close }).click();
    await page.reload();
    await expect(page.getByTestId('map-view')).toBeVisible();
    // Start-up is over (the map's pictures are in and its camera rests) before asking whether it reconnected.
    await expect(page.getByTestId('map-view')).toHaveAttribute('aria-busy', 'false');
    await page.getByRole('button', { name: '더보기' }).click();
    await expect(page.getByRole('menuitem', { name: '트래커 연결' })).toBeVisible();
  } finally {
    sim.close();
  }
});

test('overlay set up from the menu with a live preview; a mark on another device shows on it within 2 s', async ({ browser, server }) => {
  // Three browsers (setup page with its preview, the overlay, the phone) on a loaded machine.
  test.setTimeout(480_000);
  const code = 'E2EOVLY1';
  const sim = startExternalSimulator({ relay: relay(server), code, hz: 20, speed: 5 });
  const streamer = await browser.newContext({ baseURL: server.url, locale: 'ko-KR', permissions: ['clipboard-read', 'clipboard-write'] });
  const phoneContext = await browser.newContext({
    baseURL: server.url,
    locale: 'ko-KR',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  try {
    const page = await streamer.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    const email = `streamer${Date.now()}@example.com`;
    await signInByCalls(page, email, '방송탐험가');

    // The menu leads to the setup page, not to a bare overlay.
    await page.goto('/');
    await page.getByRole('button', { name: '더보기' }).click();
    await page.getByRole('menuitem', { name: ko.overlayMenu }).click();
    await expect(page).toHaveURL(/\/overlay\/setup$/);
    await expect(page.getByRole('heading', { name: ko.overlaySetupTitle })).toBeVisible();
    const address = page.getByLabel(ko.overlayUrlLabel);
    await expect(address).toHaveValue(`${server.url}/overlay`);
    await page.getByLabel(ko.overlayTrackerLabel).fill('e2eo-vly1');
    await page.getByLabel(ko.overlayBgChroma).check();
    await expect(address).toHaveValue(`${server.url}/overlay?code=E2EOVLY1&bg=chroma`);
    await page.getByLabel(ko.overlayBgTransparent).check();
    const url = `${server.url}/overlay?code=E2EOVLY1`;
    await expect(address).toHaveValue(url);
    // The preview is the overlay itself; its state shows in the frame's chrome, not in the picture. Each choice loads
    // the frame again: what follows reads the document of this address, not the one before it (a rehearsal read the
    // chroma preview's pins, then the next document's loading screen).
    const frame = page.locator(`iframe[title="${ko.overlayPreview}"]`);
    await expect.poll(() => frame.evaluate((f: HTMLIFrameElement) => f.contentWindow?.location.href)).toBe(url);
    const preview = page.frameLocator(`iframe[title="${ko.overlayPreview}"]`);
    await expect(page.locator('.overlay-preview-status')).toHaveText(ko.trackerStateConnected, { timeout: 30_000 });
    await expect
      .poll(async () => Number(await preview.locator('.overlay-root').getAttribute('data-pins')), { timeout: 30_000 })
      .toBeGreaterThan(0);
    expect(await preview.locator('body').innerText()).toBe('');
    await page.getByRole('button', { name: ko.overlayCopy }).click();
    await expectToast(page, ko.copiedToClipboard);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expect(preview.getByTestId('overlay-stage')).toHaveAttribute('aria-busy', 'false');
    await lookAt(page, { path: '.tmp/screens/overlay-setup-1440.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await lookAt(page, { path: '.tmp/screens/overlay-setup-390.png' });
    // Done with the setup page (and its preview): each app page holds two event streams, and a
    // browser allows six connections to one host over HTTP/1.1.
    await page.close();

    // The browser source: the same signed-in browser opens the overlay URL at 1080p.
    const overlay = await streamer.newPage();
    const overlayRequests: string[] = [];
    overlay.on('request', (r) => overlayRequests.push(new URL(r.url()).pathname));
    await overlay.setViewportSize({ width: 1920, height: 1080 });
    await overlay.goto(url);
    const root = overlay.locator('.overlay-root');
    await expect.poll(async () => Number(await root.getAttribute('data-pins')), { timeout: 30_000 }).toBeGreaterThan(0);
    // A browser source holds the pins it draws, in one pins worker: not the whole world's region snapshots beside
    // them, for a map it never shows.
    expect(overlayRequests.filter((p) => p.startsWith('/api/v1/pins/snapshot'))).toEqual([]);
    expect(overlay.workers().filter((w) => w.url().includes('pins.worker'))).toHaveLength(1);
    await expect(root).toHaveAttribute('data-found', '0');
    const region = Number(await root.getAttribute('data-region'));
    const pin = await findPin(overlay.request, server.url, { category: 1, region });

    // The phone: the same account in another browser marks the pin.
    const phone = await phoneContext.newPage();
    await signInByCalls(phone, email);
    await phone.goto(`/pin/${pin.id}`);
    const sent = phone.waitForResponse((r) => r.url().endsWith(`/api/v1/pin/${pin.id}/check`) && r.request().method() === 'POST');
    await phone.getByRole('button', { name: ko.markFound }).click();
    expect((await sent).ok()).toBe(true);
    await expect(root).toHaveAttribute('data-found', '1', { timeout: 2_000 });
    // Nothing but the map is drawn on the stream.
    expect(await overlay.locator('body').innerText()).toBe('');
    await expect(overlay.getByTestId('overlay-stage')).toHaveAttribute('aria-busy', 'false');
    await lookAt(overlay, { path: '.tmp/screens/overlay-1920.png', omitBackground: true });

    // And an unmark follows just as fast.
    const unsent = phone.waitForResponse((r) => r.url().endsWith(`/api/v1/pin/${pin.id}/check`) && r.request().method() === 'POST');
    await phone.getByRole('button', { name: ko.markNotFound }).click();
    expect((await unsent).ok()).toBe(true);
    await expect(root).toHaveAttribute('data-found', '0', { timeout: 2_000 });
  } finally {
    sim.close();
    await streamer.close();
    await phoneContext.close();
  }
});
