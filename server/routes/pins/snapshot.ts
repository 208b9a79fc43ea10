import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { negotiate } from '@fastify/accept-negotiator';
import { Type, type Static } from 'typebox';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { PROTOBUF_MEDIA_TYPE } from '../../../proto';
import { fail, ok } from '../../http/envelope';
import { Binary, wantsProto } from '../common';
import { EnvelopeSchema, SnapshotVersionSchema } from '../../../common/api';
import { buildRegionSnapshot, WORLD_CHANNEL, worldVersion } from '../../repos/pin-snapshot';

/*
 * Issue 21 item 1: every pin of a region in one request.
 *
 *   GET /v1/pins/snapshot                     { version }: the world's change sequence (no-cache; from memory)
 *   GET /v1/pins/snapshot/:region/:version    the region's PinSnapshot (proto/wire.proto), brotli or gzip,
 *                                             immutable with ETag "pins-<region>-<version>" when it is that version
 *
 * Each process keeps the current version in memory from the 'world_changes' NOTIFY (migration 018) and one built
 * snapshot per region, kept current eagerly: a NOTIFY that moves the version rebuilds every kept region (and its
 * brotli form) after a short quiet spell (REBUILD_DEBOUNCE_MS, so an import's burst of statements costs one build),
 * before anyone asks; a server that serves the app prebuilds the regions shown with the default one at start. A
 * request that still finds an older build (it came within the quiet spell) builds it at once (concurrent requests
 * share the build), so it never waits for the timer. Every other request is a lookup: no SQL for a cached hit.
 * Compressed forms are made once per build.
 * A request for an older version gets the current snapshot, no-cache (its body names its version); a newer one than
 * this process has heard of reads the sequence once (its NOTIFY is on the way).
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
  version: number;
  pins: number;
  identity: Buffer;
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
}

/** A process's snapshots and what they cost (counted in tests and the bench). */
export interface SnapshotStats {
  /** Snapshots built (one SQL read and encoding each). */
  builds: number;
  /** Compressions made (one per build and encoding). */
  compressions: number;
  /** Times the world version was read from the database (start, a gap in LISTEN, a client ahead of us). */
  versionReads: number;
  /** Builds started by the change feed or at start, before any request asked (a subset of builds). */
  eagerBuilds: number;
}

const statsOf = new WeakMap<object, SnapshotStats>();
/** The snapshot counters of the app on this database handle (app.db; zeros before the routes are registered). */
export function snapshotStats(db: object): SnapshotStats {
  return statsOf.get(db) ?? { builds: 0, compressions: 0, versionReads: 0, eagerBuilds: 0 };
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
  const stats: SnapshotStats = { builds: 0, compressions: 0, versionReads: 0, eagerBuilds: 0 };
  statsOf.set(app.db, stats);
  /** The current world version as this process knows it; null until heard (or after a gap in LISTEN). */
  let current: number | null = null;
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

  const readVersion = async () => {
    stats.versionReads++;
    const v = await worldVersion(app.db);
    current = Math.max(current ?? 0, v);
    return current;
  };
  const listen = () => {
    listening ??= app.db
      .listen(
        WORLD_CHANNEL,
        (payload) => {
          const v = Number(payload);
          if (!Number.isFinite(v)) return;
          current = Math.max(current ?? 0, v);
          scheduleRebuild();
        },
        // Notifications were lost while the connection was down: read the sequence again on the next request.
        () => void (current = null),
      )
      .then((stop) => void (stopListening = stop))
      .catch(() => {
        listening = null;
        current = null;
      });
    return listening;
  };
  const version = async () => {
    await listen();
    // Not listening (the database was down): every request reads the sequence until LISTEN works again.
    return current ?? (await readVersion());
  };

  /** The region's snapshot at `want` or later. */
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
      current = Math.max(current ?? 0, s.version);
      return { version: s.version, pins: s.pins, identity: Buffer.from(s.bytes.buffer, s.bytes.byteOffset, s.bytes.byteLength) } as Built;
    });
    kept.delete(region);
    kept.set(region, building);
    building.catch(() => {
      if (kept.get(region) === building) kept.delete(region);
    });
    for (const k of kept.keys()) if (kept.size > KEPT_REGIONS) kept.delete(k);
    return building;
  };

  /** Brings every kept region (or `regions`) to the current version, one build at a time, brotli made too. */
  const rebuild = (regions?: readonly number[]) => {
    rebuilding = rebuilding.then(async () => {
      for (const region of regions ?? [...kept.keys()]) {
        if (closing) return;
        const want = current ?? (await readVersion().catch(() => null));
        if (want === null) return;
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
    return ok({ version: await version() });
  });

  app.get('/v1/pins/snapshot/:region/:version', { schema: SnapshotSchema }, async (request, reply: FastifyReply) => {
    const { region, version: asked } = request.params as Static<typeof SnapshotParams>;
    // Binary only: a client that does not ask for it gets the envelope saying so (every /api answer it can read).
    if (!wantsProto(request))
      return reply.status(406).send(fail(406, 'not_acceptable', SNAPSHOT_PROTO_ONLY, 'send Accept: application/x-protobuf'));
    let now = await version();
    // A client ahead of this process read the version from another one: its NOTIFY is on the way; read it now.
    if (asked > now) now = await readVersion();
    const b = await snapshot(region, now);
    reply.header('vary', 'Accept, Accept-Encoding').header('etag', etagOf(region, b.version));
    reply.header('cache-control', b.version === asked ? 'public, max-age=31536000, immutable' : 'no-cache');
    const inm = request.headers['if-none-match'];
    if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etagOf(region, b.version))) return reply.status(304).send();
    const { data, encoding } = await body(b, request, stats);
    if (encoding) reply.header('content-encoding', encoding);
    reply.header('x-pin-count', String(b.pins));
    return reply.status(200).header('content-type', PROTOBUF_MEDIA_TYPE).send(data);
  });
}
