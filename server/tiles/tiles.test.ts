import { mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { baseTileRange, subTileRange, TILE_SETS, tilePath, type TileRange, type TilePart } from '../../common/regions';
import { testApp } from '../test-helper';
import { isLand, terrainAt } from './terrain';
import { renderTile } from './render';

function corners(r: TileRange): [number, number][] {
  const list: [number, number][] = [
    [r.minCol, r.minRow],
    [r.maxCol, r.minRow],
    [r.minCol, r.maxRow],
    [r.maxCol, r.maxRow],
  ];
  return [...new Map(list.map((c) => [c.join(','), c])).values()];
}

async function expectTile(app: FastifyInstance, url: string, size: number) {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  const meta = await sharp(res.rawPayload).metadata();
  expect(meta.format).toBe('webp');
  expect([meta.width, meta.height]).toEqual([size, size]);
  return res;
}

async function expect404(app: FastifyInstance, url: string) {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(404);
  expect(res.json()).toMatchObject({
    status: 404,
    result: null,
    error: { errClazz: 'not_found', messageTranslated: '지도 타일을 찾을 수 없습니다.' },
  });
}

describe('tile server', () => {
  let ctx: Awaited<ReturnType<typeof testApp>>;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'wuwa-tiles-'));
    ctx = await testApp({ dataDir });
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('draws tiles on worker threads (TS workers start under vitest)', async () => {
    expect(await ctx.app.tiles.threaded()).toBe(true);
  });

  // Every part path resolves to a tile the server can serve: corners of each range, and one past it is 404.
  describe.each(TILE_SETS.map((s) => [s.name, s] as const))('%s', (_name, info) => {
    it('serves the corner tiles of every base part and 404s one past the range', async () => {
      for (const part of info.parts as TilePart[]) {
        const r = baseTileRange(info, part.scale);
        for (const [c, w] of corners(r)) await expectTile(ctx.app, tilePath(part, c, w), info.blockSize);
        await expect404(ctx.app, tilePath(part, r.maxCol + 1, r.minRow));
        await expect404(ctx.app, tilePath(part, r.minCol, r.minRow - 1));
      }
    });

    it('serves the corner tiles of every sub-map part and 404s one past the range', async () => {
      for (const sub of info.subs) {
        for (const part of sub.parts) {
          const r = subTileRange(sub, part.scale);
          for (const [c, w] of corners(r)) await expectTile(ctx.app, tilePath(part, c, w), 512);
          await expect404(ctx.app, tilePath(part, r.minCol, r.maxRow + 1));
          await expect404(ctx.app, tilePath(part, -1, 0));
        }
      }
    });
  });

  it('answers 404 with the envelope for bad sets, scales, names and files', async () => {
    for (const url of [
      '/map/atlantis/100/tile_0_0.webp',
      '/map/huanglong/75/tile_0_0.webp',
      '/map/huanglong/100/tile_0_0.png',
      '/map/huanglong/100/tile_a_0.webp',
      '/map/huanglong/100/sub/sub_nowhere_0_0.webp',
      '/map/huanglong/100/sub/sub_jinzhou_tower_0_0.png',
      '/map/huanglong/100/tile_0_0.webp/extra',
      '/map/huanglong',
      '/map/huanglong/100/..%2F..%2Fetc%2Fpasswd',
      '/map/blackshores/100/sub/sub_jinzhou_tower_0_0.webp',
    ]) {
      await expect404(ctx.app, url);
    }
  });

  it('sends cache headers and an ETag, and 304 for a matching If-None-Match', async () => {
    const res = await expectTile(ctx.app, '/map/vaultbase/50/tile_0_0.webp', 512);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const again = await ctx.app.inject({ method: 'GET', url: '/map/vaultbase/50/tile_0_0.webp', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('generates once, then serves the disk cache (and dedupes concurrent requests)', async () => {
    const url = '/map/avinullin/100/tile_1_1.webp';
    const before = ctx.app.tiles.renders;
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => ctx.app.inject({ method: 'GET', url })));
    expect(ctx.app.tiles.renders - before).toBe(1);
    expect(a!.rawPayload.equals(b!.rawPayload) && b!.rawPayload.equals(c!.rawPayload)).toBe(true);
    const d = await ctx.app.inject({ method: 'GET', url });
    expect(d.headers['x-tile-source']).toBe('cache');
    expect(ctx.app.tiles.renders - before).toBe(1);
    expect(d.rawPayload.equals(a!.rawPayload)).toBe(true);
    // The cache folder mirrors the URL layout and holds no temporary files.
    const files = readdirSync(join(dataDir, 'tiles', 'avinullin', '100'));
    expect(files).toContain('tile_1_1.webp');
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('is deterministic: the same tile drawn twice has the same bytes', async () => {
    const req = { set: 'huanglong', scale: 25 as const, col: 0, row: 0 };
    const [a, b] = [await renderTile(req), await renderTile(req)];
    expect(a.equals(b)).toBe(true);
    const sub = { set: 'blackshores', scale: 100 as const, col: 0, row: 0, sub: 'tethys_deep' };
    expect((await renderTile(sub)).equals(await renderTile(sub))).toBe(true);
  });
});

describe('TILES_DIR', () => {
  it('serves real tiles dropped in the same layout instead of drawing them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wuwa-real-tiles-'));
    const dataDir = mkdtempSync(join(tmpdir(), 'wuwa-tiles-'));
    const real = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#ff0000' } })
      .webp()
      .toBuffer();
    mkdirSync(join(dir, 'huanglong', '100', 'sub'), { recursive: true });
    writeFileSync(join(dir, 'huanglong', '100', 'tile_0_0.webp'), real);
    const ctx = await testApp({ tilesDir: dir, dataDir });
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/map/huanglong/100/tile_0_0.webp' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-tile-source']).toBe('tiles-dir');
      expect(res.rawPayload.equals(real)).toBe(true);
      expect(ctx.app.tiles.renders).toBe(0);
      // A tile missing from the folder is still drawn.
      const other = await ctx.app.inject({ method: 'GET', url: '/map/huanglong/100/tile_1_0.webp' });
      expect(other.statusCode).toBe(200);
      expect(other.headers['x-tile-source']).toBe('generated');
    } finally {
      await ctx.close();
      rmSync(dir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('terrain', () => {
  it('puts the region centres on land and the open sea in water', () => {
    expect(isLand('huanglong', -487, 1005)).toBe(true);
    expect(isLand('huanglong', 7240, 5810)).toBe(true);
    expect(isLand('huanglong', 12000, 11600)).toBe(true);
    expect(isLand('huanglong', -5800, 13600)).toBe(false);
    expect(isLand('huanglong', 14800, 3000)).toBe(false);
    expect(isLand('vaultbase', 2200, 190)).toBe(true);
    expect(terrainAt('deepocean', 0, 0).height).toBeLessThan(0.5);
  });

  it('has land in every tile set, and much more sea in deepocean than in huanglong', () => {
    const share = (set: string) => {
      const info = TILE_SETS.find((s) => s.name === set)!;
      const [x0, y0, x1, y1] = info.extent;
      let land = 0;
      for (let i = 0; i < 40; i++)
        for (let j = 0; j < 40; j++) if (isLand(set, x0 + ((x1 - x0) * (i + 0.5)) / 40, y0 + ((y1 - y0) * (j + 0.5)) / 40)) land++;
      return land / 1600;
    };
    const s = Object.fromEntries(TILE_SETS.map((t) => [t.name, share(t.name)]));
    for (const v of Object.values(s)) expect(v).toBeGreaterThan(0.02);
    expect(s.deepocean!).toBeLessThan(s.huanglong! / 3);
    expect(s.vaultbase!).toBeGreaterThan(0.9);
  });
});
