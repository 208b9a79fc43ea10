import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { ko } from '../../../src/i18n/ko';
import { expect, test } from '../fixtures';
import { findPin, lookAt } from './helpers';

// Screenshots of the main screens at a phone, a laptop and a streamer's 4K screen, to look at.
const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
  { width: 3840, height: 2160 },
];

/**
 * Goes to `route` inside the open app, as its own links do (the router follows the history), not by loading the page
 * again: the page is loaded once, and the screen size and the system's theme change under it, as a window is resized
 * or the OS switches theme. A load costs more than every check on the screen (a 4K map's start, in software WebGL).
 */
async function goInApp(page: Page, route: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  const url = new URL(route, 'http://x');
  await expect.poll(() => page.evaluate(() => location.pathname + location.search)).toBe(url.pathname + url.search);
}

test('main screens at 390, 1440 and 3840 px in both themes, without horizontal overflow', async ({ page, server }) => {
  test.setTimeout(300_000);
  mkdirSync('.tmp/screens', { recursive: true });
  const pin = await findPin(page.request, server.url, { region: 0 });
  const map = page.getByTestId('map-view');
  const pinTitle = page.locator('#pin-title');
  // Each route's own sign that it is on screen (not the route before it, kept while the next one's code loads).
  const routes: [string, string, Locator][] = [
    ['home', '/', map],
    ['pin', `/pin/${pin.id}`, pinTitle],
    ['search', '/search?q=다리', page.getByRole('heading', { level: 1, name: ko.common.search })],
    ['mypage', '/mypage', page.getByRole('heading', { level: 1, name: ko.common.mypage })],
    ['login', '/login', page.locator('.login-screen')],
    ['support', '/support', page.getByRole('heading', { level: 1, name: ko.support.title })],
    ['notfound', '/nowhere', page.getByRole('heading', { level: 1, name: ko.shell.notFound.heading })],
  ];
  await page.goto('/');
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const [name, route, shown] of routes) {
        if (theme === 'light' && !['home', 'pin', 'mypage'].includes(name)) continue;
        await goInApp(page, route);
        await expect(shown).toBeVisible();
        await expect(page.locator('main, .login-screen').first()).toBeVisible();
        // The map's pictures are in and its camera rests (the engine's signal), where the page has one.
        if (name === 'home') await expect(pinTitle).toHaveCount(0);
        if (name === 'pin') await expect(pinTitle).toHaveText(/\S/);
        if (name === 'home' || name === 'pin') await expect(map).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
        // No layout break: nothing wider than the viewport.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
        await lookAt(page, { path: `.tmp/screens/${name}-${size.width}-${theme}.png` });
      }
    }
  }
});
