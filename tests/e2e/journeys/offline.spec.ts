import type { Page } from '@playwright/test';
import { ko } from '../../../src/i18n/ko';
import { expect, test } from '../fixtures';
import { MAP_HINT_KEY } from '../../../src/pages/home/MapToolsHint';
import { findPin, mapAtRestWithPins, PHONE, signInLocally } from './helpers';

// Issue 21 item 4: offline (PWA). The service worker is let in here (the other journeys block it).
test.use({ ...PHONE, serviceWorkers: 'allow' });

/** What this origin keeps for offline: the service worker in control, tiles in its cache, region snapshots in IndexedDB. */
async function offlineState(page: Page) {
  return page.evaluate(async () => {
    const tiles = await caches.open('map-tiles').then((c) => c.keys());
    const snaps = await new Promise<number>((resolve) => {
      const open = indexedDB.open('pins store v2');
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('snaps')) return resolve(0);
        const req = db.transaction('snaps').objectStore('snaps').count();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => resolve(0);
      };
      open.onerror = () => resolve(0);
    });
    return { controlled: !!navigator.serviceWorker.controller, tiles: tiles.length, snaps };
  });
}

test('after one online visit the map opens offline, and a mark made there is delivered when back online', async ({
  page,
  server,
}) => {
  test.setTimeout(240_000);
  await page.addInitScript((key) => localStorage.setItem(key, '1'), MAP_HINT_KEY);
  const pin = await findPin(page.request, server.url, { category: 1, region: 0 });
  await signInLocally(page, `offline${Date.now()}@example.com`, '오프라인탐험가', server.url);
  const found = async () =>
    ((await (await page.request.get(`${server.url}/api/v1/me/checks`)).json()).result?.pinIds ?? []).includes(pin.id);

  // One online visit: the pin's page over the map.
  await page.goto(`/pin/${pin.id}?bench`);
  await mapAtRestWithPins(page);
  await expect(page.getByRole('button', { name: ko.markFound })).toBeVisible({ timeout: 60_000 });
  // The app's signals that it holds what an offline start needs.
  await expect.poll(() => offlineState(page), { timeout: 60_000 }).toMatchObject({ controlled: true, snaps: 1 });
  await expect.poll(async () => (await offlineState(page)).tiles, { timeout: 60_000 }).toBeGreaterThan(0);

  // No network at all: the reload is answered by the service worker.
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: ko.syncOffline(0) })).toBeVisible({ timeout: 60_000 });
  await mapAtRestWithPins(page);
  await page.screenshot({ path: '/tmp/i21-offline-map-phone.png' });

  await page.getByRole('button', { name: ko.markFound }).tap();
  await expect(page.getByRole('status').filter({ hasText: ko.syncOffline(1) })).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: '/tmp/i21-offline-marked-phone.png' });
  expect(await found()).toBe(false);

  // Back online: the waiting mark is sent without a reload or a tap.
  await page.context().setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: ko.syncDone })).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: '/tmp/i21-offline-healed-phone.png' });
  expect(await found()).toBe(true);
});
