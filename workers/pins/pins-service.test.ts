// The worker's API object against the real server (in-memory database, demo seed) over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PinList } from '../../proto';
import { seedIfEmpty, testApp } from '../../tests/support/real-server';
import { generateCategories } from '../../bench/worker/generate-pins';
import { CANCELLED_ERROR_NAME } from './api';
import { createPinsService } from './pins-service';

let server: Awaited<ReturnType<typeof testApp>>;
let apiBase = '';

beforeAll(async () => {
  server = await testApp({ seedPins: 3000 });
  await seedIfEmpty(server.db, server.config);
  apiBase = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => server?.close());

describe('pins service', () => {
  it('loads a category from the real pins-proto route and answers queries over it', async () => {
    const svc = createPinsService();
    const { rows } = await server.db.query<{ n: number }>('select count(*)::int as n from pins where category_id = 1');
    const res = await svc.loadCategory(1, { apiBase, icon: 4 });
    expect(res.categoryId).toBe(1);
    expect(res.count).toBe(rows[0]!.n);
    expect(res.count).toBeGreaterThan(0);
    // The returned bytes are the PinList itself, ready for the local cache.
    expect(PinList.decode(new Uint8Array(await res.bytes.arrayBuffer())).pins).toHaveLength(res.count);
    const b = await svc.getPins();
    expect(b.ids).toHaveLength(res.count);
    const { rows: first } = await server.db.query<{ id: number; x: number; y: number }>(
      'select id, coord_x as x, coord_y as y from pins where category_id = 1 order by id limit 1',
    );
    const p = first[0]!;
    // The database prints the float4 shortest, so the query box allows for float32 rounding.
    expect([...(await svc.queryRect(p.x - 0.01, p.y - 0.01, p.x + 0.01, p.y + 0.01))]).toContain(p.id);
    expect((await svc.getPin(p.id))?.categoryId).toBe(1);
    // A warm start from the same bytes gives the same pins.
    const warm = createPinsService();
    expect(await warm.loadCategoryBytes(1, res.bytes)).toEqual({ count: res.count, lastEdited: res.lastEdited });
  });

  it("rejects an unknown category with the server's Korean message", async () => {
    const svc = createPinsService();
    const err = await svc.loadCategory(987654, { apiBase }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).name).toBe('not_found');
    expect((err as Error).message).toMatch(/[가-힣]/);
  });

  it('rejects malformed cached bytes with a Korean message and keeps what was loaded', async () => {
    const svc = createPinsService();
    const [cat] = generateCategories(50, 1, 'bad');
    await svc.loadCategoryBytes(1, new Uint8Array(cat!.bytes).buffer);
    const err = await svc.loadCategoryBytes(1, new Uint8Array([26, 200, 1, 8]).buffer).catch((e: Error) => e);
    expect((err as Error).name).toBe('decode_failed');
    expect((err as Error).message).toContain('핀 목록을 불러오지 못했습니다.');
    expect((await svc.getPins()).ids).toHaveLength(50);
  });

  it('cancels a long query and a load by request id', async () => {
    const svc = createPinsService();
    for (const c of generateCategories(20_000, 10, 'cancel')) await svc.loadCategoryBytes(c.categoryId, new Uint8Array(c.bytes).buffer);
    const everything = new Float64Array([-1e6, -1e6, 1e6, -1e6, 1e6, 1e6, -1e6, 1e6]);
    const lasso = svc.queryLasso(everything, undefined, 7);
    svc.cancel(7);
    await expect(lasso).rejects.toMatchObject({ name: CANCELLED_ERROR_NAME });
    // Without cancel the same query completes.
    expect(await svc.queryLasso(everything, undefined, 8)).toHaveLength(20_000);
    const fresh = createPinsService();
    const load = fresh.loadCategory(1, { apiBase, requestId: 9 });
    fresh.cancel(9);
    await expect(load).rejects.toMatchObject({ name: CANCELLED_ERROR_NAME });
    expect((await fresh.getPins()).ids).toHaveLength(0);
  });

  it('takes a region snapshot as it streams: every category of the region held, the same pins as the per-category lists', async () => {
    const version = ((await (await fetch(`${apiBase}/api/v1/pins/snapshot`)).json()) as { result: { version: number } }).result.version;
    const svc = createPinsService();
    const progress: number[] = [];
    const snap = await svc.loadSnapshot(0, version, { apiBase }, (p) => void progress.push(p.pins));
    const { rows } = await server.db.query<{ category_id: number; n: number }>(
      'select category_id, count(*)::int as n from pins where region = 0 and not hidden group by category_id order by category_id',
    );
    expect(snap.version).toBe(version);
    expect(snap.categories).toEqual(rows.map((r) => r.category_id));
    expect(snap.counts).toEqual(Object.fromEntries(rows.map((r) => [r.category_id, r.n])));
    expect(progress.length).toBeGreaterThanOrEqual(1);
    // The per-category path gives the same pins (positions, floors, categories) for the region.
    const whole = createPinsService();
    for (const r of rows) await whole.loadCategory(r.category_id, { apiBase });
    const a = await svc.getPins({ region: 0 });
    const b = await whole.getPins({ region: 0 });
    const key = (p: typeof a, i: number) => `${p.ids[i]}:${p.category[i]}:${p.x[i]}:${p.y[i]}:${p.z[i]}:${p.region[i]}:${p.flags[i]}`;
    const sortKeys = (p: typeof a) => Array.from(p.ids, (_, i) => key(p, i)).sort();
    expect(sortKeys(a)).toEqual(sortKeys(b));
    // Turning categories on and off is a filter over held pins: no fetch.
    const one = rows[0]!.category_id;
    expect((await svc.getPins({ region: 0, categories: [one] })).ids).toHaveLength(rows[0]!.n);
    // A warm start from the snapshot's bytes holds the same.
    const warm = createPinsService();
    const again = await warm.loadSnapshotBytes(0, snap.bytes!);
    expect(again.counts).toEqual(snap.counts);
    expect(sortKeys(await warm.getPins({ region: 0 }))).toEqual(sortKeys(a));
    // A category loaded whole afterwards replaces its part, without doubles.
    await svc.loadCategory(one, { apiBase });
    expect((await svc.getPins({ region: 0 })).ids).toHaveLength(a.ids.length);
    // A pin record from the snapshot has no texts but the map's fields.
    const rec = await warm.getPin(a.ids[0]!);
    expect(rec).toMatchObject({ id: a.ids[0], coordX: a.x[0], categoryId: a.category[0] });
  });

  it('answers a pin set asked for while kept snapshots are read with all of their pins, not a part built again later', async () => {
    const version = ((await (await fetch(`${apiBase}/api/v1/pins/snapshot`)).json()) as { result: { version: number } }).result.version;
    const kept = await Promise.all([0, 1].map((r) => createPinsService().loadSnapshot(r, version, { apiBase })));
    const all = kept.reduce((n, k) => n + Object.values(k.counts).reduce((a, b) => a + b, 0), 0);
    expect(all).toBeGreaterThan(0);
    // A warm start: both regions' bytes handed over, and the map asks for its pins as the first progress comes.
    const warm = createPinsService();
    let asked: ReturnType<typeof warm.pinsWithLayout> | undefined;
    const reads = [0, 1].map((r, i) =>
      warm.loadSnapshotBytes(r, kept[i]!.bytes!, {}, () => void (asked ??= warm.pinsWithLayout([{ region: 0 }, { region: 1 }]))),
    );
    // A pin set of a region not being read does not wait for the reads.
    const other = warm.pinsWithLayout([{ region: 2 }]).then(() => 'answered');
    expect(await Promise.race([other, Promise.all(reads).then(() => 'read')])).toBe('answered');
    await Promise.all(reads);
    const answer = await asked!;
    expect(answer?.pins.ids).toHaveLength(all);
    expect(answer?.layout.count).toBe(all);
  });
});
