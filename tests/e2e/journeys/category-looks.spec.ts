import { test as base, expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { startServer, type StartedServer } from '../../support/server';
import { MAP_HINT_KEY } from '../../../src/pages/home/MapToolsHint';
import { dataTemplate, recordToasts } from '../fixtures';
import { expectToast, lookAt, signInByCalls } from './helpers';

// Category icons and colours (issue 20 item 3): an admin gives a category a colour and an icon on the
// catalogue screen (keyboard, with a preview, a refused file named), and the map, the category panel
// and the pin page show it; at 1440×900 and 390×844.

const test = base.extend<object, { server: StartedServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const s = await startServer({ ADMIN_EMAILS: 'looks@example.com', SEED_PINS: '3000' }, { template: dataTemplate(3000) });
      await use(s);
      await s.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});
test.describe.configure({ mode: 'serial' });
const LOAD = { timeout: 60_000 };

/** A 96×96 PNG: a disc of `fill` with a white star-ish cross, like a game icon. */
async function iconPng(fill: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><circle cx="48" cy="48" r="46" fill="${fill}"/>
    <path d="M48 14 L58 40 L84 48 L58 56 L48 82 L38 56 L12 48 L38 40 Z" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function categories(page: Page) {
  const groups = (await (await page.request.get('/api/v1/category/groups')).json()).result as {
    categories: { id: number; name: string; icon: number; color: string | null; iconUrl: string | null }[];
  }[];
  return groups.flatMap((g) => g.categories);
}

for (const [label, options] of [
  ['desktop 1440×900', { viewport: { width: 1440, height: 900 }, locale: 'ko-KR' }],
  ['phone 390×844', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'ko-KR' }],
] as const) {
  test(`${label}: an admin sets a category's colour and icon by keyboard; the panel and pin page show it`, async ({ browser, server }) => {
    test.setTimeout(300_000);
    const ctx = await browser.newContext(options);
    const page = await ctx.newPage();
    await page.addInitScript((key) => localStorage.setItem(key, '1'), MAP_HINT_KEY);
    await recordToasts(page);
    await signInByCalls(page, 'looks@example.com', label.startsWith('desktop') ? '아이콘관리자' : undefined, server.url);
    await page.goto(`${server.url}/moderation`);
    await page.getByRole('tab', { name: '카탈로그' }).click();
    const cats = await categories(page);
    const target = cats[label.startsWith('desktop') ? 0 : 1]!;
    const look = page.getByRole('group', { name: `${target.name} 모양` });
    await expect(look).toBeVisible(LOAD);
    // A wrong file is refused on the spot, in Korean.
    await look.getByLabel(/아이콘 파일/).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(look.getByRole('alert')).toHaveText('아이콘은 PNG 또는 WebP 파일만 올릴 수 있습니다.');
    // The colour by keyboard: focus the picker's field and type into it.
    await look.getByLabel('색', { exact: true }).fill('#e0338b');
    await look.getByLabel(/아이콘 파일/).setInputFiles({ name: 'shell.png', mimeType: 'image/png', buffer: await iconPng('#1f9d55') });
    await expect(look.locator('canvas[data-icon-url^="blob:"]')).toHaveCount(1);
    await look.scrollIntoViewIfNeeded();
    await lookAt(page, { path: `.tmp/category-looks/catalogue-${options.viewport.width}.png` });
    const save = look.getByRole('button', { name: '모양 저장' });
    await save.focus();
    await page.keyboard.press('Enter');
    await expectToast(page, '카탈로그를 고쳤습니다');
    const after = (await categories(page)).find((c) => c.id === target.id)!;
    expect(after.color).toBe('#e0338b');
    expect(after.iconUrl).toMatch(/^\/api\/v1\/category\/\d+\/icon\/[0-9a-f]{16}\.webp$/);
    await expect(look.locator(`canvas[data-icon-url="${after.iconUrl}"]`)).toHaveCount(1);
    // The icon is served for a year, immutable.
    const icon = await page.request.get(after.iconUrl!);
    expect(icon.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    // The category panel and the pin page draw the same icon.
    await page.goto(`${server.url}/`);
    await expect(page.locator(`canvas[data-icon-url="${after.iconUrl}"]`).first()).toBeAttached(LOAD);
    const pin = (
      await (await page.request.get(`/api/v1/category/${target.id}/pins-proto`, { headers: { accept: 'application/json' } })).json()
    ).result.pins[0] as { id: number };
    await page.goto(`${server.url}/pin/${pin.id}`);
    await expect(page.locator(`canvas[data-icon-url="${after.iconUrl}"]`).first()).toBeVisible(LOAD);
    await lookAt(page, { path: `.tmp/category-looks/pin-page-${options.viewport.width}.png` });
    await ctx.close();
  });
}
