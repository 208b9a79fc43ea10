import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../http/errors';
import type { TileScale } from '../../common/regions';
import { encodeWebp, tileExists, type TileRequest } from './render';
import { TileWorkerPool } from './worker-pool';

/** Shown when a /map path names no tile of the region data. */
export const TILE_NOT_FOUND = '지도 타일을 찾을 수 없습니다.';

/** Where a tile came from on its last request. */
export type TileSource = 'tiles-dir' | 'cache' | 'generated';

/** Finds, caches and generates tiles; one per app. */
export class TileService {
  private pool: Promise<TileWorkerPool> | undefined;
  private readonly inflight = new Map<string, Promise<Buffer>>();
  /** Tiles drawn by this service (cache hits and real tiles do not count). */
  renders = 0;

  constructor(
    private readonly tilesDir: string | undefined,
    private readonly cacheDir: string,
    private readonly workers = 2,
  ) {}

  /** The pool starts on the first generated tile, so apps that never draw one pay nothing. */
  private getPool(): Promise<TileWorkerPool> {
    this.pool ??= TileWorkerPool.start(this.workers);
    return this.pool;
  }

  /** True when generation runs on worker threads (false: in-thread fallback or not started). */
  async threaded(): Promise<boolean> {
    return (await this.getPool()).threaded;
  }

  /** The tile's bytes and where they came from; concurrent requests for one tile share one generation. */
  async get(req: TileRequest, rel: string): Promise<{ body: Buffer; source: TileSource }> {
    if (this.tilesDir) {
      const real = await readOrNull(join(this.tilesDir, rel));
      if (real) return { body: real, source: 'tiles-dir' };
    }
    const cached = join(this.cacheDir, rel);
    const hit = await readOrNull(cached);
    if (hit) return { body: hit, source: 'cache' };
    let p = this.inflight.get(rel);
    if (!p) {
      p = this.generate(req, cached).finally(() => this.inflight.delete(rel));
      this.inflight.set(rel, p);
    }
    return { body: await p, source: 'generated' };
  }

  private async generate(req: TileRequest, file: string): Promise<Buffer> {
    const pool = await this.getPool();
    this.renders++;
    const body = await encodeWebp(await pool.draw(req));
    // Write to a temporary name then rename, so a reader never sees half a tile.
    await mkdir(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(tmp, body);
    await rename(tmp, file);
    return body;
  }

  async close(): Promise<void> {
    if (this.pool) await (await this.pool).close();
  }
}

async function readOrNull(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch {
    return null;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    tiles: TileService;
  }
}

const TILE_FILE = /^tile_(-?\d{1,6})_(-?\d{1,6})\.webp$/;
const SUB_FILE = /^sub_([a-z0-9_]{1,64})_(-?\d{1,6})_(-?\d{1,6})\.webp$/;

/** Parses a /map path's parts into a request for an existing tile, or null. */
export function parseTilePath(set: string, scaleText: string, file: string, sub: boolean): TileRequest | null {
  if (!/^(100|50|25)$/.test(scaleText)) return null;
  const scale = Number(scaleText) as TileScale;
  const m = sub ? SUB_FILE.exec(file) : TILE_FILE.exec(file);
  if (!m) return null;
  const req: TileRequest = sub
    ? { set, scale, sub: m[1]!, col: Number(m[2]), row: Number(m[3]) }
    : { set, scale, col: Number(m[1]), row: Number(m[2]) };
  return tileExists(req) ? req : null;
}

/**
 * GET /map/{set}/{scale}/tile_{col}_{row}.webp and /map/{set}/{scale}/sub/sub_{name}_{col}_{row}.webp:
 * real tiles from TILES_DIR win, then the disk cache under DATA_DIR/tiles, else the tile is drawn.
 */
export async function registerTiles(app: FastifyInstance, opts: { workers?: number } = {}): Promise<void> {
  const service = new TileService(app.config.tilesDir, join(app.config.dataDir, 'tiles'), opts.workers ?? 2);
  app.decorate('tiles', service);
  app.addHook('onClose', async () => service.close());

  const serve = async (request: FastifyRequest, reply: FastifyReply, sub: boolean) => {
    const { set, scale, file } = request.params as { set: string; scale: string; file: string };
    const req = parseTilePath(set, scale, file, sub);
    if (!req) throw ApiError.notFound(TILE_NOT_FOUND, `no tile ${request.url}`);
    const rel = join(req.set, String(req.scale), ...(sub ? ['sub'] : []), file);
    const { body, source } = await service.get(req, rel);
    const etag = `"${createHash('sha1').update(body).digest('hex').slice(0, 20)}"`;
    reply
      .header('content-type', 'image/webp')
      .header('cache-control', 'public, max-age=86400')
      .header('etag', etag)
      .header('x-tile-source', source);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.send(body);
  };

  app.get('/map/:set/:scale/:file', (request, reply) => serve(request, reply, false));
  app.get('/map/:set/:scale/sub/:file', (request, reply) => serve(request, reply, true));
  app.get('/map/*', async (request) => {
    throw ApiError.notFound(TILE_NOT_FOUND, `no tile ${request.url}`);
  });
}
