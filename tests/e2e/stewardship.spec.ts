import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { startServer, type StartedServer } from '../support/server';
import { dataTemplate } from './fixtures';
import { lookAt } from './journeys/helpers';

// Issue 15 journeys, in Chromium against the real server: an admin from ADMIN_EMAILS appoints a
// moderator, who reverts a vandal's spree from recent changes, merges reported duplicates (the
// checks move) and suspends the vandal, whose next mark is refused with the message.

const test = base.extend<object, { server: StartedServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const s = await startServer({ ADMIN_EMAILS: 'boss@example.com', SEED_PINS: '3000' }, { template: dataTemplate(3000) });
      await use(s);
      await s.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});
test.describe.configure({ mode: 'serial' });

/** Signs in through the built-in local provider (registering `nickname` the first time); the page's context keeps the cookies. */
async function signIn(request: APIRequestContext, email: string, nickname: string): Promise<number> {
  const providers = (await (await request.get('/api/v1/auth/providers')).json()).result;
  const local = providers.local as { authorizeUrl: string; clientId: string; redirectUri: string };
  // The start route binds a fresh state to this context's cookie, as the login page does.
  const started = await request.get('/api/v1/oauth/local/start', { maxRedirects: 0 });
  const state = new URL(started.headers().location!, 'http://x').searchParams.get('state')!;
  const form = await request.post(local.authorizeUrl, {
    form: { client_id: local.clientId, redirect_uri: local.redirectUri, state, email },
    maxRedirects: 0,
  });
  const code = new URL(form.headers().location!, 'http://x').searchParams.get('code');
  const login = (await (await request.post('/api/v1/oauth/local/login', { data: { code, state } })).json()).result;
  if (login.registered) return login.me.id;
  const reg = await (await request.post('/api/v1/oauth/local/register', { data: { nickname } })).json();
  if (!reg.result) throw new Error(JSON.stringify(reg));
  return reg.result.me.id;
}

const draft = (over: Record<string, unknown> = {}) => ({
  coordX: 100,
  coordY: -300,
  categoryId: 3,
  region: 0,
  content: '다리 밑 보물상자',
  tags: [],
  ...over,
});

let admin: Page;
let mod: Page;
let owner: Page;
let vandal: Page;

test.beforeAll(async ({ browser, server }) => {
  const open = async () => {
    const ctx = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 }, locale: 'ko-KR' });
    return ctx.newPage();
  };
  [admin, mod, owner, vandal] = [await open(), await open(), await open(), await open()];
  await signIn(admin.request, 'boss@example.com', '보스E2E');
  await signIn(mod.request, 'mod@example.com', '운영E2E');
  await signIn(owner.request, 'owner@example.com', '장인E2E');
  await signIn(vandal.request, 'vandal@example.com', '낙서E2E');
});

test('an admin appoints a moderator on the moderation page', async () => {
  expect((await (await admin.request.get('/api/v1/me')).json()).result.role).toBe('admin');
  await mod.goto('/');
  await expect(mod.getByRole('link', { name: '운영' })).toHaveCount(0);
  await admin.goto('/moderation');
  await expect(admin.getByRole('heading', { name: '운영 도구' })).toBeVisible();
  await admin.getByRole('tab', { name: '플레이어' }).click();
  await admin.getByRole('searchbox', { name: '닉네임 검색' }).fill('운영E2E');
  const row = admin.getByTestId('player').filter({ hasText: '운영E2E' });
  await row.getByRole('button', { name: '운영진으로 임명' }).click();
  await expect(row.getByText('운영진', { exact: true })).toBeVisible();
  await lookAt(admin, { path: '/tmp/i15-players-1440.png' });
  await mod.reload();
  await expect(mod.getByRole('link', { name: '운영' })).toBeVisible();
  await admin.getByRole('tab', { name: '감사 기록' }).click();
  await expect(admin.getByTestId('audit').first()).toContainText('운영진 임명');

  // Catalogue upkeep: the game added a collectible this patch.
  await admin.getByRole('tab', { name: '카탈로그' }).click();
  await admin.getByRole('textbox', { name: '이름', exact: true }).fill('3.0 신규 수집품');
  await admin.getByRole('spinbutton', { name: '아이콘 번호' }).fill('7');
  await admin.getByRole('button', { name: '추가', exact: true }).click();
  await expect(admin.getByText('카탈로그를 고쳤습니다. 지도는 카테고리를 다시 불러옵니다.')).toBeVisible();
  const groups = (await (await admin.request.get('/api/v1/category/groups')).json()).result;
  expect(groups.flatMap((g: { categories: { name: string; icon: number }[] }) => g.categories)).toContainEqual(
    expect.objectContaining({ name: '3.0 신규 수집품', icon: 7 }),
  );
  await expect(mod.getByRole('tab', { name: '카탈로그' })).toHaveCount(0);
  await lookAt(admin, { path: '/tmp/i15-catalogue-1440.png' });
});

