import { mkdirSync } from 'node:fs';
import { expect, test } from '../fixtures';
import { lookAt, signInByCalls } from './helpers';

// Issue 10, blocker 4: progress comes from the server's counts, the same on every page and on a
// cold load, whatever the browser has loaded.
test('/mypage opened directly shows the server-side progress; the map shows the same numbers', async ({ page, server }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInByCalls(page, `cold${Date.now()}@example.com`, '진행도탐험가', server.url);

  // The whole world, read as any client could: every category's pins in 황룡 (region 0).
  const groups = (await (await page.request.get(`${server.url}/api/v1/category/groups`)).json()).result as {
    categories: { id: number }[];
  }[];
  const region0: number[] = [];
  for (const c of groups.flatMap((g) => g.categories)) {
    const pins = (await (await page.request.get(`${server.url}/api/v1/category/${c.id}/pins-proto`)).json()).result.pins as {
      id: number;
      region: number;
    }[];
    region0.push(...pins.filter((p) => p.region === 0).map((p) => p.id));
  }
  // Three finds of another category than the first run shows (1 and 2), made by another device.
  const mine = region0.slice(-3);
  const res = await page.request.post(`${server.url}/api/v1/pin/batch-check`, {
    data: { pinIds: mine, check: true },
    headers: { origin: server.url },
  });
  expect(res.ok()).toBe(true);

  // A cold load: a new tab whose browser storage knows nothing of these checks.
  const cold = await page.context().newPage();
  await cold.goto(`${server.url}/mypage`);
  const meter = cold.getByRole('meter', { name: '황룡 진행도' });
  await expect(meter).toHaveAttribute('aria-valuenow', '3');
  await expect(meter).toHaveAttribute('aria-valuemax', String(region0.length));
  await lookAt(cold, { path: '/tmp/i10-mypage-cold.png' });

  // The map's region picker says the same, before and after anything else is loaded.
  // A cold load of the 60,000-pin map, given what the other journeys give one (a trace of a miss with two workers on a
  // loaded machine: the page asked for the checks 13 s after it opened, and the counts came after 15 s).
  await cold.goto(`${server.url}/`);
  await expect(cold.getByRole('radio', { name: /황룡/ })).toContainText(`3/${region0.length.toLocaleString('ko-KR')}`, { timeout: 60_000 });
});

// Issue 25, finding 6: category counts were totals over all 7 regions, on the map's panel and on
// /mypage, and nothing listed what is left. Now /mypage has a completion table per region and
// category whose 남은 핀 lists the rest, and the panel counts the region in view: the same numbers
// on a cold load.
test("/mypage's completion table and the map's panel count one region's categories; 남은 핀 lists the rest", async ({
  page,
  browser,
  server,
}) => {
  test.setTimeout(300_000);
  mkdirSync('.tmp/screens', { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInByCalls(page, `table${Date.now()}@example.com`, '완료표탐험가', server.url);
  const groups = (await (await page.request.get(`${server.url}/api/v1/category/groups`)).json()).result as {
    categories: { id: number; name: string }[];
  }[];
  // A category with pins in 황룡 (region 0) and in other regions, so a total over all regions differs.
  let pick: { id: number; name: string; here: number[]; all: number } | null = null;
  for (const c of groups.flatMap((g) => g.categories)) {
    const pins = (await (await page.request.get(`${server.url}/api/v1/category/${c.id}/pins-proto`)).json()).result.pins as {
      id: number;
      region: number;
    }[];
    const here = pins.filter((p) => p.region === 0).map((p) => p.id);
    if (here.length >= 6 && here.length < pins.length && here.length <= 400) {
      pick = { ...c, here, all: pins.length };
      break;
    }
  }
  if (!pick) throw new Error('no category with pins in region 0 and elsewhere');
  const res = await page.request.post(`${server.url}/api/v1/pin/batch-check`, {
    data: { pinIds: pick.here.slice(0, 3), check: true },
    headers: { origin: server.url },
  });
  expect(res.ok()).toBe(true);
  const left = pick.here.length - 3;

  // A cold /mypage: the table shows 황룡's categories, this one at 3 of its pins in 황룡.
  const cold = await page.context().newPage();
  await cold.setViewportSize({ width: 1440, height: 900 });
  await cold.goto(`${server.url}/mypage`);
  const table = cold.getByRole('table', { name: /황룡의 카테고리별 완료 현황/ });
  await expect(table).toBeVisible();
  const row = table.getByRole('row').filter({ has: cold.getByRole('rowheader', { name: pick.name, exact: true }) });
  await expect(row.getByLabel(`${pick.name} ${pick.here.length}개 중 3개 찾음`)).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  await lookAt(cold, { path: '.tmp/screens/mypage-completion-1440.png', fullPage: true });
  // 남은 핀 lists exactly the pins not found, each a link to its pin.
  await row.getByRole('button', { name: `${pick.name} 남은 핀 ${left}개 보기` }).click();
  const dialog = cold.getByRole('dialog', { name: `황룡 · ${pick.name} 남은 핀 ${left}개` });
  await expect(dialog).toBeVisible();
  const links = dialog.getByRole('link');
  await expect(links).toHaveCount(Math.min(left, 100));
  const listed = (await links.evaluateAll((as) => as.map((a) => Number(a.getAttribute('href')!.split('/').pop())))).sort((a, b) => a - b);
  const want = pick.here.slice(3).sort((a, b) => a - b);
  expect(listed).toEqual(want.slice(0, listed.length));
  expect(listed.every((id) => !pick.here.slice(0, 3).includes(id))).toBe(true);
  await lookAt(cold, { path: '.tmp/screens/mypage-left-1440.png' });
  // A listed pin opens on the map.
  await links.first().click();
  await expect(cold).toHaveURL(new RegExp(`/pin/${listed[0]}`));

  await cold.close();

  // The map's panel counts the same category in 황룡 (not over every region), on a cold load.
  const map = await page.context().newPage();
  await map.setViewportSize({ width: 1440, height: 900 });
  await map.goto(`${server.url}/`);
  await expect(map.getByLabel(`${pick.name} ${pick.here.length}개 중 3개 찾음`)).toBeVisible({ timeout: 60_000 });
  await expect(map.getByTestId('category-counts-region')).toContainText('황룡');

  // The phone's panel (390×844, touch only) says the same.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    locale: 'ko-KR',
    storageState: await page.context().storageState(),
  });
  const p = await phone.newPage();
  await p.goto(`${server.url}/`);
  await p.getByRole('button', { name: /필터 열기/ }).tap();
  await map.close();
  const count = p.getByLabel(`${pick.name} ${pick.here.length}개 중 3개 찾음`);
  await count.scrollIntoViewIfNeeded({ timeout: 60_000 });
  await expect(count).toBeVisible();
  await lookAt(p, { path: '.tmp/screens/panel-390.png' });
  // The completion table fits the phone's width.
  await p.goto(`${server.url}/mypage`);
  const phoneRow = p.getByRole('row').filter({ has: p.getByRole('rowheader', { name: pick.name, exact: true }) });
  await phoneRow.scrollIntoViewIfNeeded({ timeout: 60_000 });
  await expect(phoneRow.getByRole('button', { name: `${pick.name} 남은 핀 ${left}개 보기` })).toBeVisible();
  expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await lookAt(p, { path: '.tmp/screens/mypage-completion-390.png' });
  await phone.close();
});
