import type { APIRequestContext, Locator, Page, PageScreenshotOptions } from '@playwright/test';
import { ACCESS_COOKIE } from '../../../server/auth/cookies';
import { expect, recordToasts } from '../fixtures';

/**
 * A screenshot to look at, not asserted on (`.tmp/screens/` and the like): taken when E2E_SCREENS=1. The journeys take
 * 107 of them; each cost about a second of a 2-core machine (screens.spec.ts: 2.7 min with its 30, 2.2 min without),
 * so `npm test` leaves them out. Run `E2E_SCREENS=1 npx playwright test FILE` to write them and look.
 */
export async function lookAt(target: Page | Locator, options: PageScreenshotOptions & { path: string }): Promise<void> {
  if (process.env.E2E_SCREENS !== '1') return;
  await target.screenshot(options);
}

/** A pin of the demo world on the base map of a region, read from the API as a player's browser would. */
export async function findPin(
  request: APIRequestContext,
  base: string,
  opts: { category?: number; region?: number } = {},
): Promise<{ id: number; coordX: number; coordY: number }> {
  const res = await request.get(`${base}/api/v1/category/${opts.category ?? 1}/pins-proto`);
  const body = (await res.json()) as {
    result: { pins: { id: number; coordX: number; coordY: number; coordZ?: number | null; region?: number }[] };
  };
  const pin = body.result.pins.find((p) => p.coordZ == null && (opts.region == null || p.region === opts.region));
  if (!pin) throw new Error('no pin in the demo world');
  return pin;
}

