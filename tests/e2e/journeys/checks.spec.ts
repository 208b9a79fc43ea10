import { ko } from '../../../src/i18n/ko';
import { dataTemplate, expect, test } from '../fixtures';
import { startServer, type StartedServer } from '../../support/server';
import { accessTokenExpiry, expectToast, findPin, getAsPlayer, signInByCalls } from './helpers';

// No check is lost: a mark made while the server is down waits in the browser, survives the
// server's restart and an access token that expired meanwhile, and reaches the server.
test('a mark made while the server restarts reaches it afterwards, across an expired access token', async ({ page }) => {
  test.setTimeout(240_000);
  // Long enough that a refreshed token outlives its retry on a busy machine (at 4 s, a retry that came later
  // than that signed the player out); the journey waits for its expiry on the token itself, not a fixed time.
  const TTL_S = 10;
  const env = { SEED_PINS: '3000', ACCESS_TOKEN_TTL_S: String(TTL_S) };
  let server: StartedServer = await startServer(env, { template: dataTemplate(3000) });
  try {
    const base = server.url;
    const first = await findPin(page.request, base, { category: 1, region: 0 });
    const second = await findPin(page.request, base, { category: 2, region: 0 });
    // Read with the browser's own cookies, refreshed as the app would when they expired.
    const found = async (id: number) => {
      const { body } = await getAsPlayer(page, `${base}/api/v1/me/checks`);
      return ((body.result?.pinIds ?? []) as number[]).includes(id);
    };

    await signInByCalls(page, `restart${Date.now()}@example.com`, '재시작탐험가', base);

    await page.goto(`${base}/pin/${first.id}`);
    await page.getByRole('button', { name: '찾음으로 표시' }).click();
    await expect(page.getByRole('button', { name: '찾지 않음으로 표시' })).toBeVisible();
    await expect.poll(() => found(first.id)).toBe(true);

    await page.goto(`${base}/pin/${second.id}`);
    await expect(page.getByRole('button', { name: '찾음으로 표시' })).toBeVisible();
    // The server goes away; the player keeps marking.
    await server.stop({ keepData: true });
    await page.getByRole('button', { name: '찾음으로 표시' }).click();
    await expect(page.getByRole('button', { name: '찾지 않음으로 표시' })).toBeVisible();
    await expectToast(page, ko.checksQueued);

    // Back on the same port and data, once the access token the browser holds has expired (its own
    // expiry, read from the cookie: the behaviour under test, not a wait for the app).
    const expiresAt = await accessTokenExpiry(page);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + TTL_S * 1000);
    await expect.poll(() => Date.now() > expiresAt, { timeout: (TTL_S + 5) * 1000 }).toBe(true);
    server = await startServer(env, { port: server.port, dataDir: server.dataDir });
    // The outbox retries by itself; coming back online (as a browser reports it) is the quick path.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => found(second.id), { timeout: 60_000 }).toBe(true);
    expect(await found(first.id)).toBe(true);

    // And a reload shows both as found.
    await page.reload();
    await expect(page.getByRole('button', { name: '찾지 않음으로 표시' })).toBeVisible();
    await page.goto(`${base}/pin/${first.id}`);
    await expect(page.getByRole('button', { name: '찾지 않음으로 표시' })).toBeVisible();
  } finally {
    await server.stop();
  }
});
