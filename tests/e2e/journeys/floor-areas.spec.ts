import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { startServer, type StartedServer } from '../../support/server';
import { MAP_HINT_KEY } from '../../../src/pages/home/MapToolsHint';
import { lookAt, PHONE, signInByCalls } from './helpers';

// Issue 20 items 1–2: floor areas added by the import (tests/fixtures/world-areas.json: 13 named −1 caves in
// 리나시타, a −4 hangar in 볼트 베이스, a new region 거울 호수) reach the floor selector, their pins are
// reachable from it, and the pin page and the editor name the area.
test.describe.configure({ timeout: 300_000 });

let server: StartedServer;
interface ListedPin {
  id: number;
  coordX: number;
  coordY: number;
  description?: string;
}
let pins: ListedPin[] = [];
test.beforeAll(async () => {
  test.setTimeout(300_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'wuwa-floors-'));
  // Loaded into an empty world before the server starts (the server holds the embedded database's folder).
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/import/cli.ts', 'tests/fixtures/world-areas.json'], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });
  server = await startServer({ DATABASE_URL: '' }, { dataDir });
  const r = await fetch(`${server.url}/api/v1/category/1/pins-proto`, { headers: { accept: 'application/json' } });
  pins = ((await r.json()) as { result: { pins: ListedPin[] } }).result.pins;
});
test.afterAll(async () => {
  await server?.stop();
});
const pinOf = (description: string) => pins.find((p) => p.description === description)!;

test('desktop: a named −1 cave of 리나시타 is one choice away, its pin is drawn there and named on its page and in the editor', async ({
  page,
}) => {
  await page.addInitScript((key) => localStorage.setItem(key, '1'), MAP_HINT_KEY);
  await page.setViewportSize({ width: 1440, height: 900 });
  // ?bench lends the page's map engine to the test (window.mapEngine), to ask which pin it draws where.
  await page.goto(`${server.url}/?r=2&bench`);
  // The link's region applies once the data layer has started.
  await expect(page.getByRole('radio', { name: '리나시타' })).toHaveAttribute('aria-checked', 'true', { timeout: 60_000 });
  const floors = page.getByRole('radiogroup', { name: '층 선택' });
  // 16 named −1 areas: the seed's three and the import's 13.
  const minus1 = floors.getByRole('radio', { name: /지하 1층/ });
  await expect(minus1).toContainText('16');
  await minus1.click();
  const areas = page.getByRole('combobox', { name: '구역 선택' });
  await expect(areas.locator('option')).toHaveCount(17);
  await lookAt(page, { path: 'test-results/floor-areas-1440.png' });
  await areas.selectOption({ label: '수정 동굴' });
  await expect(minus1).toHaveAttribute('aria-checked', 'true');
  // The area is brought into view with its pin in it: the engine draws the pin there, and picks it under a tap.
  const crystal = pinOf('수정 동굴 안쪽');
  await expect
    .poll(
      () =>
        page.evaluate((p) => {
          const e = (
            window as unknown as {
              mapEngine?: { worldToScreen(p: object): { x: number; y: number }; pickAt(x: number, y: number): number | null };
            }
          ).mapEngine;
          if (!e) return null;
          const s = e.worldToScreen({ x: p.coordX, y: p.coordY });
          return e.pickAt(s.x, s.y);
        }, crystal),
      { timeout: 30_000 },
    )
    .toBe(crystal.id);
  await lookAt(page, { path: 'test-results/floor-areas-cave-1440.png' });

  await page.goto(`${server.url}/pin/${crystal.id}`);
  await expect(page.getByTestId('pin-floor')).toHaveText('수정 동굴 · 지하 1층', { timeout: 60_000 });
  // The −4 hangar pin reads 지하 4층 with its area, never 1층.
  const hangar = pinOf('격납고 한가운데');
  await page.goto(`${server.url}/pin/${hangar.id}`);
  await expect(page.getByTestId('pin-floor')).toHaveText('격납고 · 지하 4층', { timeout: 60_000 });
  // The editor (a signed-in player's) names it too.
  await signInByCalls(page, 'floors@example.com', '층탐험가', server.url);
  await page.goto(`${server.url}/pin/${hangar.id}/edit`);
  await expect(page.locator('#pin-floor option:checked')).toHaveText('격납고 · 지하 4층', { timeout: 60_000 });
  await lookAt(page, { path: 'test-results/floor-areas-editor-1440.png' });
});

test('phone: the floor select groups the 16 named −1 areas under 지하 1층 and a cave opens its floor', async ({ browser }) => {
  const context = await browser.newContext({ ...PHONE, baseURL: server.url });
  await context.addInitScript((key) => localStorage.setItem(key, '1'), MAP_HINT_KEY);
  const page = await context.newPage();
  await page.goto('/?r=2');
  const select = page.getByRole('combobox', { name: '층 선택' });
  await expect(select.locator('optgroup[label="지하 1층"] option')).toHaveCount(17, { timeout: 60_000 });
  await select.selectOption({ label: '잊힌 동굴' });
  await expect(select.locator('option:checked')).toHaveText('잊힌 동굴');
  await lookAt(page, { path: 'test-results/floor-areas-390.png' });
  // A new region from the import is in the region list.
  await page.goto('/?r=7');
  await expect(page.getByRole('combobox', { name: '층 선택' }).locator('option:checked')).toHaveText('지상');
  await context.close();
});
