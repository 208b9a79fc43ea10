import type { Extent, GameTransform, Region, RegionInfoBlock, SubMap, TilePart, TileScale } from './types';
import { SUB_BLOCK_SIZE } from './regions';
import { REGIONS, TILE_SETS } from './world';

/** World units covered by one tile of `blockSize` pixels at `scale`. */
export function tileSpan(blockSize: number, scale: TileScale): number {
  return (blockSize * 100) / scale;
}

/** Inclusive range of tile columns and rows. */
export interface TileRange {
  readonly minCol: number;
  readonly minRow: number;
  readonly maxCol: number;
  readonly maxRow: number;
}

/** The base-map tiles of a tile set at one scale (indices are absolute: col = ⌊x / span⌋). */
export function baseTileRange(info: RegionInfoBlock, scale: TileScale): TileRange {
  const span = tileSpan(info.blockSize, scale);
  const [x0, y0, x1, y1] = info.extent;
  return {
    minCol: Math.floor(x0 / span),
    minRow: Math.floor(y0 / span),
    maxCol: Math.ceil(x1 / span) - 1,
    maxRow: Math.ceil(y1 / span) - 1,
  };
}

/** The tiles of a sub-map at one scale (indices relative to its origin). */
export function subTileRange(sub: SubMap, scale: TileScale): TileRange {
  const span = tileSpan(SUB_BLOCK_SIZE, scale);
  const [x0, y0, x1, y1] = sub.extent;
  const [ox, oy] = sub.origin;
  return {
    minCol: Math.floor((x0 - ox) / span),
    minRow: Math.floor((y0 - oy) / span),
    maxCol: Math.ceil((x1 - ox) / span) - 1,
    maxRow: Math.ceil((y1 - oy) / span) - 1,
  };
}

/** The URL path of one tile of a part. */
export function tilePath(part: TilePart, col: number, row: number): string {
  return `${part.path}${col}_${row}${part.suffix}`;
}

export function inRange(r: TileRange, col: number, row: number): boolean {
  return col >= r.minCol && col <= r.maxCol && row >= r.minRow && row <= r.maxRow;
}

export function extentContains(e: Extent, x: number, y: number): boolean {
  return x >= e[0] && x <= e[2] && y >= e[1] && y <= e[3];
}

export function isKnownRegion(id: unknown): id is number {
  return typeof id === 'number' && Number.isInteger(id) && id >= 0 && REGIONS[id] !== undefined;
}

export function regionById(id: number): Region {
  const r = REGIONS[id];
  if (!r) throw new RangeError(`unknown region ${id}`);
  return r;
}

export function tileSetByName(name: string): RegionInfoBlock | undefined {
  return TILE_SETS.find((t) => t.name === name);
}

/** Regions drawn on the same tile set as `regionId` (0, 2 and 6 share huanglong). */
export function regionsSharingTileSet(regionId: number): Region[] {
  const set = regionById(regionId).info.name;
  return REGIONS.filter((r) => r.info.name === set);
}

/** The region whose share of its tile set contains a world point, among those sharing `regionId`'s set. */
export function regionAtWorld(regionId: number, x: number, y: number): Region {
  return regionsSharingTileSet(regionId).find((r) => extentContains(r.bounds, x, y)) ?? regionById(regionId);
}

export function gameToWorld(t: GameTransform, gx: number, gy: number): { x: number; y: number } {
  return { x: t.a * gx + t.b * gy + t.c, y: t.d * gx + t.e * gy + t.f };
}

export function worldToGame(t: GameTransform, x: number, y: number): { x: number; y: number } {
  const det = t.a * t.e - t.b * t.d;
  const dx = x - t.c;
  const dy = y - t.f;
  return { x: (t.e * dx - t.b * dy) / det, y: (t.a * dy - t.d * dx) / det };
}

/**
 * The region a tracker position (game coordinates) belongs to: the current region when
 * it still contains the position, otherwise the first region whose game box does.
 */
export function locateRegion(gx: number, gy: number, currentRegionId?: number): Region | undefined {
  if (currentRegionId !== undefined && isKnownRegion(currentRegionId)) {
    const current = regionById(currentRegionId);
    if (extentContains(current.gameBounds, gx, gy)) return current;
  }
  return REGIONS.filter(Boolean).find((r) => extentContains(r.gameBounds, gx, gy));
}
