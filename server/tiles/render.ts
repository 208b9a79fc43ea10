import sharp from 'sharp';
import { baseTileRange, inRange, SUB_BLOCK_SIZE, TILE_SCALES, tileSetByName, subTileRange, type TileScale } from '../../common/regions';
import { renderBaseTile } from './base-render';
import { renderSubTile } from './sub-render';

/** One tile to draw: a base tile (`sub` undefined) or a sub-map tile. */
export interface TileRequest {
  readonly set: string;
  readonly scale: TileScale;
  readonly col: number;
  readonly row: number;
  readonly sub?: string;
}

/** A rendered tile: RGBA pixels, size×size. */
export interface RgbaTile {
  readonly size: number;
  readonly data: Uint8ClampedArray;
  /** Base tiles are opaque and encode without alpha. */
  readonly opaque: boolean;
}

/** Whether a request names a tile that exists in the region data (set, scale, sub-map, indices). */
export function tileExists(req: TileRequest): boolean {
  const info = tileSetByName(req.set);
  if (!info || !TILE_SCALES.includes(req.scale)) return false;
  if (!Number.isSafeInteger(req.col) || !Number.isSafeInteger(req.row)) return false;
  if (req.sub === undefined) return inRange(baseTileRange(info, req.scale), req.col, req.row);
  const sub = info.subs.find((s) => s.name === req.sub);
  return !!sub && inRange(subTileRange(sub, req.scale), req.col, req.row);
}

/** Draws a tile's pixels (throws RangeError for a tile that does not exist). */
export function renderTileRgba(req: TileRequest): RgbaTile {
  if (!tileExists(req)) throw new RangeError(`no such tile ${JSON.stringify(req)}`);
  const info = tileSetByName(req.set)!;
  if (req.sub === undefined) {
    return { size: info.blockSize, data: renderBaseTile(req.set, info.blockSize, req.scale, req.col, req.row), opaque: true };
  }
  const sub = info.subs.find((s) => s.name === req.sub)!;
  return { size: SUB_BLOCK_SIZE, data: renderSubTile(req.set, sub, req.scale, req.col, req.row), opaque: false };
}

/** WebP quality and effort: effort 0 keeps first-request generation fast. */
export const WEBP_OPTIONS = { quality: 80, effort: 0, alphaQuality: 90 } as const;

/** Encodes rendered pixels as WebP. */
export async function encodeWebp(tile: RgbaTile): Promise<Buffer> {
  const img = sharp(Buffer.from(tile.data.buffer, tile.data.byteOffset, tile.data.byteLength), {
    raw: { width: tile.size, height: tile.size, channels: 4 },
  });
  return (tile.opaque ? img.removeAlpha() : img).webp(WEBP_OPTIONS).toBuffer();
}

/** Renders and encodes one tile. */
export async function renderTile(req: TileRequest): Promise<Buffer> {
  return encodeWebp(renderTileRgba(req));
}