/** The map canvas's centre in page coordinates. */
export async function mapCentre(page: Page): Promise<{ x: number; y: number }> {
  const box = await page.getByTestId('map-view').boundingBox();
  if (!box) throw new Error('map not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Where the map shows an opened pin, in page coordinates: the centre of the map the detail
 * panel leaves visible (left of a side panel, above a bottom sheet), else the map's centre.
 */
export async function openedPinSpot(page: Page): Promise<{ x: number; y: number }> {
  const map = await page.getByTestId('map-view').boundingBox();
  if (!map) throw new Error('map not visible');
  const panel = await page
    .locator('.detail-panel')
    .first()
    .boundingBox()
    .catch(() => null);
  if (!panel) return { x: map.x + map.width / 2, y: map.y + map.height / 2 };
  if (panel.y <= map.y + 1) return { x: map.x + (panel.x - map.x) / 2, y: map.y + map.height / 2 };
  return { x: map.x + map.width / 2, y: map.y + (panel.y - map.y) / 2 };
}

/**
 * Waits for a toast with this text (longer than the default where the page may still be loading).
 * On a page that records its toasts (`recordToasts`), a toast it showed counts even once gone, and
 * each call takes one showing: the same text expected twice needs two toasts.
 */
export async function expectToast(page: Page, text: string | RegExp, timeout = 15_000): Promise<void> {
  const want = typeof text === 'string' ? { text, source: null, flags: '' } : { text: null, source: text.source, flags: text.flags };
  const visible = page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
  try {
    // Waits on the page's record of the toasts it showed (or, on a page that keeps none, the toast itself).
    await expect
      .poll(
        async () => {
          const taken = await page.evaluate(({ text, source, flags }) => {
            const shown = (window as unknown as { __toastsShown?: string[] }).__toastsShown;
            if (!shown) return null;
            const i = shown.findIndex((t) => (source != null ? new RegExp(source, flags).test(t) : t.includes(text!)));
            if (i >= 0) shown.splice(i, 1);
            return i >= 0;
          }, want);
          return taken ?? (await visible.isVisible());
        },
        { message: `no toast matching ${String(text)} yet`, timeout, intervals: [100, 250, 500] },
      )
      .toBe(true);
  } catch (e) {
    // Say where the page was and what it did show: a wrong toast (an error) is the usual reason.
    const seen = await page
      .evaluate(() => ({
        toasts: (window as unknown as { __toastsEver?: string[] }).__toastsEver ?? null,
        text: document.body?.innerText.replace(/\s+/g, ' ').slice(0, 400) ?? '',
      }))
      .catch((err: unknown) => ({ toasts: null, text: `(page not readable: ${String(err)})` }));
    throw new Error(
      `${(e as Error).message}\n  page: ${page.url()}\n  toasts it showed: ${JSON.stringify(seen.toasts)}\n  its text: ${seen.text}`,
      {
        cause: e,
      },
    );
  }
}

/**
 * A GET as the page's signed-in player, with the browser's own cookies, following the spec's auth rule (SPEC §4):
 * an expired access token (access_token_invalid) gets one refresh, whose new cookies the browser keeps, and one
 * more read. `page.request` alone does not refresh: a read made while the page's app had no reason to refresh its
 * short-lived test token (a busy machine, a quiet page) was refused, and a poll on it never saw the mark.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- journeys read arbitrary JSON, as server/test-helper.ts does
export async function getAsPlayer(page: Page, url: string): Promise<{ status: number; body: { result?: any } }> {
  let res = await page.request.get(url);
  if (res.status() === 401) {
    await page.request.post(new URL('/api/v1/auth/refresh', url).href);
    res = await page.request.get(url);
  }
  return { status: res.status(), body: await res.json() };
}

/**
 * When the access token the page's browser holds expires (epoch ms), read from its cookie: the token is
 * `base64url(json).mac` with `exp` in epoch milliseconds (server/auth/tokens.ts, AuthService.signAccess).
 */
export async function accessTokenExpiry(page: Page): Promise<number> {
  const cookie = (await page.context().cookies()).find((c) => c.name === ACCESS_COOKIE);
  if (!cookie) throw new Error('no access token cookie: the page is not signed in');
  const { exp } = JSON.parse(Buffer.from(cookie.value.split('.')[0]!, 'base64url').toString('utf8')) as { exp: number };
  return exp;
}

/** Signs in through the server's local provider; a new e-mail goes through the nickname step. */
export async function signInLocally(page: Page, email: string, nickname?: string, base = ''): Promise<void> {
  await recordToasts(page);
  await page.goto(`${base}/login`);
  await page.getByRole('link', { name: /이메일로 시작하기/ }).click();
  await page.getByLabel('이메일').fill(email);
  await page.getByRole('button', { name: '로그인' }).click();
  if (nickname) {
    await expect(page).toHaveURL(/\/register\/local/);
    await page.getByLabel('닉네임').fill(nickname);
    await page.getByRole('button', { name: '가입 완료' }).click();
  }
  // The welcome comes once the app has loaded after the sign-in redirect: a while on a busy machine
  // running several browsers at once.
  await expectToast(page, /환영합니다/, 60_000);
}

/**
 * Signs the page's browser in through the local provider's own calls (start → the e-mail form's POST → login →
 * register), as `signInLocally` does through the pages, without loading the sign-in page or the map it lands on: the
 * session cookies land in the page's context, and the page stays where it is (the caller opens what it tests next).
 * For journeys whose subject is not the sign-in; the sign-in pages keep their own journeys (`fresh-clone`,
 * `visitor-progress`, `player`, `first-run`). `base` is the server's origin where the context has no base URL.
 */
export async function signInByCalls(page: Page, email: string, nickname?: string, base = ''): Promise<void> {
  await recordToasts(page);
  const request = page.request;
  const started = await request.get(`${base}/api/v1/oauth/local/start`, { maxRedirects: 0 });
  expect(started.status(), 'start redirects to the local provider').toBe(302);
  const origin = new URL(started.url()).origin;
  const authorize = new URL(started.headers()['location']!, origin);
  const state = authorize.searchParams.get('state') ?? '';
  const form = {
    client_id: authorize.searchParams.get('client_id')!,
    redirect_uri: authorize.searchParams.get('redirect_uri')!,
    state,
    email,
  };
  const posted = await request.post(`${origin}${authorize.pathname}`, { form, headers: { origin }, maxRedirects: 0 });
  expect(posted.status(), 'the e-mail form redirects back with a code').toBe(302);
  const code = new URL(posted.headers()['location']!, origin).searchParams.get('code');
  const login = await request.post(`${origin}/api/v1/oauth/local/login`, { data: { code, state }, headers: { origin } });
  expect(login.ok(), await login.text()).toBe(true);
  const { registered } = ((await login.json()) as { result: { registered: boolean } }).result;
  if (registered) return;
  if (!nickname) throw new Error(`${email} has no account yet: give a nickname`);
  const reg = await request.post(`${origin}/api/v1/oauth/local/register`, { data: { nickname }, headers: { origin } });
  expect(reg.ok(), await reg.text()).toBe(true);
}

/** The engine a page opened with `?bench` hands to it (the calls the journeys read). */
export interface BenchEngine {
  debugInfo(): { pins: number; pinPx?: number; cameraAtRest: boolean };
  worldToScreen(p: { x: number; y: number }): { x: number; y: number };
  pickAt(x: number, y: number): number | null;
  getCamera(): { x: number; y: number; zoom: number };
  setCamera(c: { x: number; y: number; zoom: number }): void;
  getFollow(): boolean;
}

/** Waits until the map of a page opened with `?bench` draws pins and its camera is at rest (the engine's signals). */
export async function mapAtRestWithPins(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const info = (window as { mapEngine?: BenchEngine }).mapEngine?.debugInfo();
      return !!info && info.pins > 0 && info.cameraAtRest;
    },
    undefined,
    { timeout: 60_000 },
  );
}

