// What one check costs, counted against the real server, a real pins worker and a real engine:
// requests, local database operations, calls into the worker (and the pin ids they carry), and
// engine commands and restyles. DESIGN: a check crosses each boundary as a change, never a full set.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DBCore, Middleware } from 'dexie';
import { MapEngine } from '../engine';
import { createPinsWorker } from '../../workers/pins/client';
import { connectEngine, setCategories, setLoadedCategory, setRegion, store, type BridgeEngine, type BridgeWorker } from '../state';
import { api } from '../api';
import { checkPins, markPins, syncChecks, undoChange } from './checks';
import { localDb } from './db';
import { openEventStream } from './events';
import { startLiveChecks } from './live';
import { freshProfile, signInLocal, signOut } from './test-support';
import type { Me } from './types';

const tick = (ms = 50) => new Promise((r) => setTimeout(r, ms));

/** One counted call: its name and how many pin ids it carried (typed-array and id-list arguments). */
interface Call { name: string; ids: number }

/** Counts the local database operations the app issues (outermost middleware: what the code asks for). */
function countDexie(log: string[]): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'count',
    level: 1000,
    create: (down) => ({
      ...down,
      table: (name) => {
        const t = down.table(name);
        return {
          ...t,
          get: (req) => (log.push(`${name}.get`), t.get(req)),
          getMany: (req) => (log.push(`${name}.getMany`), t.getMany(req)),
          query: (req) => (log.push(`${name}.query`), t.query(req)),
          openCursor: (req) => (log.push(`${name}.openCursor`), t.openCursor(req)),
          count: (req) => (log.push(`${name}.count`), t.count(req)),
          mutate: (req) => (log.push(`${name}.${req.type}`), t.mutate(req)),
        };
      },
    }),
  };
}

function idsIn(args: unknown[]): number {
  let n = 0;
  for (const a of args) if (a instanceof Int32Array || a instanceof Set) n += a instanceof Set ? a.size : a.length;
  return n;
}

/** The real worker behind a proxy that records every call; `pending` counts answers not back yet. */
function countedWorker(real: BridgeWorker, calls: Call[], pending: { n: number }): BridgeWorker {
  return new Proxy(real, {
    get(target, key) {
      const fn = Reflect.get(target, key) as (...a: unknown[]) => Promise<unknown>;
      return (...args: unknown[]) => {
        calls.push({ name: String(key), ids: idsIn(args) });
        pending.n++;
        return fn(...args).finally(() => pending.n--);
      };
    },
  });
}

const ENGINE_COMMANDS = new Set(['setPins', 'updatePins', 'setPinLayout', 'setCheckedSet', 'setPinFlags', 'setHighlightedTags', 'setHighlightedPins']);

/** The real engine behind a proxy that records the pin commands the bridge gives it. */
function countedEngine(real: MapEngine, calls: Call[]): BridgeEngine {
  return new Proxy(real, {
    get(target, key) {
      const v = Reflect.get(target, key, target) as unknown;
      if (typeof v !== 'function') return v;
      const fn = (v as (...a: unknown[]) => unknown).bind(target);
      if (!ENGINE_COMMANDS.has(String(key))) return fn;
      return (...args: unknown[]) => {
        const a0 = args[0] as { ids?: Int32Array } | undefined;
        calls.push({ name: String(key), ids: key === 'setPins' ? a0?.ids?.length ?? 0 : idsIn(args) + (Array.isArray(a0) ? a0.length : 0) });
        return fn(...args);
      };
    },
  }) as unknown as BridgeEngine;
}

/** What one step cost, counted from `begin()` until the worker has answered everything. */
interface Cost { requests: string[]; dexie: string[]; worker: Call[]; engine: Call[]; restyles: number }

let engine: MapEngine;
let worker: ReturnType<typeof createPinsWorker>;
let container: HTMLDivElement;
let disconnect = () => {};
let me: Me;
let shownPins: number[] = [];
const dexie: string[] = [];
const workerCalls: Call[] = [];
const engineCalls: Call[] = [];
const pending = { n: 0 };
let restylesAt = 0;

function begin(): void {
  dexie.length = 0;
  workerCalls.length = 0;
  engineCalls.length = 0;
  restylesAt = engine.debugInfo().pinRestyles;
  performance.clearResourceTimings();
}

/** Waits for the bridge and the worker to go quiet, then reads the counters. */
async function cost(): Promise<Cost> {
  await tick(150);
  const end = performance.now() + 5000;
  while (pending.n > 0 && performance.now() < end) await tick(20);
  await tick(50);
  const requests = performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((p) => p.startsWith('/api/'));
  return { requests, dexie: [...dexie], worker: [...workerCalls], engine: [...engineCalls], restyles: engine.debugInfo().pinRestyles - restylesAt };
}

function report(label: string, c: Cost): void {
  console.log(`${label}: ${c.requests.length} requests ${JSON.stringify(c.requests)}; ${c.dexie.length} Dexie ops ${JSON.stringify(c.dexie)}; `
    + `worker ${JSON.stringify(c.worker)}; engine ${JSON.stringify(c.engine)}; ${c.restyles} restyles of ${engine.debugInfo().pins} pins`);
}

const named = (calls: Call[], name: string) => calls.filter((c) => c.name === name);

