import { test as base, expect } from '@playwright/test';
import { startServer, type RunningServer } from '../support/server';
import { MAP_HINT_KEY } from '../../src/pages/home/MapToolsHint';

export type { RunningServer };

/** `server`: one real server per test worker, on its own temporary data folder. */
export const test = base.extend<object, { server: RunningServer }>({
  server: [
    // Playwright reads the fixture's dependencies from this (empty) pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const s = await startServer();
      await use(s);
      await s.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  // Journeys start past the first-visit map tools hint (hint.spec.ts opens a context without this).
  page: async ({ page }, use) => {
    await page.addInitScript((key) => localStorage.setItem(key, '1'), MAP_HINT_KEY);
    await use(page);
  },
});

export { expect };
