// Issue 21: every category on, region snapshots vs today's one request per category, side by side as ratios.
//
// Real-shaped world (bench/support/real-shaped.ts: 512 categories, ~22,000 pins), real server in this process
// (PGlite in memory) over loopback HTTP, the pins worker's own code (createPinsService) in node:
//   requests    pin requests for every category on (the snapshot: one version check + the shown regions' snapshots)
//   first/all   ms until the first pins are held (first category / first snapshot block) and every pin
//   warm        ms to hold every pin again from the kept bytes (IndexedDB's Blobs; the snapshot after a version check)
//   B/pin       bytes on the wire a pin, brotli as served
//   server CPU  µs of server CPU per cached request (200 in a row, app.inject), and for every category on
//   after edit  the first request after an edit once the change feed has rebuilt (ms and server CPU µs)
//   longest     longest event-loop turn (ms) while the warm start runs: the worker's longest task
// Warm start after an edit in another region (a returning player who kept the shown regions' snapshots; a pin moved
// in a region not shown, then in one shown region): requests and bytes on the wire (brotli bodies, as served) with
// per-region versions (the client's own keptIsCurrent) vs the old whole-world version (a kept copy current only at
// the world version it was read at), against the same server.
// 1M world (1,000,000 pins, 512 categories): the codec and the worker only (no HTTP; no database): the region
// with the most pins as a snapshot vs its categories' PinLists; first block / all held, bytes a pin.
// Run: npm run bench -- snapshot     or     npx tsx bench/server/snapshot.bench.ts [22000,1000000]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { testApp } from '../../tests/support/real-server';
import { REBUILD_DEBOUNCE_MS, snapshotsRebuilt, snapshotStats } from '../../server/routes/pins/snapshot';
import { insertWorld, realShapedPins, type WorldPin } from '../support/real-shaped';
import { createPinsService } from '../../workers/pins/pins-service';
import { encodeSnapshot, keptIsCurrent, type SnapshotVersions } from '../../common/pin-snapshot';
import { PinList } from '../../proto';
import { regionsSharingTileSet } from '../../common/regions';

const root = fileURLToPath(new URL('../..', import.meta.url));
const [REAL, MILLION] = (process.argv.slice(2).find((a) => !a.startsWith('-')) ?? '22000,1000000').split(',').map(Number) as [
  number,
  number,
];
const CONCURRENCY = 6; // a browser's connections per host over HTTP/1.1

const ms = (t: number) => performance.now() - t;
const r1 = (x: number) => Math.round(x * 10) / 10;

async function pool<T>(items: T[], n: number, fn: (x: T) => Promise<void>): Promise<void> {
  const q = [...items];
  await Promise.all(
    Array.from({ length: n }, async () => {
      for (let x = q.shift(); x !== undefined; x = q.shift()) await fn(x);
    }),
  );
}

/** Runs fn and measures the longest stretch the event loop had no turn for a timer (the longest task). */
async function longestTurn<T>(fn: () => Promise<T>): Promise<{ value: T; longestMs: number }> {
  let last = performance.now();
  let longest = 0;
  let on = true;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (on) setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
  const value = await fn();
  // One more timer turn, so the stretch that ends with fn is counted too.
  await new Promise((r) => setTimeout(r, 0));
  on = false;
  return { value, longestMs: longest };
}

