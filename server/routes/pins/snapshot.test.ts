import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PinSnapshot } from '../../../proto';
import { decodeBlock, SnapshotStreamReader } from '../../../common/pin-snapshot';
import { loadConfig } from '../../config';
import { openDb, type Db } from '../../db';
import { buildApp } from '../../app';
import { seededApp, TEST_DATA_DIR } from '../../test-helper';
import { snapshotVersions } from '../../repos/pin-snapshot';
import { REBUILD_DEBOUNCE_MS, snapshotsRebuilt, snapshotStats } from './snapshot';

const PINS = 3000;
let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp(PINS);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.as(null, { method: 'GET', url, headers: { accept: 'application/x-protobuf', ...headers } });
const currentVersion = async (inject = get) => (await versions(inject)).version;
/** The version call: the world's change sequence and every region's version. */
const versions = async (inject = get) =>
  ((await inject('/api/v1/pins/snapshot')).json() as { result: { version: number; regions: Record<string, number> } }).result;
/** A region's version (absent: 0). */
const regionVersion = async (region: number, inject = get) => (await versions(inject)).regions[region] ?? 0;
/** Some shown pins of a region. */
const pinsIn = async (region: number, n = 1) =>
  (await t.db.query<{ id: number }>('select id from pins where region = $1 and not hidden order by id limit $2', [region, n])).rows.map(
    (r) => r.id,
  );
/** Whether the region's snapshot holds the pin. */
const holds = (payload: Buffer, pin: number) => new SnapshotStreamReader().push(payload).some((b) => b.ids.includes(pin));

/** Waits (bounded) until `fn` holds; the change feed is asynchronous. */
async function until(fn: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The change feed's rebuild has run: its quiet spell passed (the code's own constant), then its builds ended. */
async function settled(): Promise<void> {
  await new Promise((r) => setTimeout(r, REBUILD_DEBOUNCE_MS + 50));
  await snapshotsRebuilt(t.db);
}

