import { mkdirSync } from 'node:fs';
import { expect, test } from '../fixtures';
import { findPin, lookAt } from './helpers';

// Screenshots of the main screens at a phone, a laptop and a streamer's 4K screen, to look at.
const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
  { width: 3840, height: 2160 },
];

test('main screens at 390, 1440 and 3840 px in both themes, without horizontal overflow', async ({ page, server }) => {
  test.setTimeout(300_000);
  mkdirSync('.tmp/screens', { recursive: true });
  const pin = await findPin(page.request, server.url, { region: 0 });
  const routes: [string, string][] = [
    ['home', '/'],
    ['pin', `/pin/${pin.id}`],
    ['search', '/search?q=다리'],
    ['mypage', '/mypage'],
    ['login', '/login'],
    ['support', '/support'],
    ['notfound', '/nowhere'],
  ];
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const [name, route] of routes) {
        if (theme === 'light' && !['home', 'pin', 'mypage'].includes(name)) continue;
        await page.goto(route);
        await expect(page.locator('main, .login-screen').first()).toBeVisible();
        // The map's pictures are in and its camera rests (the engine's signal), where the page has one.
        if (name === 'home' || name === 'pin')
          await expect(page.getByTestId('map-view')).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
        // No layout break: nothing wider than the viewport.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
        await lookAt(page, { path: `.tmp/screens/${name}-${size.width}-${theme}.png` });
      }
    }
  }
});