/** The world version once it has moved past `after` (the change feed is asynchronous). */
async function waitVersion(apiBase: string, after: number): Promise<number> {
  for (;;) {
    const v = ((await (await fetch(`${apiBase}/api/v1/pins/snapshot`)).json()) as { result: { version: number } }).result.version;
    if (v > after) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}

type Inject = (url: string) => Promise<{ rawPayload: Buffer }>;

/**
 * A returning player's warm start after an edit elsewhere, per-region versions vs the old whole-world version: the
 * player kept every shown region's snapshot (the region's version now, or the world version for the old rule); a pin
 * moves in `where`; the warm start is the version call plus the snapshots its rule finds stale, over the real server.
 */
async function warmStartsAfterEdits(t: Awaited<ReturnType<typeof testApp>>, inject: Inject, shown: number[], pins: WorldPin[]) {
  const versionsNow = async () =>
    (JSON.parse((await inject('/api/v1/pins/snapshot')).rawPayload.toString()) as { result: Required<SnapshotVersions> }).result;
  const run = async (label: string, region: number) => {
    await snapshotsRebuilt(t.db);
    const before = await versionsNow();
    // What each client kept: a new one its region's version, an old one the world version it was read at.
    const keptNew = new Map(shown.map((r) => [r, before.regions[r] ?? 0]));
    const keptOld = new Map(shown.map((r) => [r, before.version]));
    const pin = pins.find((p) => p.region === region)!;
    await t.db.query('update pins set coord_x = coord_x + 1 where id = $1', [pin.id]);
    let now = before;
    while (now.version === before.version) {
      await new Promise((r) => setTimeout(r, 20));
      now = await versionsNow();
    }
    await new Promise((r) => setTimeout(r, REBUILD_DEBOUNCE_MS + 50));
    await snapshotsRebuilt(t.db);
    const start = async (stale: (region: number) => boolean, url: (region: number) => string) => {
      const check = await inject('/api/v1/pins/snapshot');
      let requests = 1;
      let bytes = check.rawPayload.length;
      for (const r of shown.filter(stale)) {
        requests++;
        bytes += (await inject(url(r))).rawPayload.length;
      }
      return { requests, bytes };
    };
    const perRegion = await start(
      (r) => !keptIsCurrent(now, r, keptNew.get(r)!),
      (r) => `/api/v1/pins/snapshot/${r}/${now.regions[r] ?? 0}`,
    );
    const wholeWorld = await start(
      (r) => keptOld.get(r) !== now.version,
      (r) => `/api/v1/pins/snapshot/${r}/${now.version}`,
    );
    return { label, editedRegion: region, perRegion, wholeWorld };
  };
  const outside = [...new Set(pins.map((p) => p.region))].find((r) => !shown.includes(r));
  return [
    ...(outside === undefined ? [] : [await run('edit in a region not shown', outside)]),
    await run('edit in one shown region', shown[shown.length - 1]!),
  ];
}

async function realShaped() {
  const pins = realShapedPins(REAL);
  const t = await testApp({ seedPins: 0 });
  await insertWorld(t.db, pins);
  const apiBase = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const categories = [...new Set(pins.map((p) => p.categoryId))];
  const regions = regionsSharingTileSet(0).map((r) => r.id);
  const inject = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'application/x-protobuf', 'accept-encoding': 'br' } });
  try {
    // Today: one request per category (every region's pins come with it). Twice: the first run fills the server's
    // cache of encoded lists (its first request after an edit), the second is what a player meets.
    const perCategory = async () => {
      const svc = createPinsService();
      const blobs = new Map<number, Blob>();
      const t0 = performance.now();
      let first = 0;
      await pool(categories, CONCURRENCY, async (id) => {
        const r = await svc.loadCategory(id, { apiBase });
        blobs.set(id, r.bytes);
        first ||= ms(t0);
      });
      return { svc, blobs, first, all: ms(t0) };
    };
    const catCold = await perCategory();
    const { svc: perCat, blobs, first, all: catAll } = await perCategory();
    const catPins = (await perCat.getPins()).ids.length;
    // Snapshots: a version check, then the shown regions' snapshots in parallel; twice as well (the first builds).
    const snapshots = async () => {
      const svc = createPinsService();
      const t0 = performance.now();
      let first = 0;
      const version = ((await (await fetch(`${apiBase}/api/v1/pins/snapshot`)).json()) as { result: { version: number } }).result.version;
      const results = await Promise.all(regions.map((r) => svc.loadSnapshot(r, version, { apiBase }, () => void (first ||= ms(t0)))));
      return { svc, version, results, first, all: ms(t0) };
    };
    const snapCold = await snapshots();
    const { svc: snap, version, results, first: snapFirst, all: snapAll } = await snapshots();
    const snapPins = (await snap.getPins({ regions })).ids.length;
    // Warm starts from the kept bytes.
    const warmCat = await longestTurn(async () => {
      const s = createPinsService();
      const t1 = performance.now();
      for (const [id, b] of blobs) await s.loadCategoryBytes(id, b);
      return ms(t1);
    });
    const warmSnap = await longestTurn(async () => {
      const s = createPinsService();
      const t1 = performance.now();
      await fetch(`${apiBase}/api/v1/pins/snapshot`);
      await Promise.all(results.map((r) => s.loadSnapshotBytes(r.region, r.bytes!)));
      return ms(t1);
    });
    // Bytes on the wire (brotli, as served) and server CPU per cached request.
    let catWire = 0;
    for (const id of categories) catWire += (await inject(`/api/v1/category/${id}/pins-proto`)).rawPayload.length;
    let snapWire = 0;
    for (const r of regions) snapWire += (await inject(`/api/v1/pins/snapshot/${r}/${version}`)).rawPayload.length;
    const cpu = async (url: string, n = 200) => {
      await inject(url);
      const c = process.cpuUsage();
      for (let i = 0; i < n; i++) await inject(url);
      const d = process.cpuUsage(c);
      return (d.user + d.system) / n;
    };
    const cpuSnap = await cpu(`/api/v1/pins/snapshot/0/${version}`);
    const cpuCat = await cpu(`/api/v1/category/1/pins-proto`);
    // The first request after an edit, once the change feed has rebuilt (a player who arrives after the quiet spell):
    // its wall time and server CPU, beside the same for the per-category list of the edited pin's category.
    const edited = pins.find((p) => p.region === 0)!;
    const eager = snapshotStats(t.db).eagerBuilds;
    await t.db.query('update pins set coord_x = coord_x + 1 where id = $1', [edited.id]);
    const v2 = await waitVersion(apiBase, version);
    while (snapshotStats(t.db).eagerBuilds === eager) await new Promise((r) => setTimeout(r, 20));
    await snapshotsRebuilt(t.db);
    const afterEdit = async (url: string) => {
      const c = process.cpuUsage();
      const t1 = performance.now();
      await inject(url);
      const wall = ms(t1);
      const d = process.cpuUsage(c);
      return { wallMs: wall, cpuUs: d.user + d.system };
    };
    const editSnap = await afterEdit(`/api/v1/pins/snapshot/0/${v2}`);
    const editCat = await afterEdit(`/api/v1/category/${edited.categoryId}/pins-proto`);
    const warmAfterEdit = await warmStartsAfterEdits(t, inject, regions, pins);
    return {
      world: { pins: pins.length, categories: categories.length, regionsShown: regions },
      perCategory: {
        requests: 1 + categories.length,
        coldServerAllMs: r1(catCold.all),
        firstMs: r1(first),
        allMs: r1(catAll),
        pinsHeld: catPins,
        warmMs: r1(warmCat.value),
        warmLongestTurnMs: r1(warmCat.longestMs),
        bytesPerPin: r1(catWire / catPins),
        serverCpuUsPerRequest: r1(cpuCat),
        serverCpuUsAllOn: r1(cpuCat * categories.length),
        afterEditMs: r1(editCat.wallMs),
        afterEditCpuUs: r1(editCat.cpuUs),
      },
      snapshot: {
        requests: 1 + regions.length,
        coldServerAllMs: r1(snapCold.all),
        firstMs: r1(snapFirst),
        allMs: r1(snapAll),
        pinsHeld: snapPins,
        warmMs: r1(warmSnap.value),
        warmLongestTurnMs: r1(warmSnap.longestMs),
        bytesPerPin: r1(snapWire / snapPins),
        serverCpuUsPerRequest: r1(cpuSnap),
        serverCpuUsAllOn: r1(cpuSnap * regions.length),
        afterEditMs: r1(editSnap.wallMs),
        afterEditCpuUs: r1(editSnap.cpuUs),
      },
      warmAfterEdit,
    };
  } finally {
    await t.close();
  }
}

