import type { Page } from '@playwright/test';
import { ko } from '../../../src/i18n/ko';
import { startExternalSimulator, startLocalSimulator } from '../../../tools/tracker-sim';
import { expect, test } from '../fixtures';
import { freePort } from '../../support/server';
import { expectFollowing, lookAt } from './helpers';

// The live tracker with the running product: the simulator plays the desktop tracker players run,
// in local mode (a WebSocket on this machine) and external mode (a code, through our relay).

async function connect(page: Page, target: string, via: string): Promise<void> {
  await page.getByRole('button', { name: '더보기' }).click();
  await page.getByRole('menuitem', { name: '트래커 연결' }).click();
  const dialog = page.getByRole('dialog', { name: ko.trackerDialogTitle });
  await dialog.getByLabel(ko.trackerInputLabel).fill(target);
  await dialog.getByRole('button', { name: ko.trackerConnect, exact: true }).click();
  await expect(dialog).toContainText(ko.trackerStateConnected);
  await expect(dialog).toContainText(via);
  await dialog.getByRole('button', { name: ko.common.close }).click();
}

test('local mode: the player marker moves and the map follows it', async ({ page }) => {
  const sim = await startLocalSimulator({ port: await freePort(), hz: 20, speed: 20 });
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    // ?bench lends the page's map engine to the test, to read its camera and follow mode.
    await page.goto('/?bench');
    await expect(page.getByTestId('map-view')).toBeVisible();
    await connect(page, sim.url, ko.trackerViaLocal);
    await expectFollowing(page);
    await lookAt(page, { path: '.tmp/screens/tracker-local-1440.png' });
  } finally {
    await sim.close();
  }
});

test('external mode by code through the relay, and the overlay in a browser-source window', async ({ page, server }) => {
  const code = 'E2ETRK01';
  const sim = startExternalSimulator({ relay: `${server.url.replace(/^http/, 'ws')}/api/v1/tracker`, code, hz: 20, speed: 20 });
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/?bench');
    await expect(page.getByTestId('map-view')).toBeVisible();
    // The simulator has no WebRTC in Node, so positions come as relay data packets.
    await connect(page, code, ko.trackerViaRelay);
    await expectFollowing(page);

    // A streaming app's browser source: a small transparent minimap following the same code.
    await page.setViewportSize({ width: 400, height: 300 });
    await page.goto(`/overlay?code=${code}`);
    const canvas = page.locator('canvas');
    await expect(canvas).toBeVisible();
    await expect(canvas).toHaveJSProperty('width', 400);
    // Transparent page, so the stream shows through around the minimap.
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
    await expect.poll(async () => Number(await page.locator('.overlay-root').getAttribute('data-pins'))).toBeGreaterThan(0);
    await expect(page.getByTestId('overlay-stage')).toHaveAttribute('aria-busy', 'false');
    await lookAt(page, { path: '.tmp/screens/overlay-400.png', omitBackground: true });
  } finally {
    sim.close();
  }
});
