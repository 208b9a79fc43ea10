// Runs in headless Chromium (route.bench.ts): the real pins worker plans a route through 1,000 unfound pins
// while the main thread keeps animating frames; the page records each call's time and the longest frame gap.
import * as Comlink from 'comlink';
import { createPinsWorker } from '../../workers/pins/client';
import { generateCategories } from './generate-pins';

async function run(pins: number, runs: number) {
  const [cat] = generateCategories(pins, 1, 'route');
  const { api, dispose } = createPinsWorker();
  const copy = cat!.bytes.slice().buffer as ArrayBuffer;
  await api.loadCategoryBytes(cat!.categoryId, Comlink.transfer(copy, [copy]));
  const all = await api.getPins();
  const start = { x: all.x[0]! + 50, y: all.y[0]! + 50 };
  const times: number[] = [];
  const gaps: number[] = [];
  let stops = 0;
  for (let k = 0; k < runs + 3; k++) {
    // Frames keep coming while the worker solves: the longest gap between two frames is the main thread's stall.
    let last = performance.now();
    let maxGap = 0;
    let on = true;
    const tick = (t: number) => {
      maxGap = Math.max(maxGap, t - last);
      last = t;
      if (on) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    const t0 = performance.now();
    const r = await api.planRoute({ filter: {}, area: { kind: 'all' }, start });
    const ms = performance.now() - t0;
    on = false;
    stops = r.ids.length;
    if (k >= 3) {
      times.push(ms);
      gaps.push(maxGap);
    }
  }
  dispose();
  return { stops, times, gaps };
}

(window as unknown as { runBench: typeof run }).runBench = run;
