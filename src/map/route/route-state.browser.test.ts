// "Nearest unfound" asked before the map runs (N pressed while the renderer still starts, as the keyboard
// journey did on a slow CI machine, stop 37): it waits for the map and flies, instead of doing nothing.
// Real Chromium, the real engine and the real pins worker over the test server.
import { afterEach, expect, it, vi } from 'vitest';
import { MapEngine } from '../../engine';
import { getPinsWorker } from '../../../workers/pins/client';
import { regionsSharingTileSet } from '../../../common/regions';
import { connectEngine, resetStore, setCategories, setLoadedCategory, setRegionSnapshot } from '../../state';
import { subscribeNotices } from '../../state/notices';
import { ko } from '../../i18n/ko';
import { whenShownRegionsHeld } from '../../data/snapshot';
import { flyToNearest, planRoute, routeState } from './route-state';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const f of cleanups.splice(0).reverse()) f();
});

it('N pressed, and a route asked for, before the map runs: both done once the map is up', async () => {
  resetStore();
  const worker = getPinsWorker();
  const loaded = await worker.loadCategory(1);
  expect(loaded.count).toBeGreaterThan(0);
  setLoadedCategory(1, { count: loaded.count, lastEdited: loaded.lastEdited });
  setCategories([1]);
  // The shown regions' pins are held: the question waits on the map alone.
  for (const r of regionsSharingTileSet(0)) setRegionSnapshot(r.id, { status: 'held', version: 1 }, false);
  const said: string[] = [];
  cleanups.push(subscribeNotices((n) => said.push(n.message)));

  const asked = flyToNearest();
  routeState.plan = null;
  const planned = planRoute({ kind: 'all' });
  const container = document.createElement('div');
  container.style.cssText = 'width:800px;height:600px;position:fixed;left:0;top:0';
  document.body.appendChild(container);
  const engine = await MapEngine.create({ container, preference: 'webgl', resolution: 1 });
  const disconnect = connectEngine(engine, worker);
  cleanups.push(
    () => container.remove(),
    () => engine.dispose(),
    disconnect,
  );
  const before = engine.getCamera();
  await asked;
  await planned;
  const plan = routeState.plan as { ids: number[] } | null; // (TypeScript keeps the null set above)
  expect(plan?.ids.length).toBeGreaterThan(0);
  expect(routeState.planning).toBe(false);

  const found = ko.route.nearestFound('', '').split(':')[0]!;
  expect(said.filter((m) => m.startsWith(found))).toHaveLength(1);
  // It flew: the camera moves towards the pin, at zoom 1 or more.
  await expect.poll(() => engine.getCamera(), { timeout: 15_000 }).not.toEqual(before);
  expect(engine.getCamera().zoom).toBeGreaterThanOrEqual(1);
});

it('a question over the view waits for a load slower than 5 s (CI: answered from part of the pins), and not for a failed one', async () => {
  resetStore();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  cleanups.push(() => vi.useRealTimers());
  const regions = regionsSharingTileSet(0).map((r) => r.id);
  for (const r of regions) setRegionSnapshot(r, { status: 'loading', version: 0 }, false);
  const slow = whenShownRegionsHeld();
  await vi.advanceTimersByTimeAsync(8_000);
  for (const r of regions) setRegionSnapshot(r, { status: 'held', version: 1 }, false);
  expect(await slow).toBe(true);

  setRegionSnapshot(regions[0]!, { status: 'loading', version: 1 }, false);
  const failing = whenShownRegionsHeld();
  setRegionSnapshot(regions[0]!, { status: 'failed', version: 1 }, false);
  expect(await failing).toBe(false);
});
