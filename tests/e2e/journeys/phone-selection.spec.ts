import type { Page } from '@playwright/test';
import { ko } from '../../../src/i18n/ko';
import { expect, test } from '../fixtures';
import { expectOneUndoToast, lookAt, mapAtRestWithPins, signInByCalls, toastsShown } from './helpers';

const MARKED = /찾음으로 표시했습니다/;

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** A one-finger stroke through these points on the map, as Chromium receives it from a touch screen. */
async function touchPath(page: Page, points: { x: number; y: number }[]): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [points[0]!] });
  for (let k = 1; k < points.length; k++) {
    const [from, to] = [points[k - 1]!, points[k]!];
    for (let i = 1; i <= 8; i++) {
      const p = { x: from.x + ((to.x - from.x) * i) / 8, y: from.y + ((to.y - from.y) * i) / 8 };
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
    }
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** A one-finger drag on the map. */
const touchDrag = (page: Page, from: { x: number; y: number }, to: { x: number; y: number }) => touchPath(page, [from, to]);

/** Signs in on a phone and opens the map once its pins are drawn (`?bench` hands the engine to the page). */
async function phoneMap(page: Page, base: string, name: string, nickname: string) {
  await signInByCalls(page, `${name}${Date.now()}@example.com`, nickname, base);
  await page.goto('/?bench');
  await expect(page.getByTestId('map-view')).toBeVisible();
  // A drag selects among the pins drawn: wait for them, and for the camera at rest.
  await mapAtRestWithPins(page);
  return (await page.getByTestId('map-view').boundingBox())!;
}

/** Taps the selection banner once: it ends the tool on the finger's release (issue 24), and the confirmation opens. */
async function tapBanner(page: Page): Promise<void> {
  await page.locator('.map-mode-banner').tap();
  await expect(page.getByRole('dialog', { name: '선택한 핀에 적용' })).toBeVisible();
}

/** The number the selection banner shows, once the drawn shape's query has answered (a count above 0). */
async function selectedCount(page: Page): Promise<number> {
  const count = page.locator('.map-mode-banner .map-mode-count');
  await expect(count).toHaveText(/[1-9][\d,]*개 선택됨/);
  return Number(/([\d,]+)개 선택됨/.exec((await count.textContent()) ?? '')![1]!.replace(/,/g, ''));
}

// Issue 10, blocker 2: on a phone (no Esc key) a range selection is applied by pressing the banner.
test('on a phone, a touch range selection is applied through the banner', async ({ page, server }) => {
  // The selection starts once pins are drawn (a drag made before selects nothing).
  const map = await phoneMap(page, server.url, 'phone', '폰탐험가');
  const banner = page.locator('.map-mode-banner');
  const dialog = page.getByRole('dialog', { name: '선택한 핀에 적용' });
  await page.getByRole('button', { name: '사각형 범위 선택' }).tap();
  await expect(page.getByRole('button', { name: '사각형 범위 선택' })).toHaveAttribute('aria-pressed', 'true');
  await touchDrag(page, { x: map.x + 20, y: map.y + 120 }, { x: map.x + map.width - 70, y: map.y + map.height * 0.7 });
  const count = await selectedCount(page);
  await lookAt(page, { path: '/tmp/i10-phone-banner.png' });

  // The banner fits the phone: readable, not over the map tools.
  const b = (await banner.boundingBox())!;
  expect(b.x).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width).toBeLessThanOrEqual(390);
  const tools = (await page.getByRole('toolbar', { name: '지도 도구' }).boundingBox())!;
  const overlaps = b.x < tools.x + tools.width && tools.x < b.x + b.width && b.y < tools.y + tools.height && tools.y < b.y + b.height;
  expect(overlaps).toBe(false);

  // Pressing the banner asks what to do with the selection; "keep selecting" goes back with it intact.
  await tapBanner(page);
  await expect(dialog).toContainText(ko.applyToPins(count));
  await lookAt(page, { path: '/tmp/i10-phone-confirm.png' });
  await dialog.getByRole('button', { name: ko.selectionKeep }).tap();
  await expect(dialog).toBeHidden();
  await expect(banner).toContainText(ko.modeSelected(count));

  // The tool button ends the mode the same way; apply marks them all on the server.
  await page.getByRole('button', { name: '사각형 범위 선택' }).tap();
  await expect(dialog).toContainText(ko.applyToPins(count));
  const shown = await toastsShown(page, MARKED);
  await dialog.getByRole('button', { name: ko.selectionApply }).tap();
  await expect(dialog).toBeHidden();
  // One toast, with 실행 취소 (issue 25: two identical ones, the front one without it).
  await expectOneUndoToast(page, MARKED, shown, ko.undo);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: MARKED })).toBeInViewport({ ratio: 1 });
  await lookAt(page, { path: '/tmp/i25-phone-toast.png' });
  await expect
    .poll(async () => {
      const body = await (await page.request.get(`${server.url}/api/v1/me/checks`)).json();
      return (body.result?.pinIds ?? []).length;
    })
    .toBe(count);
});

