import { expect, test } from '../fixtures';
import { findPin, lookAt, openPinMenuAtCentre } from './helpers';

// Issue 25 item 6: a bare pin link (/pin/184) to a pin whose category is off drew no marker: the map
// flew there but showed nothing, or another pin. The pin is drawn while its page is open, without
// switching its category on.
test('a bare link to a pin of a category that is off shows that pin', async ({ page, server }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // The first run shows categories 1 and 2 only.
  const pin = await findPin(page.request, server.url, { category: 5, region: 0 });
  await page.goto(`/pin/${pin.id}?bench`);
  await expect(page.getByRole('region', { name: /음향 상자/ })).toBeVisible({ timeout: 60_000 });
  // Drawn where the map shows it: its menu opens there.
  await openPinMenuAtCentre(page, pin.id);
  await page.keyboard.press('Escape');
  await lookAt(page, { path: 'test-results/pin-link-1440.png' });
});