async function million() {
  const pins = realShapedPins(MILLION, 512, 'million');
  const byRegion = new Map<number, WorldPin[]>();
  for (const p of pins) (byRegion.get(p.region) ?? byRegion.set(p.region, []).get(p.region)!).push(p);
  const [region, rp] = [...byRegion].sort((a, b) => b[1].length - a[1].length)[0]!;
  let t0 = performance.now();
  const snapBytes = encodeSnapshot(region, 1, rp);
  const encodeMs = ms(t0);
  const br = brotliCompressSync(snapBytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 10, [zlib.BROTLI_PARAM_LGWIN]: 22 } });
  // Today's lists: every category whole (texts included), as pins-proto encodes them.
  const lists = new Map<number, Uint8Array>();
  const byCat = new Map<number, WorldPin[]>();
  for (const p of pins) (byCat.get(p.categoryId) ?? byCat.set(p.categoryId, []).get(p.categoryId)!).push(p);
  for (const [id, ps] of byCat)
    lists.set(
      id,
      PinList.encode({
        categoryId: id,
        lastEdited: 1,
        pins: ps.map((p) => ({
          id: p.id,
          coordX: p.x,
          coordY: p.y,
          ...(p.z === null ? {} : { coordZ: p.z }),
          description: p.description,
          catNum: id,
          tagIds: [...p.tagIds],
          tags: [],
          region: p.region,
          categoryId: id,
          totalChecks: 0,
        })),
      }).finish(),
    );
  // A sample of the lists compressed as the server does (brotli 9), scaled to all.
  const sample = [...lists.values()].filter((_, i) => i % 16 === 0);
  const sampleRaw = sample.reduce((s, b) => s + b.length, 0);
  const sampleBr = sample.reduce((s, b) => s + brotliCompressSync(b, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }).length, 0);
  const listsRaw = [...lists.values()].reduce((s, b) => s + b.length, 0);
  const snap = createPinsService();
  t0 = performance.now();
  let first = 0;
  const blob = new Blob([snapBytes as Uint8Array<ArrayBuffer>]);
  const loaded = await longestTurn(() => snap.loadSnapshotBytes(region, blob, {}, () => void (first ||= ms(t0))));
  const all = ms(t0);
  const cat = createPinsService();
  const t1 = performance.now();
  let catFirst = 0;
  const catLoaded = await longestTurn(async () => {
    for (const [id, b] of lists) {
      await cat.loadCategoryBytes(id, b.slice().buffer as ArrayBuffer);
      catFirst ||= ms(t1);
    }
  });
  const catAll = ms(t1);
  return {
    world: { pins: pins.length, region, regionPins: rp.length },
    snapshot: {
      encodeMs: r1(encodeMs),
      bytesPerPinBr: r1(br.length / rp.length),
      firstMs: r1(first),
      allMs: r1(all),
      pinsHeld: loaded.value.pins,
      longestTurnMs: r1(loaded.longestMs),
    },
    perCategory: {
      requests: lists.size,
      bytesPerPinBr: r1((listsRaw * sampleBr) / sampleRaw / pins.length),
      firstMs: r1(catFirst),
      allMs: r1(catAll),
      pinsHeld: pins.length,
      longestTurnMs: r1(catLoaded.longestMs),
    },
  };
}