test('a vandal’s edits are found in recent changes and reverted', async () => {
  const id = (await (await owner.request.put('/api/v1/pin', { data: draft() })).json()).result.id as number;
  // The owner has the pin open while the vandal edits: the edits arrive live (GET /api/v1/events), no reload.
  const streaming = owner.waitForResponse((r) => r.url().endsWith('/api/v1/events'));
  await owner.goto(`/pin/${id}`);
  await streaming;
  await expect(owner.getByTestId('revision')).toHaveCount(1);
  const outside = await vandal.request.patch(`/api/v1/pin/${id}`, { data: { image: 'https://evil.example/x.png' } });
  expect(outside.status()).toBe(400);
  await vandal.request.patch(`/api/v1/pin/${id}`, { data: { coordX: 5500, coordY: 6900, content: '여기 아님 ㅋㅋ' } });
  const tagGroups = (await (await vandal.request.get('/api/v1/category/tag-groups')).json()).result as {
    categoryId: number | null;
    tags: { id: number; name: string }[];
  }[];
  const tag = tagGroups.find((g) => g.categoryId === null || g.categoryId === 3)!.tags[0]!;
  await vandal.request.patch(`/api/v1/pin/${id}`, { data: { content: '광고 사이트 방문', tags: [tag.id] } });

  // Everyone sees the history on the pin page.
  await expect(owner.getByText('X 5500.0, Y 6900.0')).toBeVisible();
  const history = owner.getByRole('region', { name: '수정 기록' }).or(owner.locator('.pin-history'));
  await expect(owner.getByTestId('revision')).toHaveCount(3);
  await expect(history).toContainText('위치 수정됨');
  await expect(history).toContainText('낙서E2E');
  // What changed is named: the tag the vandal added, not only how many.
  await expect(history).toContainText(`태그 추가: ${tag.name}`);
  await lookAt(owner, { path: '/tmp/i15-history-1440.png' });

  mod.on('dialog', (d) => void d.accept());
  await mod.goto('/moderation');
  await mod.getByRole('tab', { name: '최근 변경' }).click();
  const rows = mod.getByTestId('change').filter({ hasText: '낙서E2E' });
  await expect(rows).toHaveCount(2);
  await expect(rows.last()).toContainText('위치 수정됨');
  await lookAt(mod, { path: '/tmp/i15-changes-1440.png' });
  await rows
    .last()
    .getByRole('button', { name: /이 시각 이후 수정을 모두 되돌리기/ })
    .click();
  await expect(mod.getByText('핀 1개를 되돌리고 0개를 숨겼습니다.')).toBeVisible();
  const pin = (await (await owner.request.get(`/api/v1/pin/${id}`)).json()).result;
  expect(pin).toMatchObject({ coordX: 100, coordY: -300, description: '다리 밑 보물상자' });
  await owner.reload();
  await expect(owner.getByTestId('revision').first()).toContainText('되돌림');
});

