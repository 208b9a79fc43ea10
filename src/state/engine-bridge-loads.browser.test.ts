import { afterAll, expect, it } from 'vitest';
import { disposeTestEngines, makeTestEngine } from '../engine/test-support';
import { regionsSharingTileSet } from '../../common/regions';
import { createPinsWorker } from '../../workers/pins/client';
import type { PinsWorkerApi } from '../../workers/pins/api';
import { resetStore, setCategories, setLoadedCategory } from './actions';
import { connectEngine } from './engine-bridge';

const stops: (() => void)[] = [];
afterAll(() =>
  stops
    .splice(0)
    .reverse()
    .forEach((s) => s()),
);

// Categories finish loading one after another at start-up. The bridge asks the worker for every
// shown pin once; the loads that finish meanwhile are taken as changes once those pins are drawn.
it('category loads in a burst while the first pins are read: one request for every pin, the loads follow as changes', async () => {
  resetStore();
  const engine = await makeTestEngine();
  const worker = createPinsWorker();
  stops.push(disposeTestEngines, () => worker.dispose());
  const ids = [1, 2, 3, 4, 5, 6, 7, 8];
  const loaded = await Promise.all(ids.map((id) => worker.api.loadCategory(id)));
  let calls = 0;
  let running = 0;
  let mostAtOnce = 0;
  const api = new Proxy(worker.api, {
    get(target, key, receiver) {
      const real = Reflect.get(target, key, receiver) as unknown;
      if (key !== 'pinsWithLayout') return real;
      return async (...args: Parameters<PinsWorkerApi['pinsWithLayout']>) => {
        calls++;
        mostAtOnce = Math.max(mostAtOnce, ++running);
        try {
          return await worker.api.pinsWithLayout(...args);
        } finally {
          running--;
        }
      };
    },
  });
  setCategories(ids);
  stops.push(connectEngine(engine, api));
  await expect.poll(() => calls).toBe(1);
  for (const [i, id] of ids.entries()) {
    setLoadedCategory(id, { count: loaded[i]!.count, lastEdited: loaded[i]!.lastEdited });
    await new Promise((r) => setTimeout(r, 0));
  }
  let want = 0;
  for (const r of regionsSharingTileSet(0)) want += (await worker.api.getPins({ categories: ids, region: r.id })).ids.length;
  expect(want).toBeGreaterThan(0);
  await expect.poll(() => engine.debugInfo().pins, { timeout: 10_000 }).toBe(want);
  await new Promise((r) => setTimeout(r, 500));
  expect(mostAtOnce).toBe(1);
  expect(calls).toBe(1);
});

// A category that finishes loading once the map holds pins is a change of its pins only: the engine
// merges them in (updatePins) and takes no whole new set; a reload of it replaces them the same way.
it('a category loaded later reaches the map as a change of its pins, not a whole new set', async () => {
  resetStore();
  const engine = await makeTestEngine();
  const worker = createPinsWorker();
  stops.push(disposeTestEngines, () => worker.dispose());
  const first = await worker.api.loadCategory(1);
  setCategories([1, 2]);
  setLoadedCategory(1, { count: first.count, lastEdited: first.lastEdited });
  stops.push(connectEngine(engine, worker.api));
  const shown = async (ids: number[]) => {
    let n = 0;
    for (const r of regionsSharingTileSet(0)) n += (await worker.api.getPins({ categories: ids, region: r.id })).ids.length;
    return n;
  };
  const one = await shown([1]);
  await expect.poll(() => engine.debugInfo().pins, { timeout: 10_000 }).toBe(one);
  const sets = engine.debugInfo().pinSets;

  const second = await worker.api.loadCategory(2);
  setLoadedCategory(2, { count: second.count, lastEdited: second.lastEdited });
  const both = await shown([1, 2]);
  expect(both).toBeGreaterThan(one);
  await expect.poll(() => engine.debugInfo().pins, { timeout: 10_000 }).toBe(both);
  expect(engine.debugInfo().pinSets).toBe(sets);
  expect(engine.debugInfo().pinUpdates).toBe(1);

  // Loaded again (a newer list): its pins are replaced in place, the count stays.
  await worker.api.loadCategory(2);
  setLoadedCategory(2, { count: second.count, lastEdited: second.lastEdited });
  await expect.poll(() => engine.debugInfo().pinUpdates, { timeout: 10_000 }).toBe(2);
  expect(engine.debugInfo().pins).toBe(both);
  expect(engine.debugInfo().pinSets).toBe(sets);
});
