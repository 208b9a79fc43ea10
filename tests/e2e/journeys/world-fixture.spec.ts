// Issue 20's "done when" for a player and an admin, on the generated real-shaped world (tools/world-fixture.ts: 512
// categories with icons and colours in 8 groups, 11 maps, 77 named floor areas on depths −4..+2; 6,000 pins instead of
// the full 22,142 to keep the journey short), loaded through `npm run import` into an empty world: a category is found
// in the panel by a few keystrokes of 초성, the counts are the region's, every floor area holding pins is reachable from
// the floor selector, the search page finds pins by tag name, and an admin edits a floor area on the catalogue screen.
// At 1440×900 and on a 390×844 touch phone.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { ko } from '../../../src/i18n/ko';
import { test as base, expect } from '../fixtures';
import { startServer, type RunningServer } from '../../support/server';
import { FULL_SHAPE, writeWorld, type FixtureFile } from '../../../tools/world-fixture';
import { koreanMatch } from '../../../common/search-text';
import { floorLabel } from '../../../common/regions';
import { MAP_HINT_KEY } from '../../../src/pages/home/MapToolsHint';
import { expectToast, lookAt, PHONE, signInByCalls } from './helpers';

const t = ko.map;
const SHAPE = { ...FULL_SHAPE, pins: 6000 };
const ADMIN = 'world-admin@example.com';
const LOAD = { timeout: 60_000 };

interface Loaded {
  server: RunningServer;
  file: FixtureFile;
  /** Region key → the id the import gave it. */
  ids: Map<string, number>;
}

const test = base.extend<object, { world: Loaded }>({
  world: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dir = mkdtempSync(join(tmpdir(), 'wuwa-e2e-fixture-'));
      const path = await writeWorld(join(dir, 'fixture'), SHAPE, false);
      const dataDir = join(dir, 'data');
      const started = performance.now();
      await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/import/cli.ts', path], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SEED_PINS: '0' },
      });
      console.log(`world-fixture journey: import of ${SHAPE.pins} pins took ${Math.round(performance.now() - started)} ms`);
      const server = await startServer({ ADMIN_EMAILS: ADMIN, SEED_PINS: '0', DATABASE_URL: '' }, { dataDir });
      const world = (await (await fetch(`${server.url}/api/v1/world`)).json()) as {
        result: { regions: { id: number; key: string | null }[] };
      };
      const ids = new Map(world.result.regions.filter((r) => r.key).map((r) => [r.key!, r.id]));
      await use({ server, file: JSON.parse(readFileSync(path, 'utf8')) as FixtureFile, ids });
      await server.stop();
    },
    { scope: 'worker', timeout: 400_000 },
  ],
  baseURL: async ({ world }, use) => use(world.server.url),
});
test.describe.configure({ mode: 'serial' });

type Category = FixtureFile['categoryGroups'][number]['categories'][number];
const categoriesOf = (f: FixtureFile): Category[] => f.categoryGroups.flatMap((g) => g.categories);

/** The region with the most floor areas holding pins, and those areas (key, label, depth). */
function busiestRegion(f: FixtureFile) {
  const areasWithPins = new Set(categoriesOf(f).flatMap((c) => (c.pins ?? []).map((p) => p.floorArea).filter(Boolean)));
  const regions = f.regions!.map((r) => ({ key: r.key, label: r.label, areas: r.floorAreas.filter((a) => areasWithPins.has(a.key)) }));
  return { regions, busiest: regions.reduce((a, b) => (b.areas.length > a.areas.length ? b : a)) };
}

/**
 * A category with pins in `region`, and the fewest 초성 keystrokes of its name's first syllables that leave it among at
 * most 5 of the world's categories.
 */
function findable(f: FixtureFile, region: string) {
  const all = categoriesOf(f);
  const initials = (name: string) =>
    [...name.replace(/\s/g, '')].map((ch) => {
      const c = ch.charCodeAt(0) - 0xac00;
      return c >= 0 && c < 11172 ? 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ'[Math.floor(c / 588)]! : ch;
    });
  let best: { c: Category; query: string; matches: number; here: number } | null = null;
  for (const c of all) {
    const here = (c.pins ?? []).filter((p) => p.region === region).length;
    if (here === 0) continue;
    const ini = initials(c.name);
    for (let k = 2; k <= ini.length; k++) {
      const query = ini.slice(0, k).join('');
      const matches = all.filter((x) => koreanMatch(x.name, query)).length;
      if (matches <= 5) {
        if (!best || query.length < best.query.length) best = { c, query, matches, here };
        break;
      }
    }
  }
  return best!;
}