const real = await realShaped();
const m = MILLION > 0 ? await million() : null;
const x = (a: number, b: number) => (b === 0 ? '-' : `×${(a / b).toFixed(2)}`);
console.log(`\nEvery category on: region snapshot vs one request per category (node, loopback, this machine)`);
console.log(
  `Real-shaped world: ${real.world.pins} pins, ${real.world.categories} categories; regions shown with region 0: ${real.world.regionsShown.join(', ')}`,
);
const rows: [string, keyof typeof real.snapshot][] = [
  ['pin requests', 'requests'],
  ['all, server cache cold', 'coldServerAllMs'],
  ['first pins ms', 'firstMs'],
  ['all pins ms', 'allMs'],
  ['pins held', 'pinsHeld'],
  ['warm start ms', 'warmMs'],
  ['warm longest turn ms', 'warmLongestTurnMs'],
  ['bytes a pin (br)', 'bytesPerPin'],
  ['server CPU µs/request', 'serverCpuUsPerRequest'],
  ['server CPU µs, all on', 'serverCpuUsAllOn'],
  ['first after edit ms', 'afterEditMs'],
  ['first after edit CPU µs', 'afterEditCpuUs'],
];
console.log('                         per category     snapshot   snapshot / per category');
for (const [label, k] of rows)
  console.log(
    `${label.padEnd(24)}${String(real.perCategory[k]).padStart(13)}${String(real.snapshot[k]).padStart(13)}   ${x(real.snapshot[k], real.perCategory[k])}`,
  );
console.log(
  `\nWarm start after an edit in another region (kept: regions ${real.world.regionsShown.join(', ')}): per-region versions vs the whole-world version`,
);
const small = (a: number, b: number) => (b === 0 ? '-' : `×${(a / b).toPrecision(2)}`);
console.log(`${''.padEnd(48)} whole world   per region   per region / whole world`);
for (const w of real.warmAfterEdit)
  for (const [k, unit] of [
    ['requests', ''],
    ['bytes', ' B'],
  ] as const)
    console.log(
      `${`${w.label} (region ${w.editedRegion}), ${k}`.padEnd(48)}${`${w.wholeWorld[k]}${unit}`.padStart(11)}${`${w.perRegion[k]}${unit}`.padStart(13)}   ${small(w.perRegion[k], w.wholeWorld[k])}`,
    );
if (m) {
  console.log(`\n1M world (codec + worker, no HTTP): ${m.world.pins} pins; region ${m.world.region} holds ${m.world.regionPins}`);
  console.log(
    `  snapshot: encode ${m.snapshot.encodeMs} ms, ${m.snapshot.bytesPerPinBr} B a pin (br), first block ${m.snapshot.firstMs} ms, all ${m.snapshot.allMs} ms, longest turn ${m.snapshot.longestTurnMs} ms`,
  );
  console.log(
    `  per category (${m.perCategory.requests} lists, every region): ${m.perCategory.bytesPerPinBr} B a pin (br), first ${m.perCategory.firstMs} ms, all ${m.perCategory.allMs} ms, longest turn ${m.perCategory.longestTurnMs} ms`,
  );
  console.log(
    `  bytes a pin ${x(m.snapshot.bytesPerPinBr, m.perCategory.bytesPerPinBr)}, all held ${x(m.snapshot.allMs, m.perCategory.allMs)}`,
  );
}
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
writeFileSync(join(root, 'bench', 'results', 'snapshot.json'), JSON.stringify({ real, million: m }, null, 2));
