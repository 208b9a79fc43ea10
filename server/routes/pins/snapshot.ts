import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { negotiate } from '@fastify/accept-negotiator';
import { Type, type Static } from 'typebox';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { PROTOBUF_MEDIA_TYPE } from '../../../proto';
import { fail, ok } from '../../http/envelope';
import { Binary, wantsProto } from '../common';
import { EnvelopeSchema, SnapshotVersionSchema } from '../../../common/api';
import { buildRegionSnapshot, parseWorldChange, snapshotVersions, WORLD_CHANNEL, type SnapshotVersions } from '../../repos/pin-snapshot';

/*
 * Issue 21 item 1: every pin of a region in one request; versioned per region, so an edit in one region leaves the
 * others' snapshots (their builds here, their URLs and ETags, the clients' IndexedDB copies) as they were.
 *
 *   GET /v1/pins/snapshot                     { version, regions }: the world's change sequence and every region's
 *                                             version (the seq of its last change; a region absent: 0), no-cache,
 *                                             from memory
 *   GET /v1/pins/snapshot/:region/:version    the region's PinSnapshot (proto/wire.proto), brotli or gzip, immutable
 *                                             with ETag "pins-<region>-<region version>" when :version names it
 *
 * Region versions are values of the world's sequence (migration 021), so a snapshot read at region version R is that
 * of every world version from R until the region next changes: a URL that names a world version in that span (as
 * clients before per-region versions ask) gets the same snapshot, immutable too.
 *
 * Each process keeps the versions in memory from the 'world_changes' NOTIFY, which names the regions each change
 * moved, and one built snapshot per region, kept current eagerly: after a short quiet spell (REBUILD_DEBOUNCE_MS, so
 * an import's burst of statements costs one build) it rebuilds the kept regions whose version moved, and only those,
 * before anyone asks; a server that serves the app prebuilds the regions shown with the default one at start. A
 * request that still finds an older build (it came within the quiet spell) builds it at once (concurrent requests
 * share the build), so it never waits for the timer. Every other request is a lookup: no SQL for a cached hit.
 * Compressed forms are made once per build.
 * A request for an older version gets the current snapshot, no-cache (its body names its version); a newer one than
 * this process has heard of reads the versions once (its NOTIFY is on the way).
 */

/** Korean message of a snapshot request that does not accept protobuf. */
export const SNAPSHOT_PROTO_ONLY = '핀 스냅샷은 protobuf(Accept: application/x-protobuf)로만 받을 수 있습니다.';

const SnapshotParams = Type.Object({
  region: Type.Integer({ minimum: 0, maximum: 1000 }),
  version: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
});

const VersionAnswer = { 200: EnvelopeSchema(SnapshotVersionSchema) };
const Snapshot = {
  200: { content: { [PROTOBUF_MEDIA_TYPE]: { schema: Binary("The region's PinSnapshot (proto/wire.proto), sent as built.") } } },
  304: Type.Null(),
};
const SnapshotSchema = { params: SnapshotParams, response: Snapshot };

/** Regions whose snapshots a process keeps (least recently asked for go first). */
const KEPT_REGIONS = 16;
/** Quiet spell after the last NOTIFY before the kept snapshots are rebuilt (an import sends a burst). */
export const REBUILD_DEBOUNCE_MS = 150;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

interface Built {
  /** The region's version. */
  version: number;
  /** The world's change sequence it was read at: the snapshot is that of every world version from `version` to it. */
  world: number;
  pins: number;
  identity: Buffer;
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
}

/** A process's snapshots and what they cost (counted in tests and the bench). */
export interface SnapshotStats {
  /** Snapshots built (one SQL read and encoding each). */
  builds: number;
  /** Builds by region. */
  regionBuilds: Record<number, number>;
  /** Compressions made (one per build and encoding). */
  compressions: number;
  /** Times the versions were read from the database (start, a gap in LISTEN, every region moved, a client ahead of us). */
  versionReads: number;
  /** Builds started by the change feed or at start, before any request asked (a subset of builds). */
  eagerBuilds: number;
}