/** Opens the map on a region with the filter panel open and waits for the categories and the stored filter. */
async function openPanel(page: Page, region: number, phone = false): Promise<void> {
  await page.goto(`/?r=${region}`);
  if (phone) await page.getByRole('button', { name: t.openFilters }).click();
  await expect(page.locator('.cat-group').first()).toBeVisible(LOAD);
  await expect(page.getByText(/카테고리 [0-9]\d*\/512개 표시 중/)).toBeVisible(LOAD);
}

/** The total the search page states for its pin results ("핀 5,667개 중 50개"). */
async function statedTotal(page: Page): Promise<number> {
  const m = /핀 ([\d,]+)개 중/.exec((await page.locator('#pin-results').textContent()) ?? '');
  if (!m) throw new Error('no total on the page');
  return Number(m[1]!.replace(/,/g, ''));
}

const VIEWPORTS = [
  ['desktop 1440×900', { viewport: { width: 1440, height: 900 }, locale: 'ko-KR' }],
  ['phone 390×844', PHONE],
] as const;

for (const [label, options] of VIEWPORTS) {
  const phone = label.startsWith('phone');
  const w = options.viewport.width;

  test(`${label}: a category by 초성 in a few keystrokes, the region's counts, every floor area with pins, pins by tag`, async ({
    browser,
    world,
  }) => {
    test.setTimeout(400_000);
    const ctx = await browser.newContext({ ...options, baseURL: world.server.url });
    await ctx.addInitScript((key) => localStorage.setItem(key, '1'), MAP_HINT_KEY);
    const page = await ctx.newPage();
    const { regions, busiest } = busiestRegion(world.file);
    const regionId = world.ids.get(busiest.key)!;

    // The panel: a few keystrokes of 초성 find a category among the 512, and its count is the region's.
    await openPanel(page, regionId, phone);
    const panel = page.locator('.category-panel');
    const find = findable(world.file, busiest.key);
    expect(find.query.length).toBeLessThanOrEqual(4);
    await panel.getByRole('searchbox', { name: t.categorySearch }).fill(find.query);
    const box = panel.getByRole('checkbox', { name: new RegExp(`^${find.c.name}`) });
    await expect(box).toBeVisible();
    // Its own few namesakes, and categories whose tags match, at most a screen's worth.
    expect(await panel.locator('.cat-item').count()).toBeLessThanOrEqual(find.matches + 5);
    await expect(box.locator('..')).toContainText(`/${find.here}`);
    await lookAt(page, { path: `test-results/world-fixture-panel-${w}.png` });
    // A phone has no Esc key: the sheet closes by its own button.
    if (phone) await page.getByRole('button', { name: t.closeFilters }).tap();

    // The floor selector: every floor area holding pins, in every region, is one choice away. On the phone the player
    // goes from region to region in the filter sheet, which closes on the pick; the desktop opens the busiest by link.
    if (!phone) await page.goto(`/?r=${regionId}`);
    for (const r of phone ? regions : [busiest]) {
      if (phone) {
        await page.getByRole('button', { name: t.openFilters }).tap();
        const radios = page.getByRole('radiogroup', { name: ko.common.region }).getByRole('radio');
        const pick = radios.filter({ has: page.getByText(r.label, { exact: true }) });
        await pick.tap();
        await expect(pick).toBeHidden();
        await expect(page.locator('.panel-title')).toHaveText(r.label);
        const select = page.getByRole('combobox', { name: t.chooseFloor });
        await expect(select).toBeVisible(LOAD);
        const missing = async () => {
          const offered = await select.locator('optgroup option').allTextContents();
          return r.areas.map((a) => a.label).filter((label) => !offered.includes(label));
        };
        await expect.poll(missing, { message: `${r.label}: floor areas the selector lacks` }).toEqual([]);
      } else {
        const floors = page.getByRole('radiogroup', { name: t.chooseFloor });
        await expect(floors).toBeVisible(LOAD);
        for (const depth of [...new Set(r.areas.map((a) => a.depth))]) {
          await floors.getByRole('radio', { name: new RegExp(`^${floorLabel(depth)}`) }).click();
          const areas = page.getByRole('combobox', { name: t.chooseArea });
          const offered = await areas.locator('option').allTextContents();
          for (const a of r.areas.filter((x) => x.depth === depth)) expect(offered, `${r.label}: ${a.label}`).toContain(a.label);
        }
        const last = r.areas.at(-1)!;
        await page.getByRole('combobox', { name: t.chooseArea }).selectOption({ label: last.label });
      }
    }
    await lookAt(page, { path: `test-results/world-fixture-floors-${w}.png` });

    // The search page finds pins by a tag's name, as many as the API.
    const tag = '층 입구';
    const api = (await (await page.request.get(`/api/v1/search?q=${encodeURIComponent(tag)}`)).json()) as { result: { total: number } };
    expect(api.result.total).toBeGreaterThan(0);
    await page.goto('/search');
    await page.getByRole('searchbox', { name: ko.search.inputLabel }).fill(tag);
    await expect(page.getByRole('list', { name: ko.search.pinResults }).getByRole('listitem').first()).toContainText(tag, LOAD);
    expect(await statedTotal(page)).toBe(api.result.total);
    await lookAt(page, { path: `test-results/world-fixture-search-${w}.png` });
    await ctx.close();
  });
}

