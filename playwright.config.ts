import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './vite.config';

/** End-to-end journeys: the real server on a temporary data folder, driven in Debian's Chromium. */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    locale: 'ko-KR',
    trace: 'retain-on-failure',
    // Journeys that stub the network (page.route) need to see every request: a service worker would answer some
    // itself. The offline journey (offline.spec.ts) lets it in.
    serviceWorkers: 'block',
  },
});