const statsOf = new WeakMap<object, SnapshotStats>();
/** The snapshot counters of the app on this database handle (app.db; zeros before the routes are registered). */
export function snapshotStats(db: object): SnapshotStats {
  const s = statsOf.get(db);
  return s
    ? { ...s, regionBuilds: { ...s.regionBuilds } }
    : { builds: 0, regionBuilds: {}, compressions: 0, versionReads: 0, eagerBuilds: 0 };
}

const rebuiltOf = new WeakMap<object, () => Promise<void>>();
/** Resolves once the eager rebuild running now (if any) is done (tests and the bench). */
export function snapshotsRebuilt(db: object): Promise<void> {
  return rebuiltOf.get(db)?.() ?? Promise.resolve();
}

function etagOf(region: number, version: number): string {
  return `"pins-${region}-${version}"`;
}

function brotliOf(b: Built, stats: SnapshotStats): Promise<Buffer> {
  if (!b.br) {
    stats.compressions++;
    b.br = brotli(b.identity, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 10, [zlib.BROTLI_PARAM_LGWIN]: 22, [zlib.BROTLI_PARAM_SIZE_HINT]: b.identity.length },
    });
  }
  return b.br;
}

async function body(b: Built, request: FastifyRequest, stats: SnapshotStats): Promise<{ data: Buffer; encoding?: 'br' | 'gzip' }> {
  const want = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']) as 'br' | 'gzip' | null;
  if (want === 'br') return { data: await brotliOf(b, stats), encoding: 'br' };
  if (want === 'gzip') {
    if (!b.gzip) {
      stats.compressions++;
      b.gzip = gz(b.identity, { level: 9 });
    }
    return { data: await b.gzip, encoding: 'gzip' };
  }
  return { data: b.identity };
}

