import { mkdirSync } from 'node:fs';
import { expect, test } from '../fixtures';
import { lookAt } from './helpers';

// Korean type on every machine: this machine has no Korean system font (`fc-list :lang=ko` is
// empty), so every Hangul glyph on the page comes from our self-hosted web font. The font is cut
// into unicode-range slices: a page downloads only the slices of the characters it shows.
const FONT_BYTES_BUDGET = 700_000;

test('Korean text renders in the self-hosted web font, and a page loads only the slices it needs', async ({ page }) => {
  const fontBytes: number[] = [];
  page.on('response', async (res) => {
    if (/\.woff2(\?|$)/.test(res.url())) fontBytes.push((await res.body()).length);
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await expect(page.locator('main')).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  // The web font covers the Hangul the page shows (no fallback to a missing system font, no boxes).
  const covered = await page.evaluate(async () => {
    const text = document.body.innerText.replace(/[^\uac00-\ud7a3]/g, '').slice(0, 200);
    const family = getComputedStyle(document.body).fontFamily.split(',')[0]!.trim();
    await document.fonts.load(`16px ${family}`, text);
    return { family, text, ok: document.fonts.check(`16px ${family}`, text) };
  });
  expect(covered.text.length).toBeGreaterThan(10);
  expect(covered.ok).toBe(true);
  mkdirSync('.tmp/screens', { recursive: true });
  await lookAt(page, { path: '.tmp/screens/fonts-home-1440.png' });
  const total = fontBytes.reduce((a, b) => a + b, 0);
  console.log(`font files: ${fontBytes.length}, ${total} bytes`);
  expect(fontBytes.length).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(FONT_BYTES_BUDGET);
});
