// Pure tile cover: which tiles of a tile pyramid a viewport needs, at which scale. Works on
// inclusive column/row ranges so callers iterate without allocating one object per tile.
import type { TileScale } from '../../common/regions';

/** A mutable inclusive tile range; empty when minCol > maxCol or minRow > maxRow. */
export interface GridRange {
  minCol: number;
  minRow: number;
  maxCol: number;
  maxRow: number;
}

/** A tile pyramid: the base map of a tile set or one sub-map. */
export interface Pyramid {
  /** Pixels of one tile at scale 100 (= world units it covers at scale 100). */
  readonly blockSize: number;
  /** World point of the top-left corner of tile (0, 0). */
  readonly origin: readonly [number, number];
  /** Where the pyramid has imagery (world units). */
  readonly extent: readonly [number, number, number, number];
}

/** Device pixels per world unit above which scale 100 is used; half of it for scale 50. */
const FULL_SCALE_FROM = 0.6;

/**
 * The tile scale for a zoom: the coarsest scale whose pixels are not magnified by more than
 * about 1.7× on the device (zoom × devicePixelRatio device px per world unit).
 */
export function chooseScale(zoom: number, dpr = 1): TileScale {
  const need = zoom * dpr;
  if (need > FULL_SCALE_FROM) return 100;
  if (need > FULL_SCALE_FROM / 2) return 50;
  return 25;
}

/** World units one tile covers at `scale`. */
export function spanOf(p: Pyramid, scale: TileScale): number {
  return (p.blockSize * 100) / scale;
}

/** An empty range to reuse. */
export function emptyRange(): GridRange {
  return { minCol: 0, minRow: 0, maxCol: -1, maxRow: -1 };
}

export function isEmpty(r: GridRange): boolean {
  return r.minCol > r.maxCol || r.minRow > r.maxRow;
}

export function rangeSize(r: GridRange): number {
  return isEmpty(r) ? 0 : (r.maxCol - r.minCol + 1) * (r.maxRow - r.minRow + 1);
}

/**
 * Writes into `out` the tiles of `p` at `scale` that intersect the world rectangle `rect`
 * ([minX, minY, maxX, maxY], the view grown by its margin), limited to the pyramid's extent.
 */
export function coverRange(p: Pyramid, scale: TileScale, rect: readonly number[], out: GridRange): GridRange {
  const span = spanOf(p, scale);
  const [ox, oy] = p.origin;
  const x0 = Math.max(rect[0]!, p.extent[0]);
  const y0 = Math.max(rect[1]!, p.extent[1]);
  const x1 = Math.min(rect[2]!, p.extent[2]);
  const y1 = Math.min(rect[3]!, p.extent[3]);
  if (x0 >= x1 || y0 >= y1) {
    out.minCol = out.minRow = 0;
    out.maxCol = out.maxRow = -1;
    return out;
  }
  out.minCol = Math.floor((x0 - ox) / span);
  out.minRow = Math.floor((y0 - oy) / span);
  // A rectangle ending exactly on a tile edge does not need the next tile.
  out.maxCol = Math.ceil((x1 - ox) / span) - 1;
  out.maxRow = Math.ceil((y1 - oy) / span) - 1;
  return out;
}

export function sameRange(a: GridRange, b: GridRange): boolean {
  return a.minCol === b.minCol && a.minRow === b.minRow && a.maxCol === b.maxCol && a.maxRow === b.maxRow;
}

export function copyRange(from: GridRange, to: GridRange): GridRange {
  to.minCol = from.minCol;
  to.minRow = from.minRow;
  to.maxCol = from.maxCol;
  to.maxRow = from.maxRow;
  return to;
}

/** The tile at `toScale` containing the top-left corner of tile (col, row) at `fromScale`. */
export function tileAtScale(p: Pyramid, fromScale: TileScale, col: number, row: number, toScale: TileScale): [number, number] {
  const f = spanOf(p, fromScale);
  const t = spanOf(p, toScale);
  // A small inset keeps the corner inside the tile despite float rounding.
  return [Math.floor((col * f + 0.5) / t), Math.floor((row * f + 0.5) / t)];
}
