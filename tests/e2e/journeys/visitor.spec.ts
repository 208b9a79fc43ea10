import { expect, test } from '../fixtures';
import { expectToast, findPin } from './helpers';

test.describe('a visitor', () => {
  test('browses regions and filters categories on the map', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: '주 메뉴' });
    for (const label of ['홈', '기여하기', '검색', '마이페이지', '고객지원', '로그인', '더보기', '전체화면']) {
      await expect(nav.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('map-view')).toBeVisible();
    // First run shows categories 1 and 2.
    const shown = page.getByText(/카테고리 \d+\/\d+개 표시 중/);
    await expect(shown).toHaveText(/카테고리 2\/\d+개 표시 중/);

    await page.getByRole('radio', { name: /리나시타/ }).click();
    await expect(page.getByRole('radio', { name: /리나시타/ })).toHaveAttribute('aria-checked', 'true');
    await expect(page).toHaveTitle(/리나시타 지도/);
    // Per-region progress: found/total once pins are loaded.
    await expect(page.getByRole('radio', { name: /리나시타/ })).toContainText(/0\/\d+/);

    await page.getByRole('button', { name: '전체 해제' }).click();
    await expect(shown).toHaveText(/카테고리 0\/\d+개 표시 중/);
    await page.getByRole('button', { name: '전체 선택' }).click();
    const all = await shown.textContent();
    const [, on, total] = /(\d+)\/(\d+)/.exec(all ?? '')!;
    expect(on).toBe(total);
    await page.getByRole('checkbox', { name: /보급 상자 \(기본\)/ }).uncheck();
    await expect(page.getByRole('checkbox', { name: /보급 상자 \(기본\)/ })).not.toBeChecked();

    await page.getByText('찾은 핀 숨기기').click();
    await expect(page.getByRole('checkbox', { name: '찾은 핀 숨기기' })).toBeChecked();

    // The URL follows the camera, so the address bar is a share link.
    await page.mouse.move(800, 450);
    await page.mouse.wheel(0, -400);
    await expect(page).toHaveURL(/[?&]r=2&x=-?\d+&y=-?\d+&z=/);
  });

  test('opens a pin, marks it found on this device only, and searches', async ({ page, server }) => {
    const pin = await findPin(page.request, server.url);
    await page.goto(`/pin/${pin.id}`);
    const panel = page.getByRole('region', { name: /보급 상자/ });
    await expect(panel).toBeVisible();
    await expect(panel.getByText('찾은 사람')).toBeVisible();
    await expect(panel.getByText(`X ${pin.coordX.toFixed(1)}`)).toBeVisible();
    // A visitor's mark is kept on this device (issue 25 item 10), and says so.
    await panel.getByRole('button', { name: '찾음으로 표시' }).click();
    await expectToast(page, /이 기기에만 저장/);
    await expect(panel.getByRole('button', { name: '찾지 않음으로 표시' })).toBeVisible();
    await expect(panel.getByRole('link', { name: /로그인하고 댓글 쓰기/ })).toBeVisible();

    await page.getByRole('navigation', { name: '주 메뉴' }).getByText('검색').click();
    const box = page.getByRole('searchbox', { name: '핀과 카테고리 검색' });
    await box.fill('상자');
    await expect(page.getByRole('button', { name: /보급 상자 \(기본\)/ }).first()).toBeVisible();
    // Pins are found by their description across every region and category.
    await box.fill('다리');
    const hit = page.getByRole('list', { name: '핀 검색 결과' }).getByRole('button', { name: /다리/ }).first();
    await expect(hit).toBeVisible({ timeout: 30_000 });
    await hit.click();
    await expect(page).toHaveURL(/\/pin\/\d+/);
    await expect(page.getByText('찾은 사람')).toBeVisible();
  });

  test('sees the not-found page and the static pages', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '페이지를 찾을 수 없습니다' })).toBeVisible();
    await page.getByRole('link', { name: '지도로 돌아가기' }).click();
    await expect(page.getByTestId('map-view')).toBeVisible();
    await page.goto('/support');
    await expect(page.getByRole('heading', { name: '자주 묻는 질문' })).toBeVisible();
    await page.goto('/about/terms');
    await expect(page.getByRole('heading', { name: '이용약관', level: 1 })).toBeVisible();
    await page.goto('/about/privacy-policy');
    await expect(page.getByRole('heading', { name: /수집하는 개인정보/ })).toBeVisible();
    await expect(page.getByText(/저작권은 게임 개발사/)).toBeVisible();
  });

  test('sees the crash screen when a page fails to load, and gets home from it', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('map-view')).toBeVisible();
    // The support page's code chunk cannot be fetched: the app crashes into its fallback screen.
    await page.route(/\/assets\/SupportPage-[^/]+\.js$/, (r) => r.abort());
    await page.getByRole('navigation', { name: '주 메뉴' }).getByText('고객지원').click();
    const crash = page.getByRole('alert');
    await expect(crash.getByRole('heading', { name: '오류가 발생했습니다' })).toBeVisible();
    await expect(crash.getByText(/캐시를 삭제/)).toBeVisible();
    await expect(crash.getByLabel('오류 메시지')).toContainText(/SupportPage|dynamically imported|Failed to fetch/i);
    await expect(crash.getByRole('link', { name: '커뮤니티 채널' })).toBeVisible();
    await expect(crash.getByRole('link', { name: '오픈채팅' })).toBeVisible();
    await expect(crash.getByRole('link', { name: '이메일 문의' })).toHaveAttribute('href', /^mailto:/);
    await page.unroute(/\/assets\/SupportPage-[^/]+\.js$/);
    await crash.getByRole('link', { name: '홈으로 돌아가기' }).click();
    await expect(page.getByTestId('map-view')).toBeVisible();
  });
});