/**
 * Waits until the camera has come to rest with pin `pinId` drawn at the spot where the map shows an
 * opened pin (the page was opened with `?bench`), and answers that spot in page coordinates.
 */
export async function openedPinAtRest(page: Page, pinId: number): Promise<{ x: number; y: number }> {
  const map = (await page.getByTestId('map-view').boundingBox())!;
  const c = await openedPinSpot(page);
  await page.waitForFunction(
    ({ id, x, y }) => {
      const e = (window as { mapEngine?: BenchEngine }).mapEngine;
      return !!e && e.debugInfo().cameraAtRest && e.pickAt(x, y) === id;
    },
    { id: pinId, x: c.x - map.x, y: c.y - map.y },
    { timeout: 60_000 },
  );
  return c;
}

/**
 * Right-clicks pin `pinId` where the opened pin shows, once the camera rests there with the pin drawn
 * (the page was opened with `?bench`), and answers its menu.
 */
export async function openPinMenuAtCentre(page: Page, pinId: number) {
  const menu = page.getByRole('menu', { name: `핀 ${pinId}` });
  const c = await openedPinAtRest(page, pinId);
  await page.mouse.click(c.x, c.y, { button: 'right' });
  await expect(menu).toBeVisible();
  return menu;
}

/**
 * Checks that one action showed exactly one toast matching `text` since `before` (a count from `toastsShown`), and
 * that it offers "실행 취소" (issue 25: every batch showed two identical toasts, the one in front without it).
 */
export async function expectOneUndoToast(page: Page, text: RegExp, before: number, undoLabel: string): Promise<void> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  await expect(toast.getByRole('button', { name: undoLabel })).toBeVisible();
  await expect(toast).toHaveCount(1);
  expect(await toastsShown(page, text)).toBe(before + 1);
}

/** How many toasts matching `text` the page has shown so far (it must record them: `recordToasts`). */
export async function toastsShown(page: Page, text: RegExp): Promise<number> {
  return page.evaluate(
    ({ source, flags }) =>
      ((window as unknown as { __toastsEver?: string[] }).__toastsEver ?? []).filter((t) => new RegExp(source, flags).test(t)).length,
    { source: text.source, flags: text.flags },
  );
}

/** A 390×844 phone driven by touch alone (no hover, no right-click, no Esc), in Korean: `browser.newContext({ ...PHONE, baseURL })`. */
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'ko-KR' } as const;

/**
 * The map of a page opened with `?bench` (a reload keeps it) follows the moving player: follow is on in the engine and its camera keeps moving. The engine's camera,
 * not the address bar: the address is written only when the camera rests (a share link, never per frame), and while
 * the map follows a runner it rests only when the player stops (the route's two teleport pauses, 15 to 17 s apart).
 * On a quiet machine a 30 s watch of the address can see a single change: the likely cause of the streamer
 * journey's failure in CI at stop 31 (a run here under load sees the address change every second, from frames the load delays).
 */
export async function expectFollowing(page: Page): Promise<void> {
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(() => {
          const e = (window as unknown as { mapEngine?: BenchEngine }).mapEngine;
          if (!e?.getFollow()) return null;
          const c = e.getCamera();
          return `${Math.round(c.x)}:${Math.round(c.y)}`;
        });
        if (now) seen.add(now);
        return seen.size;
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toBeGreaterThanOrEqual(3);
}
