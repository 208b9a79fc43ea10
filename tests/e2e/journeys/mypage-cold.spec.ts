import { expect, test } from '../fixtures';
import { signInLocally } from './helpers';

// Issue 10, blocker 4: progress comes from the server's counts, the same on every page and on a
// cold load, whatever the browser has loaded.
test('/mypage opened directly shows the server-side progress; the map shows the same numbers', async ({ page, server }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInLocally(page, `cold${Date.now()}@example.com`, '진행도탐험가', server.url);

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
  await cold.screenshot({ path: '/tmp/i10-mypage-cold.png' });

  // The map's region picker says the same, before and after anything else is loaded.
  await cold.goto(`${server.url}/`);
  await expect(cold.getByRole('radio', { name: /황룡/ })).toContainText(`3/${region0.length.toLocaleString('ko-KR')}`);
});
