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

// Categories finish loading one after another at start-up, each asking for every shown pin again.
// The bridge asks the worker once at a time: a request made while one is under way waits for it,
// and the requests made meanwhile become one.
it('category loads in a burst ask the worker for every pin once at a time; the requests made meanwhile become one', async () => {
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
  // The one at connect, the one under way when the burst began, and one for the rest of it.
  expect(calls).toBeLessThanOrEqual(3);
});
