import { test as base, expect } from '@playwright/test';
import { startServer, type RunningServer } from '../support/server';

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
});

export { expect };
