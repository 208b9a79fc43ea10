/** World (map) coordinates: one unit is one pixel of a scale-100 tile. */
export type WorldPoint = { readonly x: number; readonly y: number } & { readonly __brand?: 'world' };

/** [minX, minY, maxX, maxY] in world units (multiples of the 256-unit grid). */
export type Extent = readonly [number, number, number, number];

/** The tile scale folders: 100 is full resolution, 50 is half, 25 a quarter. */
export type TileScale = 100 | 50 | 25;

/** One image tile layer: `${path}${col}_${row}${suffix}` at one scale folder. */
export interface TilePart {
  readonly name: string;
  readonly scale: TileScale;
  /** Path prefix, e.g. `/map/huanglong/100/tile_`. */
  readonly path: string;
  readonly suffix: '.webp';
}

/** A sub-map (overlay area: cave, interior, tower floor) drawn over the base map. */
export interface SubMap {
  /** ASCII slug used in tile paths (`sub_{name}_`). */
  readonly name: string;
  /** Korean display name. */
  readonly label: string;
  /** Floor or layer index; negative is underground. */
  readonly depth: number;
  /** Tile block size in pixels at scale 100 (always 512 for sub-maps). */
  readonly blockSize: 512;
  /** Where the sub-map is drawn, in world units. */
  readonly extent: Extent;
  /** World coordinate of the top-left corner of sub tile (0, 0). */
  readonly origin: readonly [number, number];
  readonly parts: readonly TilePart[];
}

/**
 * Affine transform from the desktop tracker's game coordinates (x, y) to world units:
 * mapX = a·x + b·y + c, mapY = d·x + e·y + f.
 */
export interface GameTransform {
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly d: number;
  readonly e: number;
  readonly f: number;
}

/** The info block of a tile set (shared by regions that share the tile set). */
export interface RegionInfoBlock {
  readonly id: number;
  /** Tile set name: the `{region}` folder under `/map/`. */
  readonly name: string;
  readonly weight: number;
  /** Tile size in pixels; a scale-100 tile covers blockSize world units. */
  readonly blockSize: 512 | 1024;
  readonly extent: Extent;
  /** How far (world units) the camera may move beyond the extent. */
  readonly padding: number;
  readonly centerX: number;
  readonly centerY: number;
  /** Initial zoom as a power of two: zoom = 2^(level − 3). */
  readonly level: number;
  /** Floor of the base map itself (sub-maps have their own depth). */
  readonly floor: number;
  readonly parts: readonly TilePart[];
  readonly subs: readonly SubMap[];
}

/** The per-region block: the region's own name and centre within its tile set. */
export interface RegionInfo {
  readonly name: string;
  readonly centerX: number;
  readonly centerY: number;
}

export interface Region {
  readonly id: number;
  readonly name: string;
  /** Korean display name. */
  readonly label: string;
  readonly info: RegionInfoBlock;
  readonly regionInfo: RegionInfo;
  /** The part of the tile set that belongs to this region (world units). */
  readonly bounds: Extent;
  /** Tracker game coordinates → world units. */
  readonly game: GameTransform;
  /** The game-coordinate box in which a tracker position belongs to this region. */
  readonly gameBounds: Extent;
}
