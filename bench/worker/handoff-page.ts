// Runs in headless Chromium (handoff.bench.ts): the real pins worker through Comlink, and the
// peers: the same pins as an array of objects (structured clone) and raw postMessage transfer.
import * as Comlink from 'comlink';
import { createPinsWorker } from '../../workers/pins/client';
import { generateCategories } from './generate-pins';

const PINS = 100_000;

async function times(n: number, warm: number, fn: () => Promise<unknown>): Promise<number[]> {
  for (let k = 0; k < warm; k++) await fn();
  const out: number[] = [];
  for (let k = 0; k < n; k++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

// A peer worker that holds what it is given and sends it back on request.
const ECHO = `let held; onmessage = (e) => {
  if (e.data.hold) { held = e.data.hold; postMessage('ok'); return; }
  if (e.data.transfer) { const b = held; const c = {}; const list = [];
    for (const k in b) { c[k] = b[k].slice(); list.push(c[k].buffer); } postMessage(c, list); return; }
  postMessage(held);
};`;

function echoWorker(): { ask: (msg: unknown) => Promise<unknown>; close: () => void } {
  const w = new Worker(URL.createObjectURL(new Blob([ECHO], { type: 'text/javascript' })));
  return {
    ask: (msg) =>
      new Promise((resolve) => {
        w.onmessage = (e) => resolve(e.data);
        w.postMessage(msg);
      }),
    close: () => w.terminate(),
  };
}

async function run() {
  const cats = generateCategories(PINS, 20, 'handoff');
  const { api, dispose } = createPinsWorker();
  await api.getPins(); // worker started and its modules loaded
  // Decode + index inside the worker (round trips include moving the bytes in).
  const loadAll = async () => {
    const copies = cats.map((c) => c.bytes.slice().buffer as ArrayBuffer);
    const t0 = performance.now();
    for (const [k, c] of cats.entries()) await api.loadCategoryBytes(c.categoryId, Comlink.transfer(copies[k]!, [copies[k]!]));
    return performance.now() - t0;
  };
  // The first pass runs on a cold JIT (a page load); later passes show the steady rate.
  const coldMs = await loadAll();
  const warmMs = [await loadAll(), await loadAll(), await loadAll()];

  const handoff = await times(30, 5, () => api.getPins());
  const sample = await api.getPins();
  const hover = await times(300, 30, () => api.queryPoint(sample.x[7]!, sample.y[7]!, 16));
  dispose();

  // Peers: the same pins as objects (what the worker must never do), and bare transfer.
  const objects = Array.from(sample.ids, (id, i) => ({
    id,
    x: sample.x[i],
    y: sample.y[i],
    z: sample.z[i],
    icon: sample.icon[i],
    category: sample.category[i],
    region: sample.region[i],
    flags: sample.flags[i],
  }));
  const echo = echoWorker();
  await echo.ask({ hold: objects });
  const objectsMs = await times(10, 2, () => echo.ask({}));
  const arrays = {
    ids: sample.ids,
    x: sample.x,
    y: sample.y,
    z: sample.z,
    icon: sample.icon,
    category: sample.category,
    region: sample.region,
    flags: sample.flags,
  };
  await echo.ask({ hold: arrays });
  const rawMs = await times(30, 5, () => echo.ask({ transfer: true }));
  echo.close();
  return { pins: sample.ids.length, coldMs, warmMs, handoff, hover, objectsMs, rawMs };
}

(window as unknown as { runBench: typeof run }).runBench = run;