export async function registerPinSnapshotRoutes(app: FastifyInstance, opts: { prebuild?: readonly number[] } = {}): Promise<void> {
  const stats: SnapshotStats = { builds: 0, regionBuilds: {}, compressions: 0, versionReads: 0, eagerBuilds: 0 };
  statsOf.set(app.db, stats);
  /** The versions as this process knows them: merged from NOTIFYs and reads (a version only moves forward). */
  const known: SnapshotVersions = { world: 0, regions: new Map() };
  /** Whether `known` holds every change up to known.world: not until read, nor after a gap in LISTEN or a NOTIFY of every region. */
  let trusted = false;
  /** Counts the times `known` stopped being trusted: a read begun before one cannot make it trusted again. */
  let untrusts = 0;
  let reading: Promise<SnapshotVersions> | null = null;
  let listening: Promise<unknown> | null = null;
  let stopListening: (() => Promise<void>) | null = null;
  let closing = false;
  let timer: NodeJS.Timeout | null = null;
  /** The eager rebuild running now (awaited on close, so no build reads a closed database). */
  let rebuilding: Promise<void> = Promise.resolve();
  app.addHook('onClose', async () => {
    closing = true;
    if (timer) clearTimeout(timer);
    await stopListening?.().catch(() => undefined);
    await rebuilding;
  });
  const kept = new Map<number, Promise<Built>>();
  rebuiltOf.set(app.db, async () => {
    // Until settled: the chain may have grown while it ran.
    let r: Promise<void>;
    do {
      r = rebuilding;
      await r;
    } while (r !== rebuilding);
  });

  const untrust = () => {
    trusted = false;
    untrusts++;
  };
  const regionVersion = (region: number) => known.regions.get(region) ?? 0;
  /** Reads the versions from the database (concurrent callers share the read) and merges them into `known`. */
  const readVersions = () =>
    (reading ??= (async () => {
      const at = untrusts;
      stats.versionReads++;
      try {
        const v = await snapshotVersions(app.db);
        known.world = Math.max(known.world, v.world);
        for (const [region, seq] of v.regions) known.regions.set(region, Math.max(regionVersion(region), seq));
        if (at === untrusts) trusted = true;
        return known;
      } finally {
        reading = null;
      }
    })());
  const listen = () => {
    listening ??= app.db
      .listen(
        WORLD_CHANNEL,
        (payload) => {
          const change = parseWorldChange(payload);
          if (!change) return;
          known.world = Math.max(known.world, change.seq);
          if (change.regions) for (const region of change.regions) known.regions.set(region, Math.max(regionVersion(region), change.seq));
          // Every region moved: the new versions are read (once) by the rebuild or the next request.
          else untrust();
          scheduleRebuild();
        },
        // Notifications were lost while the connection was down: read the versions again on the next request.
        untrust,
      )
      .then((stop) => void (stopListening = stop))
      .catch(() => {
        listening = null;
        untrust();
      });
    return listening;
  };
  const versions = async (): Promise<SnapshotVersions> => {
    await listen();
    // Not listening (the database was down): every request reads the versions until LISTEN works again.
    return trusted && listening ? known : await readVersions();
  };

  /** The region's snapshot at version `want` or later. */
  const snapshot = async (region: number, want: number): Promise<Built> => {
    const held = kept.get(region);
    if (held) {
      const b = await held.catch(() => null);
      if (b && b.version >= want) {
        kept.delete(region);
        kept.set(region, held);
        return b;
      }
      if (kept.get(region) !== held) return snapshot(region, want);
    }
    const building = buildRegionSnapshot(app.db, region).then((s) => {
      stats.builds++;
      stats.regionBuilds[region] = (stats.regionBuilds[region] ?? 0) + 1;
      const identity = Buffer.from(s.bytes.buffer, s.bytes.byteOffset, s.bytes.byteLength);
      return { version: s.version, world: s.world, pins: s.pins, identity } as Built;
    });
    kept.delete(region);
    kept.set(region, building);
    building.catch(() => {
      if (kept.get(region) === building) kept.delete(region);
    });
    for (const k of kept.keys()) if (kept.size > KEPT_REGIONS) kept.delete(k);
    return building;
  };

  /** Brings the kept regions (or `regions`) whose version moved to it, one build at a time, brotli made too. */
  const rebuild = (regions?: readonly number[]) => {
    rebuilding = rebuilding.then(async () => {
      for (const region of regions ?? [...kept.keys()]) {
        if (closing) return;
        if (!trusted && !(await readVersions().catch(() => null))) return;
        const want = regionVersion(region);
        const held = await kept.get(region)?.catch(() => null);
        if (held && held.version >= want) continue;
        stats.eagerBuilds++;
        const b = await snapshot(region, want).catch(() => null);
        if (b) await brotliOf(b, stats).catch(() => undefined);
      }
    });
    return rebuilding;
  };
  function scheduleRebuild(): void {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void rebuild();
    }, REBUILD_DEBOUNCE_MS);
    timer.unref();
  }
  // A server that serves the app: the regions the map opens on are built before the first player asks.
  if (opts.prebuild?.length) {
    const regions = opts.prebuild;
    app.addHook('onReady', async () => void listen().then(() => rebuild(regions)));
  }

  app.get('/v1/pins/snapshot', { schema: { response: VersionAnswer } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    const v = await versions();
    return ok({ version: v.world, regions: Object.fromEntries(v.regions) });
  });

  app.get('/v1/pins/snapshot/:region/:version', { schema: SnapshotSchema }, async (request, reply: FastifyReply) => {
    const { region, version: asked } = request.params as Static<typeof SnapshotParams>;
    // Binary only: a client that does not ask for it gets the envelope saying so (every /api answer it can read).
    if (!wantsProto(request))
      return reply.status(406).send(fail(406, 'not_acceptable', SNAPSHOT_PROTO_ONLY, 'send Accept: application/x-protobuf'));
    let v = await versions();
    // A client ahead of this process read the versions from another one: its NOTIFY is on the way; read them now.
    if (asked > v.world) v = await readVersions();
    const b = await snapshot(region, regionVersion(region));
    // The world versions this snapshot is that of: up to its read, and up to now while the region has not moved since.
    const until = trusted && b.version === regionVersion(region) ? Math.max(b.world, v.world) : b.world;
    reply.header('vary', 'Accept, Accept-Encoding').header('etag', etagOf(region, b.version));
    reply.header('cache-control', asked >= b.version && asked <= until ? 'public, max-age=31536000, immutable' : 'no-cache');
    const inm = request.headers['if-none-match'];
    if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etagOf(region, b.version))) return reply.status(304).send();
    const { data, encoding } = await body(b, request, stats);
    if (encoding) reply.header('content-encoding', encoding);
    reply.header('x-pin-count', String(b.pins));
    return reply.status(200).header('content-type', PROTOBUF_MEDIA_TYPE).send(data);
  });
}