beforeAll(async () => {
  await freshProfile();
  localDb().use(countDexie(dexie));
  container = document.createElement('div');
  container.style.cssText = 'width:800px;height:600px;position:fixed;left:0;top:0';
  document.body.appendChild(container);
  engine = await MapEngine.create({ container, preference: 'webgl', resolution: 1 });
  worker = createPinsWorker();
  for (const id of [1, 2]) {
    const res = await worker.api.loadCategory(id);
    setLoadedCategory(id, { count: res.count, lastEdited: res.lastEdited });
  }
  setRegion(0);
  setCategories([1, 2]);
  // Signed in after the loads (the access token lives 12 s in these tests; the worker does not refresh it).
  await signInLocal(`cost${Date.now()}${Math.floor(Math.random() * 1e6)}@test.local`);
  me = (await api.get<Me>('/api/v1/me'))!;
  await syncChecks(me.id, me.checkTime);
  shownPins = Array.from((await worker.api.getPins({ categories: [1, 2], region: 0 })).ids);
  expect(shownPins.length).toBeGreaterThan(300);
  // A player with a history: 200 pins found before (a full set would carry every one of them).
  await checkPins(me.id, shownPins.slice(0, 200), true);
  disconnect = connectEngine(countedEngine(engine, engineCalls), countedWorker(worker.api, workerCalls, pending));
  const end = performance.now() + 10_000;
  while (!(engine.layoutInfo().laidOut && pending.n === 0 && engine.pinFlags(shownPins[0]!) & 1) && performance.now() < end) await tick(30);
  expect(engine.layoutInfo().laidOut).toBe(true);
});

afterAll(async () => {
  disconnect();
  engine.dispose();
  worker.dispose();
  container.remove();
  // Test files share the browser's cookies.
  await signOut();
});

beforeEach(() => begin());

describe('what one check costs', () => {
  it('a check on this device: one request, the outbox writes it needs, one id to the worker, one pin restyled', async () => {
    const pin = shownPins[250]!;
    begin();
    expect(await checkPins(me.id, [pin], true)).toBe('sent');
    const c = await cost();
    report('one check', c);
    expect(store.checks.has(pin)).toBe(true);
    expect(engine.pinFlags(pin) & 1).toBe(1);

    expect(c.requests).toEqual([`/api/v1/pin/${pin}/check`]);
    // Outbox: add the change, read the head, apply the answer and drop the entry (one transaction), find none left.
    expect(c.dexie.length).toBeLessThanOrEqual(6);
    expect(c.dexie.filter((op) => /\.(add|put|delete)$/.test(op))).toEqual(['outbox.add', 'checks.put', 'outbox.delete']);
    // The worker: the one changed id, then a new layout from its own state; never the whole set or new pins.
    expect(named(c.worker, 'setChecked')).toEqual([]);
    expect(named(c.worker, 'pinsWithLayout')).toEqual([]);
    expect(named(c.worker, 'updateChecked')).toEqual([{ name: 'updateChecked', ids: 1 }]);
    expect(named(c.worker, 'layout').length).toBe(1);
    expect(c.worker.reduce((n, w) => n + w.ids, 0)).toBe(1);
    // The engine: one flag change of one pin (and the layout, which restyles only pins whose level moved).
    expect(named(c.engine, 'setCheckedSet')).toEqual([]);
    expect(named(c.engine, 'setPins')).toEqual([]);
    expect(named(c.engine, 'setPinFlags')).toEqual([{ name: 'setPinFlags', ids: 1 }]);
    expect(c.restyles).toBeLessThan(engine.debugInfo().pins / 10);
  });

  it('a batch of three and its undo go the same way: the changed ids only', async () => {
    const batch = shownPins.slice(260, 263);
    const change = await markPins(me.id, batch, true);
    let c = await cost();
    report('batch of 3', c);
    expect(c.requests).toEqual(['/api/v1/pin/batch-check']);
    expect(named(c.worker, 'updateChecked')).toEqual([{ name: 'updateChecked', ids: 3 }]);
    expect(named(c.engine, 'setPinFlags')).toEqual([{ name: 'setPinFlags', ids: 3 }]);
    expect(named(c.worker, 'setChecked').length + named(c.engine, 'setCheckedSet').length).toBe(0);

    begin();
    expect(await undoChange(me.id, change.seq)).toBe(true);
    c = await cost();
    report('undo of the batch', c);
    expect(c.requests.length).toBe(1);
    for (const id of batch) expect(engine.pinFlags(id) & 1).toBe(0);
    expect(named(c.worker, 'updateChecked')).toEqual([{ name: 'updateChecked', ids: 3 }]);
    expect(named(c.engine, 'setPinFlags')).toEqual([{ name: 'setPinFlags', ids: 3 }]);
    expect(named(c.worker, 'setChecked').length + named(c.engine, 'setCheckedSet').length).toBe(0);
  });

  it('a check made on another device arrives over the live stream as one change', async () => {
    const events = openEventStream();
    const stop = startLiveChecks(events, () => me.id);
    try {
      await tick(500);
      const pin = shownPins[270]!;
      begin();
      await fetch(`/api/v1/pin/${pin}/check`, { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ check: true }) });
      await expect.poll(() => engine.pinFlags(pin) & 1, { timeout: 3000 }).toBe(1);
      const c = await cost();
      report('live check from another device', c);
      // Only the other device's own request: no list fetched here.
      expect(c.requests).toEqual([`/api/v1/pin/${pin}/check`]);
      expect(named(c.worker, 'updateChecked')).toEqual([{ name: 'updateChecked', ids: 1 }]);
      expect(named(c.engine, 'setPinFlags')).toEqual([{ name: 'setPinFlags', ids: 1 }]);
      expect(named(c.worker, 'setChecked').length + named(c.engine, 'setCheckedSet').length).toBe(0);
    } finally {
      stop();
      events.close();
    }
  });
});