// Issue 10, blocker 2: the lasso and the route are drawn by a finger too; a discarded lasso marks nothing.
test('on a phone, lasso and route selections are drawn by touch', async ({ page, server }) => {
  const map = await phoneMap(page, server.url, 'lasso', '폰올가미');
  const dialog = page.getByRole('dialog', { name: '선택한 핀에 적용' });
  const at = (fx: number, fy: number) => ({ x: map.x + map.width * fx, y: map.y + map.height * fy });
  const draw = async (tool: string, points: { x: number; y: number }[]) => {
    const button = page.getByRole('button', { name: tool });
    await button.tap();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await touchPath(page, points);
    return selectedCount(page);
  };

  const lasso = await draw(ko.map.tools.lasso, [at(0.15, 0.25), at(0.85, 0.2), at(0.9, 0.6), at(0.5, 0.75), at(0.1, 0.6), at(0.15, 0.25)]);
  await lookAt(page, { path: '/tmp/i10-phone-lasso.png' });
  await tapBanner(page);
  await expect(dialog).toContainText(ko.applyToPins(lasso));
  await dialog.getByRole('button', { name: ko.selectionDiscard }).tap();
  await expect(dialog).toBeHidden();

  const route = await draw(ko.map.tools.route, [at(0.1, 0.3), at(0.4, 0.45), at(0.6, 0.4), at(0.9, 0.55)]);
  await lookAt(page, { path: '/tmp/i10-phone-route.png' });
  await tapBanner(page);
  await expect(dialog).toContainText(ko.applyToPins(route));
  const shown = await toastsShown(page, MARKED);
  await dialog.getByRole('button', { name: ko.selectionApply }).tap();
  await expect(dialog).toBeHidden();
  await expectOneUndoToast(page, MARKED, shown, ko.undo);
  // Only the route's pins: the discarded lasso marked nothing.
  await expect
    .poll(async () => ((await (await page.request.get(`${server.url}/api/v1/me/checks`)).json()).result?.pinIds ?? []).length)
    .toBe(route);
});

// Issue 10: on a phone the map toolbar must not cover the filter sheet's close control.
test('on a phone, the open filter sheet can be closed where its toggle shows', async ({ page }) => {
  await page.goto('/');
  const toggle = page.getByRole('button', { name: /필터 열기/ });
  await toggle.tap();
  const close = page.getByRole('button', { name: /필터 닫기/ });
  await expect(close).toHaveAttribute('aria-expanded', 'true');
  const box = (await close.boundingBox())!;
  // The chevron at the toggle's right end is what a thumb reaches for.
  const at = { x: box.x + box.width - 16, y: box.y + box.height / 2 };
  const onTop = await page.evaluate(({ x, y }) => !!document.elementFromPoint(x, y)?.closest('.panel-toggle'), at);
  expect(onTop).toBe(true);
  await lookAt(page, { path: '/tmp/i10-phone-sheet.png' });
  await page.touchscreen.tap(at.x, at.y);
  await expect(page.getByRole('button', { name: /필터 열기/ })).toHaveAttribute('aria-expanded', 'false');
});
