import { expect, test } from '../fixtures';
import { findPin, lookAt, openPinMenuAtCentre, signInByCalls } from './helpers';

// Issue 10, blocker 6: a pin contributed in a category that is switched off is shown (its category is
// switched on, as search does), and a validation error goes away once its field is fixed.
test('a new pin in a hidden category shows on the map; fixed fields lose their errors', async ({ page, server }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const groups = (await (await page.request.get(`${server.url}/api/v1/category/groups`)).json()).result as {
    categories: { id: number; name: string }[];
  }[];
  // The first run shows categories 1 and 2 only.
  const hidden = groups.flatMap((g) => g.categories).find((c) => c.id > 2)!;
  const near = await findPin(page.request, server.url, { category: 1, region: 0 });
  await signInByCalls(page, `contrib${Date.now()}@example.com`, '기여탐험가', server.url);

  // The address carries a camera far from the new pin (the map's URL does once the camera has settled
  // anywhere): the saved pin's page must still fly to it.
  await page.goto(`/edit?x=${Math.round(near.coordX - 3000)}&y=${Math.round(near.coordY + 3000)}&z=1&bench`);
  await page.getByRole('dialog', { name: '핀 등록 가이드라인' }).getByRole('button', { name: '동의하고 계속하기' }).click();
  await page.getByRole('button', { name: '등록 내용 확인' }).click();
  await expect(page.getByText('좌표에 잘못된 값이 입력되었습니다.')).toBeVisible();
  await expect(page.getByText('카테고리를 선택해 주세요.')).toBeVisible();

  await page.getByLabel('X 좌표').fill(String(Math.round(near.coordX + 60)));
  await page.getByLabel('Y 좌표').fill(String(Math.round(near.coordY - 60)));
  await expect(page.getByText('좌표에 잘못된 값이 입력되었습니다.')).toHaveCount(0);
  await expect(page.getByLabel('X 좌표')).toHaveAttribute('aria-invalid', 'false');
  await page.getByLabel('지역').selectOption('0');
  await page.getByLabel('카테고리 (필수)').selectOption(String(hidden.id));
  await expect(page.getByText('카테고리를 선택해 주세요.')).toHaveCount(0);
  await page.getByLabel('설명').fill('숨긴 카테고리에 등록한 핀');

  await page.getByRole('button', { name: '등록 내용 확인' }).click();
  await page.getByRole('dialog', { name: '이대로 등록할까요?' }).getByRole('button', { name: '등록하기' }).click();
  await expect(page).toHaveURL(/\/pin\/\d+/, { timeout: 20_000 });
  const id = Number(/\/pin\/(\d+)/.exec(page.url())![1]);
  // The map centres on it, and it is there: its menu opens where it is shown.
  await openPinMenuAtCentre(page, id);
  await lookAt(page, { path: '/tmp/i10-contributed.png' });
});

// Issue 24 item 1: the location pick is the engine's tool; the editor's button and the banner show the engine's,
// so the map ending the tool itself (ESC on the map, a place picked) releases the button with no second write.
test('picking a place on the map: the editor follows the map’s tool (ESC on the map ends it; a tap fills X and Y)', async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInByCalls(page, `pick${Date.now()}@example.com`, '위치고르기', server.url);
  await page.goto('/edit');
  await page.getByRole('dialog', { name: '핀 등록 가이드라인' }).getByRole('button', { name: '동의하고 계속하기' }).click();
  const pick = page.getByRole('button', { name: '지도에서 위치 선택' });
  const banner = page.locator('.map-mode-banner');
  const canvas = page.getByTestId('map-view').locator('canvas');

  await pick.click();
  const picking = page.getByRole('button', { name: '지도를 눌러 위치를 고르세요 (취소하려면 ESC)' });
  await expect(picking).toHaveAttribute('aria-pressed', 'true');
  await expect(banner).toContainText('지도에서 위치를 선택하세요');
  // ESC on the map: the engine ends its tool (the banner's own ESC asks the same, once more, of a tool already off).
  await canvas.focus();
  await canvas.press('Escape');
  await expect(banner).toHaveCount(0);
  await expect(pick).toHaveAttribute('aria-pressed', 'false');

  await pick.click();
  await expect(banner).toBeVisible();
  const box = (await canvas.boundingBox())!;
  // Left of the editor panel, in the map's open part.
  await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.5);
  await expect(page.getByLabel('X 좌표')).not.toHaveValue('');
  await expect(pick).toHaveAttribute('aria-pressed', 'false');
  await expect(banner).toHaveCount(0);
  await lookAt(page, { path: '/tmp/h35-picked.png' });
});