describe('GET /v1/pins/snapshot/:region/:version', () => {
  it('holds every shown pin of the region with the fields the map draws, the same as the database', async () => {
    const v = await currentVersion();
    const r = await get(`/api/v1/pins/snapshot/0/${v}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/x-protobuf');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers.etag).toBe(`"pins-0-${v}"`);
    const snap = PinSnapshot.decode(r.rawPayload);
    expect(snap.region).toBe(0);
    expect(snap.version).toBe(v);
    const reader = new SnapshotStreamReader();
    const blocks = [];
    // Streamed in small pieces, as a browser's body arrives: the same blocks as decoding it whole.
    for (let at = 0; at < r.rawPayload.length; at += 1000) blocks.push(...reader.push(r.rawPayload.subarray(at, at + 1000)));
    reader.finish();
    expect(blocks.length).toBe(snap.blocks.length);
    const rows = (
      await t.db.query<{ id: number; category_id: number; coord_x: number; coord_y: number; coord_z: number | null; n: number }>(
        `select p.id, p.category_id, p.coord_x, p.coord_y, p.coord_z, (select count(*)::int from pin_tags where pin_id = p.id) as n
           from pins p where region = 0 and not hidden order by category_id, id`,
      )
    ).rows;
    const got = blocks.flatMap((b) =>
      Array.from(b.ids, (id, i) => ({
        id,
        cat: b.category[i]!,
        x: b.x[i]!,
        y: b.y[i]!,
        z: b.z[i]!,
        n: b.tagStart[i + 1]! - b.tagStart[i]!,
      })),
    );
    expect(got.length).toBe(rows.length);
    rows.forEach((row, i) => {
      expect(got[i]).toMatchObject({
        id: row.id,
        cat: row.category_id,
        x: Math.fround(row.coord_x),
        y: Math.fround(row.coord_y),
        n: row.n,
      });
      if (row.coord_z === null) expect(got[i]!.z).toBeNaN();
      else expect(got[i]!.z).toBe(row.coord_z);
    });
    expect(decodeBlock(PinSnapshot.encode({}).finish()).count).toBe(0);
  });

  it('is compressed once per version to at most 10 bytes a pin, and a cached hit builds nothing', async () => {
    const before = { ...snapshotStats(t.db) };
    const v = await currentVersion();
    const br = await get(`/api/v1/pins/snapshot/1/${v}`, { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await get(`/api/v1/pins/snapshot/1/${v}`, { 'accept-encoding': 'gzip' });
    const plain = await get(`/api/v1/pins/snapshot/1/${v}`);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    const pins = Number(br.headers['x-pin-count']);
    expect(pins).toBeGreaterThan(100);
    expect(br.rawPayload.length / pins).toBeLessThanOrEqual(10);
    if (process.env.SNAPSHOT_TRACE)
      console.log(
        `region 1: ${pins} pins, ${br.rawPayload.length} B br, ${gz.rawPayload.length} B gzip, ${plain.rawPayload.length} B plain`,
      );
    for (let k = 0; k < 5; k++) await get(`/api/v1/pins/snapshot/1/${v}`, { 'accept-encoding': 'br' });
    const after = snapshotStats(t.db);
    // Cached hits read nothing from the database, not even the version (the change feed keeps it).
    expect(after.versionReads).toBe(before.versionReads);
    expect(after.builds - before.builds).toBe(1);
    expect(after.compressions - before.compressions).toBe(2);
    // The revalidation of a cached copy is a 304 without a body.
    const again = await get(`/api/v1/pins/snapshot/1/${v}`, { 'if-none-match': br.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('moves to a new version after an edit (the change feed), rebuilt once; an old URL answers the new pins, not cached', async () => {
    const v = await currentVersion();
    await get(`/api/v1/pins/snapshot/2/${v}`);
    const builds = snapshotStats(t.db).builds;
    const pin = (await t.db.query<{ id: number }>('select id from pins where region = 2 and not hidden order by id limit 1')).rows[0]!;
    await t.db.query('update pins set coord_x = coord_x + 1 where id = $1', [pin.id]);
    await until(async () => (await currentVersion()) > v);
    const v2 = await currentVersion();
    const fresh = await get(`/api/v1/pins/snapshot/2/${v2}`);
    expect(fresh.headers['cache-control']).toContain('immutable');
    const old = await get(`/api/v1/pins/snapshot/2/${v}`);
    expect(old.headers['cache-control']).toBe('no-cache');
    expect(old.rawPayload.equals(fresh.rawPayload)).toBe(true);
    expect(snapshotStats(t.db).builds - builds).toBe(1);
    // A change the map does not draw (a check count) keeps the version.
    await t.db.query('update pins set total_checks = total_checks + 1 where id = $1', [pin.id]);
    await t.db.query('update pins set coord_x = coord_x - 1 where id = $1', [pin.id]);
    await until(async () => (await currentVersion()) === v2 + 1);
  });

  it('is rebuilt by the change feed before anyone asks: the first request after an edit builds nothing', async () => {
    // The rebuild an earlier test's edits set off has run (its quiet spell, then its builds).
    await settled();
    const v = await currentVersion();
    await get(`/api/v1/pins/snapshot/3/${v}`, { 'accept-encoding': 'br' });
    const before = { ...snapshotStats(t.db) };
    const pin = (await t.db.query<{ id: number }>('select id from pins where region = 3 and not hidden order by id limit 1')).rows[0]!;
    // A burst of edits (an import's statements): one rebuild after the quiet spell, not one per NOTIFY.
    for (let k = 0; k < 3; k++) await t.db.query('update pins set coord_y = coord_y + 1 where id = $1', [pin.id]);
    await until(async () => (await currentVersion()) === v + 3);
    await settled();
    const rebuilt = { ...snapshotStats(t.db) };
    expect(rebuilt.eagerBuilds).toBeGreaterThan(before.eagerBuilds);
    const r = await get(`/api/v1/pins/snapshot/3/${v + 3}`, { 'accept-encoding': 'br' });
    expect(r.headers['cache-control']).toContain('immutable');
    expect(PinSnapshot.decode(brotliDecompressSync(r.rawPayload)).version).toBe(v + 3);
    // Served from the prebuilt snapshot and its prebuilt brotli form.
    expect(snapshotStats(t.db).builds).toBe(rebuilt.builds);
    expect(snapshotStats(t.db).compressions).toBe(rebuilt.compressions);
  });

  it('answers a bad region or version with a Korean 400', async () => {
    const r = await get('/api/v1/pins/snapshot/abc/1');
    expect(r.statusCode).toBe(400);
    expect(r.json().error.messageTranslated).toMatch(/[가-힣]/);
    // Without Accept: application/x-protobuf, the envelope says how to ask.
    const json = await t.as(null, { method: 'GET', url: '/api/v1/pins/snapshot/0/1' });
    expect(json.statusCode).toBe(406);
    expect(json.json().error.messageTranslated).toMatch(/protobuf/);
  });
});

describe('versions per region (an edit leaves the other regions as they were)', () => {
  it("the version call names every region with pins; a region's snapshot is at its own version", async () => {
    const v = await versions();
    const withPins = (await t.db.query<{ region: number }>('select distinct region from pins order by region')).rows.map((r) => r.region);
    expect(withPins.length).toBeGreaterThan(2);
    for (const r of withPins) {
      expect(v.regions[r]).toBeGreaterThan(0);
      expect(v.regions[r]).toBeLessThanOrEqual(v.version);
    }
    const r = await get(`/api/v1/pins/snapshot/${withPins[0]}/${v.regions[withPins[0]!]}`);
    expect(r.headers['cache-control']).toContain('immutable');
    expect(r.headers.etag).toBe(`"pins-${withPins[0]}-${v.regions[withPins[0]!]}"`);
    expect(PinSnapshot.decode(r.rawPayload).version).toBe(v.regions[withPins[0]!]);
  });

  it('an edit in region 4 rebuilds region 4 alone: region 5 keeps its build, URL and ETag', async () => {
    await settled();
    const v = await versions();
    const [a, b] = [4, 5];
    const before = {
      a: await get(`/api/v1/pins/snapshot/${a}/${v.regions[a]}`),
      b: await get(`/api/v1/pins/snapshot/${b}/${v.regions[b]}`),
    };
    const stats = snapshotStats(t.db);
    const [pin] = await pinsIn(a);
    await t.db.query('update pins set coord_x = coord_x + 1 where id = $1', [pin]);
    await until(async () => (await regionVersion(a)) > v.regions[a]!);
    await settled();
    const after = await versions();
    expect(after.regions[a]).toBe(after.version);
    expect(after.regions[b]).toBe(v.regions[b]);
    // Every other region keeps its version too.
    for (const [r, seq] of Object.entries(v.regions)) if (Number(r) !== a) expect(after.regions[r]).toBe(seq);
    const rebuilt = snapshotStats(t.db);
    expect(rebuilt.regionBuilds[a]! - (stats.regionBuilds[a] ?? 0)).toBe(1);
    expect(rebuilt.regionBuilds[b]).toBe(stats.regionBuilds[b]);
    expect(rebuilt.builds - stats.builds).toBe(1);
    // Region 5: the same URL, still immutable, the same ETag and bytes, a 304 for the copy a client holds.
    const again = await get(`/api/v1/pins/snapshot/${b}/${v.regions[b]}`);
    expect(again.headers['cache-control']).toContain('immutable');
    expect(again.headers.etag).toBe(before.b.headers.etag);
    expect(again.rawPayload.equals(before.b.rawPayload)).toBe(true);
    expect((await get(`/api/v1/pins/snapshot/${b}/${v.regions[b]}`, { 'if-none-match': before.b.headers.etag as string })).statusCode).toBe(
      304,
    );
    // Region 4: a new URL; its old one answers the new pins, not cached.
    const old = await get(`/api/v1/pins/snapshot/${a}/${v.regions[a]}`);
    expect(old.headers['cache-control']).toBe('no-cache');
    expect(old.headers.etag).toBe(`"pins-${a}-${after.regions[a]}"`);
    expect(old.headers.etag).not.toBe(before.a.headers.etag);
    expect(snapshotStats(t.db).builds).toBe(rebuilt.builds);
  });

  it("a client that asks with the world version (before per-region versions) gets the region's snapshot, immutable", async () => {
    const v = await versions();
    const r = await get(`/api/v1/pins/snapshot/5/${v.version}`);
    expect(r.headers['cache-control']).toContain('immutable');
    expect(r.headers.etag).toBe(`"pins-5-${v.regions[5]}"`);
    expect(PinSnapshot.decode(r.rawPayload).version).toBe(v.regions[5]);
  });

  it('a pin moved from region 6 to region 1 moves both', async () => {
    const v = await versions();
    const [pin] = await pinsIn(6);
    const [there] = await pinsIn(1);
    const at = await t.one<{ x: number; y: number }>('select coord_x as x, coord_y as y from pins where id = $1', [there]);
    const moved = await t.call(1, 'PATCH', `/api/v1/pin/${pin}`, { region: 1, coordX: at.x + 1, coordY: at.y });
    expect(moved.status).toBe(200);
    await until(async () => (await regionVersion(1)) > v.regions[1]! && (await regionVersion(6)) > v.regions[6]!);
    const after = await versions();
    // The move is one change of the world sequence: both regions (and the pin's tags) at its seq.
    expect(after.regions[1]).toBe(after.regions[6]);
    expect(after.version).toBe(v.version + 1);
    expect(after.regions[6]).toBeGreaterThan(v.regions[6]!);
    expect(after.regions[5]).toBe(v.regions[5]);
    expect(holds((await get(`/api/v1/pins/snapshot/6/${after.regions[6]}`)).rawPayload, pin!)).toBe(false);
    expect(holds((await get(`/api/v1/pins/snapshot/1/${after.regions[1]}`)).rawPayload, pin!)).toBe(true);
  });

  it('a pin edit moves the world sequence once at most: never for a text, once for tags, once for position and tags', async () => {
    const [pin] = await pinsIn(3);
    const tags = (await t.db.query<{ id: number }>('select id from tags order by id limit 3')).rows.map((r) => r.id);
    const at = await t.one<{ x: number }>('select coord_x as x from pins where id = $1', [pin]);
    const edits: [string, Record<string, unknown>, number][] = [
      ['a text', { description: '설명만 고침' }, 0],
      ['tags', { tags: [tags[0], tags[1]] }, 1],
      ['the same tags again', { tags: [tags[1], tags[0]], description: '다시 고침' }, 0],
      ['position and tags', { coordX: at.x + 2, tags: [tags[2]] }, 1],
    ];
    // Read from the database, where the edit's transaction left them: the route's answer follows the change feed,
    // which reaches it a moment later on PostgreSQL (a NOTIFY), so a read there right after the edit may miss it.
    const dbVersions = async () => {
      const v = await snapshotVersions(t.db);
      return { version: v.world, regions: Object.fromEntries(v.regions) as Record<number, number> };
    };
    for (const [what, body, bumps] of edits) {
      const before = await dbVersions();
      const r = await t.call(1, 'PATCH', `/api/v1/pin/${pin}`, body);
      expect(r.status, what).toBe(200);
      const after = await dbVersions();
      expect(after.version - before.version, what).toBe(bumps);
      expect(after.regions[3]! - before.regions[3]!, what).toBe(bumps ? after.version - before.regions[3]! : 0);
    }
    // The route has caught up before the next test reads it.
    const last = await dbVersions();
    await until(async () => (await versions()).version === last.version);
  });

  it('a tag deleted and a category merged (as an import does) move every region their pins are in, and no other', async () => {
    // A tag on pins of regions 0 and 1: its delete reaches them through pin_tags.
    const tag = (
      await t.db.query<{ tag_id: number; regions: number[] }>(
        `select pt.tag_id, array_agg(distinct p.region order by p.region) as regions from pin_tags pt join pins p on p.id = pt.pin_id
          group by pt.tag_id having count(distinct p.region) > 1 and not (2 = any(array_agg(p.region))) order by count(*) desc limit 1`,
      )
    ).rows[0];
    expect(tag).toBeDefined();
    let v = await versions();
    await t.db.query('delete from tags where id = $1', [tag!.tag_id]);
    await until(async () => (await versions()).regions[tag!.regions[0]!]! > v.regions[tag!.regions[0]!]!);
    let after = await versions();
    for (const r of tag!.regions) expect(after.regions[r]).toBeGreaterThan(v.regions[r]!);
    expect(after.regions[2]).toBe(v.regions[2]);

    // A category's pins moved to another category in one statement: one world bump, every region of those pins.
    const cat = (
      await t.db.query<{ category_id: number; regions: number[] }>(
        `select category_id, array_agg(distinct region order by region) as regions from pins group by category_id
          having count(distinct region) > 1 order by count(distinct region) limit 1`,
      )
    ).rows[0]!;
    const other = (await t.db.query<{ id: number }>('select id from categories where id <> $1 order by id limit 1', [cat.category_id]))
      .rows[0]!.id;
    const untouched = Object.keys(v.regions)
      .map(Number)
      .filter((r) => !cat.regions.includes(r));
    v = after;
    await t.db.query('update pins set category_id = $2 where category_id = $1', [cat.category_id, other]);
    await until(async () => (await versions()).version > v.version);
    after = await versions();
    expect(after.version).toBe(v.version + 1);
    for (const r of cat.regions) expect(after.regions[r]).toBe(after.version);
    for (const r of untouched) expect(after.regions[r]).toBe(v.regions[r]);
    expect(untouched.length).toBeGreaterThan(0);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a second server process on the same PostgreSQL', () => {
  let db2: Db;
  let app2: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL!;
    db2 = await openDb({ databaseUrl: url });
    const config = loadConfig({ ...process.env, DATABASE_URL: '', DATA_DIR: TEST_DATA_DIR }, { serveClient: false });
    app2 = await buildApp({ config: { ...config, databaseUrl: url }, db: db2, logger: false });
    await app2.ready();
  });
  afterAll(async () => {
    await app2?.close();
    await db2?.close();
  });

  it('hears the new version after an edit made through the first, and serves it', async () => {
    const get2 = (url: string, headers: Record<string, string> = {}) =>
      app2.inject({ method: 'GET', url, headers: { accept: 'application/x-protobuf', ...headers } });
    const v = await currentVersion(get2);
    await get2(`/api/v1/pins/snapshot/0/${v}`);
    const pin = (await t.db.query<{ id: number }>('select id from pins where region = 0 and not hidden order by id limit 1')).rows[0]!;
    const moved = await t.call(1, 'PATCH', `/api/v1/pin/${pin.id}`, {
      coordX: 1 + (await t.one<{ x: number }>('select coord_x as x from pins where id = $1', [pin.id])).x,
    });
    expect(moved.status).toBe(200);
    const reads = snapshotStats(db2).versionReads;
    await until(async () => (await currentVersion(get2)) > v);
    // Heard over LISTEN/NOTIFY, not read per request.
    expect(snapshotStats(db2).versionReads).toBe(reads);
    const v2 = await currentVersion(get2);
    const r = await get2(`/api/v1/pins/snapshot/0/${v2}`);
    const snap = PinSnapshot.decode(r.rawPayload);
    expect(snap.version).toBe(v2);
    const x = await t.one<{ x: number }>('select coord_x as x from pins where id = $1', [pin.id]);
    const reader = new SnapshotStreamReader();
    const b = reader.push(r.rawPayload).find((b) => b.ids.includes(pin.id))!;
    expect(b.x[b.ids.indexOf(pin.id)]).toBe(Math.fround(x.x));
  });

  it('an edit through the first rebuilds, in the second, only the region it was in', async () => {
    const get2 = (url: string) =>
      app2.inject({ method: 'GET', url, headers: { accept: 'application/x-protobuf', 'accept-encoding': 'br' } });
    // The rebuild the last test's edit set off has run (its quiet spell, then its builds).
    await new Promise((r) => setTimeout(r, REBUILD_DEBOUNCE_MS + 50));
    await snapshotsRebuilt(db2);
    const v = await versions(get2);
    // The second process keeps regions 0, 2 and 5.
    const kept = [0, 2, 5];
    const before = new Map<number, string>();
    for (const r of kept) before.set(r, (await get2(`/api/v1/pins/snapshot/${r}/${v.regions[r]}`)).headers.etag as string);
    const stats = snapshotStats(db2);
    const [pin] = await pinsIn(2);
    const at = await t.one<{ x: number }>('select coord_x as x from pins where id = $1', [pin]);
    expect((await t.call(1, 'PATCH', `/api/v1/pin/${pin}`, { coordX: at.x + 1 })).status).toBe(200);
    await until(async () => (await regionVersion(2, get2)) > v.regions[2]!);
    // Its quiet spell, then its builds.
    await until(async () => snapshotStats(db2).eagerBuilds > stats.eagerBuilds);
    await snapshotsRebuilt(db2);
    const after = snapshotStats(db2);
    expect(after.regionBuilds[2]! - (stats.regionBuilds[2] ?? 0)).toBe(1);
    expect(after.regionBuilds[0]).toBe(stats.regionBuilds[0]);
    expect(after.regionBuilds[5]).toBe(stats.regionBuilds[5]);
    expect(after.builds - stats.builds).toBe(1);
    // Heard over LISTEN/NOTIFY, not read.
    expect(after.versionReads).toBe(stats.versionReads);
    const v2 = await versions(get2);
    for (const r of [0, 5]) {
      expect(v2.regions[r]).toBe(v.regions[r]);
      expect((await get2(`/api/v1/pins/snapshot/${r}/${v.regions[r]}`)).headers.etag).toBe(before.get(r));
    }
    const r2 = await get2(`/api/v1/pins/snapshot/2/${v2.regions[2]}`);
    expect(r2.headers.etag).not.toBe(before.get(2));
    expect(snapshotStats(db2).builds).toBe(after.builds);
  });
});