test('a report becomes a merge of duplicates and the checks move', async () => {
  const keep = (await (await owner.request.put('/api/v1/pin', { data: draft({ coordX: 300 }) })).json()).result.id as number;
  const dup = (await (await vandal.request.put('/api/v1/pin', { data: draft({ coordX: 340, content: '같은 상자' }) })).json()).result
    .id as number;
  await owner.request.post(`/api/v1/pin/${keep}/check`, { data: { check: true } });
  await vandal.request.post(`/api/v1/pin/${dup}/check`, { data: { check: true } });
  await owner.request.post(`/api/v1/pin/${dup}/check`, { data: { check: true } });
  await owner.request.post('/api/v1/pin/report', {
    data: { targetPinId: dup, duplicatePinId: keep, comment: '같은 상자가 두 번 등록됐어요' },
  });

  await mod.goto('/moderation');
  const report = mod.getByTestId('report').filter({ hasText: '같은 상자가 두 번 등록됐어요' });
  await expect(report).toBeVisible();
  // One small Pixi map follows the chosen report: the engine's tiles and icons under both pins.
  await report.getByRole('button', { name: '지도에서 보기' }).click();
  const map = mod.getByTestId('report-map');
  await expect(map).toHaveAttribute('data-pins', `${dup},${keep}`);
  await expect(map).toHaveAttribute('aria-label', `핀 ${dup}과(와) 핀 ${keep}의 위치`);
  await expect(map.locator('canvas')).toHaveCount(1);
  await expect(mod.locator('canvas')).toHaveCount(1);
  await expect
    .poll(async () => mod.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/map/')).length))
    .toBeGreaterThan(0);
  await lookAt(mod, { path: '/tmp/i15-reports-1440.png' });
  await mod.setViewportSize({ width: 390, height: 844 });
  await lookAt(mod, { path: '/tmp/i15-reports-390.png' });
  await mod.setViewportSize({ width: 1440, height: 900 });
  await report.getByRole('button', { name: `핀 ${dup}을(를) 핀 ${keep}에 병합` }).click();
  await expect(report).toHaveCount(0);
  const kept = (await (await owner.request.get(`/api/v1/pin/${keep}`)).json()).result;
  expect(kept.totalChecks).toBe(2);
  expect((await owner.request.get(`/api/v1/pin/${dup}`)).status()).toBe(404);
  const vandalChecks = (await (await vandal.request.get('/api/v1/me/checks')).json()).result.pinIds;
  expect(vandalChecks).toContain(keep);
  expect(vandalChecks).not.toContain(dup);
  await owner.goto(`/pin/${keep}`);
  await expect(owner.getByTestId('total-checks')).toHaveText('2명');
});

test('a merge may keep the newer pin of the two', async () => {
  const older = (await (await owner.request.put('/api/v1/pin', { data: draft({ coordX: 700, content: '옛 상자' }) })).json()).result
    .id as number;
  const newer = (await (await owner.request.put('/api/v1/pin', { data: draft({ coordX: 720, content: '제자리 상자' }) })).json()).result
    .id as number;
  await owner.request.post('/api/v1/pin/report', { data: { targetPinId: older, duplicatePinId: newer, comment: '새 핀 위치가 맞아요' } });
  await mod.goto('/moderation');
  const report = mod.getByTestId('report').filter({ hasText: '새 핀 위치가 맞아요' });
  await report.getByRole('button', { name: `핀 ${older}을(를) 핀 ${newer}에 병합` }).click();
  await expect(report).toHaveCount(0);
  expect((await owner.request.get(`/api/v1/pin/${newer}`)).status()).toBe(200);
  expect((await owner.request.get(`/api/v1/pin/${older}`)).status()).toBe(404);
});

test('a report fixed by an edit is marked done and moves to the resolved list', async () => {
  const pin = (await (await owner.request.put('/api/v1/pin', { data: draft({ coordX: 500, content: '잘못 적힌 상자' }) })).json()).result
    .id as number;
  await vandal.request.post('/api/v1/pin/report', { data: { targetPinId: pin, duplicatePinId: 0, comment: '설명이 틀렸어요' } });
  await mod.goto('/moderation');
  const report = mod.getByTestId('report').filter({ hasText: '설명이 틀렸어요' });
  await expect(report).toBeVisible();
  await report.getByRole('button', { name: '처리 완료로 표시' }).click();
  await expect(report).toHaveCount(0);
  await mod.getByRole('button', { name: '처리 완료', exact: true }).click();
  await expect(report).toBeVisible();
  await expect(report.getByRole('button', { name: '처리 완료로 표시' })).toHaveCount(0);
});

test('a suspended player’s next mark is refused with the message', async () => {
  await mod.goto('/moderation');
  await mod.getByRole('tab', { name: '플레이어' }).click();
  await mod.getByRole('searchbox', { name: '닉네임 검색' }).fill('낙서E2E');
  const row = mod.getByTestId('player').filter({ hasText: '낙서E2E' });
  await row.getByRole('spinbutton', { name: '정지 기간(일)' }).fill('3');
  await row.getByRole('textbox', { name: '정지 사유' }).fill('반복된 낙서');
  await row.getByRole('button', { name: '정지', exact: true }).click();
  const chip = row.locator('.chip').filter({ hasText: '까지 정지' });
  await expect(chip).toBeVisible();
  const until = (await chip.textContent())!.replace('까지 정지', '');
  await lookAt(mod, { path: '/tmp/i15-suspend-1440.png' });

  await vandal.goto('/pin/20');
  await vandal.getByRole('button', { name: '찾음으로 표시' }).click();
  await expect(vandal.getByText(/까지 이용 정지되었습니다 \(사유: 반복된 낙서\)/)).toBeVisible();
  // The page and the message name the same hour (Korea's), whatever the browser's time zone.
  await expect(vandal.getByText(`계정이 ${until}까지 이용 정지되었습니다`, { exact: false })).toBeVisible();
  // The refused mark does not stay on the page.
  await expect(vandal.getByRole('button', { name: '찾음으로 표시' })).toBeVisible();
  await lookAt(vandal, { path: '/tmp/i15-suspended-toast-1440.png' });
  const r = await vandal.request.post('/api/v1/pin/20/check', { data: { check: true } });
  expect(r.status()).toBe(403);
  expect((await r.json()).error.errClazz).toBe('account_suspended');
});
