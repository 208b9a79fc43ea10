import { ko } from '../../../src/i18n/ko';
import { koProfiles } from '../../../src/i18n/ko-profiles';
import { MAP_HINT_KEY } from '../../../src/pages/home/MapToolsHint';
import { expect, test } from '../fixtures';
import { lookAt, PHONE, signInByCalls, toastsShown } from './helpers';

// Saved routes (issue 22 item 1): a planned route is saved to the account by keyboard at 1440×900, its link opens
// it read-only in a second context (a visitor's phone, by touch), and marking the rest of it found is one batch
// that 실행 취소 takes back whole.

const t = ko.route;

test('a route saved to the account opens read-only by its link on a visitor phone, and its rest marked found is undone as one batch', async ({
  page,
  browser,
  server,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInByCalls(page, `routeshare${Date.now()}@example.com`, '경로공유자');
  await page.goto('/?r=0&c=1&z=0.25');
  await expect(page.getByTestId('map-view')).toBeVisible();

  // Plan over the view from the map centre, by keyboard.
  await page.getByRole('button', { name: t.open }).focus();
  await page.keyboard.press('Enter');
  const panel = page.getByTestId('route-panel');
  await panel.getByRole('button', { name: t.areaView }).focus();
  await page.keyboard.press('Enter');
  const summary = panel.getByTestId('route-summary');
  await expect(summary).toContainText(/정거장 \d+곳/);
  const stops = Number(/정거장 (\d+)곳/.exec((await summary.textContent()) ?? '')![1]);
  expect(stops).toBeGreaterThan(2);

  // Save it under a name: Enter submits the name field.
  await panel.getByRole('button', { name: t.save }).focus();
  await page.keyboard.press('Enter');
  const name = panel.getByLabel(t.saveName);
  await expect(name).toBeFocused();
  await name.fill('아침 상자 경로');
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('route-saved')).toContainText('저장됨: 아침 상자 경로');
  const link = await panel.getByTestId('route-share-link').inputValue();
  expect(link).toMatch(/[?&]route=[A-Za-z0-9_-]+/);
  await lookAt(page, { path: '.tmp/screens/route-saved-1440.png' });

  // The link in a second context: a visitor on a phone sees the same route, read-only.
  const phone = await browser.newContext({ ...PHONE, baseURL: server.url });
  try {
    const p = await phone.newPage();
    await p.addInitScript((key) => localStorage.setItem(key, '1'), MAP_HINT_KEY);
    await p.goto(link);
    const shared = p.getByTestId('route-panel');
    await expect(shared.getByRole('heading', { name: t.sharedTitle('아침 상자 경로') })).toBeVisible({ timeout: 30_000 });
    await expect(shared).toContainText(t.readOnly);
    await expect(shared.getByTestId('route-read-only')).toBeVisible();
    await expect(shared.getByTestId('route-summary')).toContainText(`정거장 ${stops}곳`);
    await expect(shared.getByTestId('route-remaining')).toContainText(`남은 정거장 ${stops}/${stops}곳`);
    // Nothing here changes the route: no save, no replanning.
    await expect(shared.getByRole('button', { name: t.save })).toHaveCount(0);
    await expect(shared.getByRole('button', { name: t.replan })).toHaveCount(0);
    await expect(p.getByTestId('map-view')).toHaveAttribute('aria-busy', 'false');
    await lookAt(p, { path: '.tmp/screens/route-shared-390.png' });
    // Closing it by touch takes the token out of the address.
    await shared.getByRole('button', { name: t.clear }).tap();
    await expect(p).not.toHaveURL(/route=/);
  } finally {
    await phone.close();
  }

  // Mark the rest found: one batch, one toast with 실행 취소, which takes every stop back.
  const before = await toastsShown(page, /찾음으로 표시했습니다/);
  await panel.getByRole('button', { name: t.markRest(stops) }).click();
  const confirm = page.getByRole('dialog', { name: t.markRestTitle });
  await confirm.getByRole('button', { name: t.markRestYes }).click();
  await expect(panel).toContainText(t.finished);
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: /찾음으로 표시했습니다/ });
  await expect(toast.getByRole('button', { name: ko.undo })).toBeVisible();
  expect(await toastsShown(page, /찾음으로 표시했습니다/)).toBe(before + 1);
  await lookAt(page, { path: '.tmp/screens/route-rest-found-1440.png' });
  await toast.getByRole('button', { name: ko.undo }).click();
  await expect(panel.getByTestId('route-remaining')).toContainText(`남은 정거장 ${stops}/${stops}곳`);
  await expect
    .poll(async () => ((await (await page.request.get('/api/v1/me/checks')).json()).result?.pinIds ?? []).length, { timeout: 30_000 })
    .toBe(0);
  // The profile's count follows the undo too (it stayed at the batch's count before).
  await expect(page.getByTestId('profile-switcher').getByRole('radio', { checked: true })).toContainText(koProfiles.found(0));

  // The saved list: delete is offered back by 실행 취소, the old link dead.
  await panel.getByRole('button', { name: t.replan }).click();
  const list = panel.getByRole('region', { name: t.savedList });
  await expect(list).toContainText('아침 상자 경로');
  await list.getByRole('button', { name: `아침 상자 경로 ${t.deleteSaved}` }).click();
  await expect(list).toBeHidden();
  const dead = await page.request.get(`/api/v1/route/${new URL(link).searchParams.get('route')}`);
  expect(dead.status()).toBe(404);
  await page
    .locator('[data-sonner-toast]')
    .filter({ hasText: t.deleted('아침 상자 경로') })
    .getByRole('button', { name: ko.undo })
    .click();
  await expect(panel.getByRole('region', { name: t.savedList })).toContainText('아침 상자 경로');
  await lookAt(page, { path: '.tmp/screens/route-saved-list-1440.png' });
});
