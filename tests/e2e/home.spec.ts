import sharp from 'sharp';
import { expect, test } from './fixtures';
import { lookAt } from './journeys/helpers';

/** Luminance spread and colour count of a PNG: a blank or single-colour canvas has neither. */
async function pixelStats(png: Buffer) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  let sumSq = 0;
  const colours = new Set<number>();
  const n = info.width * info.height;
  for (let i = 0; i < data.length; i += info.channels) {
    const l = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
    sum += l;
    sumSq += l * l;
    colours.add(((data[i]! >> 3) << 10) | ((data[i + 1]! >> 3) << 5) | (data[i + 2]! >> 3));
  }
  const mean = sum / n;
  return { std: Math.sqrt(sumSq / n - mean * mean), colours: colours.size };
}

test('the home page shows the default region’s tiles and the demo world is seeded', async ({ page, server }) => {
  const tiles: { url: string; status: number }[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/map/huanglong/')) tiles.push({ url: r.url(), status: r.status() });
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  const canvas = page.locator('canvas').first();
  await expect(canvas).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => tiles.filter((t) => t.status === 200).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
  // Every tile in view drawn and the camera at rest (the engine's signal).
  await expect(page.getByTestId('map-view')).toHaveAttribute('aria-busy', 'false');
  const stats = await pixelStats(await canvas.screenshot());
  expect(stats.std).toBeGreaterThan(8);
  expect(stats.colours).toBeGreaterThan(200);
  expect(tiles.every((t) => t.status === 200 || t.status === 304)).toBe(true);

  const groups = await (await page.request.get(`${server.url}/api/v1/category/groups`)).json();
  const pins = groups.result
    .flatMap((g: { categories: { pinCount: number }[] }) => g.categories)
    .reduce((n: number, c: { pinCount: number }) => n + c.pinCount, 0);
  expect(pins).toBeGreaterThanOrEqual(60_000);
  await lookAt(page, { path: 'test-results/home-1440.png' });
});
