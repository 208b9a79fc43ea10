import { test as base, expect, type Page } from '@playwright/test';
import { startServer, type RunningServer } from '../support/server';
import { MAP_HINT_KEY } from '../../src/pages/home/MapToolsHint';

export type { RunningServer };

/**
 * The data folder global-setup.ts made by a first start of the real server (the default demo world, or 3,000 pins),
 * for `startServer`'s `template`; undefined (the server seeds its own) where there is none.
 */
export function dataTemplate(pins: 'default' | 3000 = 'default'): string | undefined {
  return pins === 3000 ? process.env.E2E_DATA_TEMPLATE_3000 : process.env.E2E_DATA_TEMPLATE;
}

/** `server`: one real server per test worker, on its own temporary data folder. */
export const test = base.extend<object, { server: RunningServer }>({
  server: [
    // Playwright reads the fixture's dependencies from this (empty) pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const s = await startServer({}, { template: dataTemplate() });
      await use(s);
      await s.stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  // Journeys start past the first-visit map tools hint (hint.spec.ts opens a context without this).
  page: async ({ page }, use) => {
    await page.addInitScript((key) => localStorage.setItem(key, '1'), MAP_HINT_KEY);
    await recordToasts(page);
    await use(page);
  },
});

/**
 * Keeps, in the page, the text of every toast it shows (from its next navigation on), so that
 * `expectToast` finds one that came and went while the page was too busy to be asked: a toast lasts
 * 4 s, and the first map render on a software-rendered, shared CI machine can hold the main thread
 * longer than that.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __toastsShown?: string[]; __toastsEver?: string[] };
    if (w.__toastsShown) return;
    const shown: string[] = (w.__toastsShown = []);
    // Every toast, kept for the message of a failed wait (the list above is consumed as toasts are found).
    const ever: string[] = (w.__toastsEver = []);
    const seen = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-sonner-toast]')) {
        if (seen.has(el)) continue;
        seen.add(el);
        shown.push(el.textContent ?? '');
        ever.push(el.textContent ?? '');
      }
    }).observe(document, { subtree: true, childList: true });
  });
}

export { expect };