// After the players' journeys, which read the floor areas as the file made them.
for (const [label, options] of VIEWPORTS) {
  const phone = label.startsWith('phone');
  const w = options.viewport.width;

  test(`${label}: an admin renames a floor area and moves it a floor down on the catalogue screen; the map follows`, async ({
    browser,
    world,
  }) => {
    test.setTimeout(300_000);
    const ctx = await browser.newContext({ ...options, baseURL: world.server.url });
    await ctx.addInitScript((key) => localStorage.setItem(key, '1'), MAP_HINT_KEY);
    const page = await ctx.newPage();
    await signInByCalls(page, ADMIN, phone ? undefined : '지도관리자', world.server.url);
    await page.goto('/moderation');
    await page.getByRole('tab', { name: '카탈로그' }).click();
    const editor = page.getByRole('region', { name: ko.moderation.regions.title });
    const key = world.file.regions![phone ? 1 : 0]!.key;
    const id = world.ids.get(key)!;
    await editor.getByLabel(ko.moderation.regions.region, { exact: true }).selectOption({ value: String(id) });
    const area = editor.getByRole('group', { name: `${ko.moderation.regions.area} 1` });
    await expect(area.getByLabel(ko.moderation.regions.label)).toHaveValue(world.file.regions![phone ? 1 : 0]!.floorAreas[0]!.label, LOAD);
    // A box with three numbers is named in Korean and nothing is sent.
    await area.getByLabel(/^범위/).fill('0, 0, 10');
    await editor.getByRole('button', { name: ko.moderation.regions.save }).click();
    await expect(editor.getByRole('alert')).toHaveText(
      `${ko.moderation.regions.area} 1 ${ko.moderation.regions.extent}: 숫자 4개를 쉼표로 나눠 입력해 주세요.`,
    );
    await area.getByLabel(/^범위/).fill(world.file.regions![phone ? 1 : 0]!.floorAreas[0]!.extent.join(', '));
    const renamed = phone ? '폰에서 고친 동굴' : '새로 이름 붙인 동굴';
    await area.getByLabel(ko.moderation.regions.label).fill(renamed);
    await area.getByLabel(ko.moderation.regions.depth).fill('-4');
    await area.scrollIntoViewIfNeeded();
    await lookAt(page, { path: `test-results/world-fixture-region-editor-${w}.png` });
    await editor.getByRole('button', { name: ko.moderation.regions.save }).click();
    await expectToast(page, /저장했습니다/);
    await expect(editor.getByRole('alert')).toHaveCount(0);
    // The world serves it, and the map's floor selector lists it under 지하 4층.
    const served = (await (await page.request.get('/api/v1/world')).json()) as {
      result: { regions: { id: number; floorAreas: { label: string; depth: number }[] }[] };
    };
    expect(served.result.regions.find((r) => r.id === id)!.floorAreas.find((a) => a.label === renamed)?.depth).toBe(-4);
    await page.goto(`/?r=${id}`);
    if (phone) {
      const select = page.getByRole('combobox', { name: t.chooseFloor });
      await expect(select.locator('optgroup[label="지하 4층"] option', { hasText: renamed })).toHaveCount(1, LOAD);
    } else {
      await page
        .getByRole('radiogroup', { name: t.chooseFloor })
        .getByRole('radio', { name: /^지하 4층/ })
        .click(LOAD);
      await page.getByRole('combobox', { name: t.chooseArea }).selectOption({ label: renamed });
    }
    await lookAt(page, { path: `test-results/world-fixture-renamed-${w}.png` });
    await ctx.close();
  });
}
