import type { Extent, GameTransform, Region, RegionInfoBlock, SubMap, TilePart } from './types';
import { SEED_REGIONS, SEED_TILE_SETS, SUB_BLOCK_SIZE } from './regions';

/*
 * The world registry: the regions (maps) and their floor areas as data. The server fills it from the
 * database at start and after an import or an admin edit (server/world/world.ts); the client fills it
 * from GET /api/v1/world before the map renders (src/data/world.ts). Until then it holds the seed
 * (regions.ts), which is what migration 014 writes, so a fresh world reads the same either way.
 *
 * REGIONS and TILE_SETS are filled in place, so every `import { REGIONS }` sees the current world.
 * REGIONS is indexed by region id (a region the database does not have is a hole).
 */

/** A floor area as the API and the import carry it (a SubMap with its identity). */
export interface WorldFloorArea {
  readonly id: number;
  readonly key: string | null;
  /** ASCII slug used in tile paths (`sub_{name}_`), unique within its tile set. */
  readonly name: string;
  readonly label: string;
  readonly depth: number;
  readonly extent: Extent;
  readonly origin: readonly [number, number];
  readonly parts: readonly TilePart[];
}

/** The tile-set block of a region (the first region of a tile set, by id, speaks for the set). */
export interface WorldTileSet {
  readonly name: string;
  readonly blockSize: 512 | 1024;
  readonly extent: Extent;
  readonly padding: number;
  /** The region's own default camera centre. */
  readonly centerX: number;
  readonly centerY: number;
  readonly level: number;
  readonly floor: number;
  readonly parts: readonly TilePart[];
}

/** A region as GET /api/v1/world serves it. */
export interface WorldRegion {
  readonly id: number;
  readonly key: string | null;
  readonly name: string;
  readonly label: string;
  readonly tileSet: WorldTileSet;
  readonly bounds: Extent;
  readonly game: GameTransform;
  readonly gameBounds: Extent;
  readonly floorAreas: readonly WorldFloorArea[];
  /** Depths that hold pins of this region but no floor area of its tile set (an import's bare `floor`): still offered. */
  readonly pinFloors?: readonly number[];
}

export interface World {
  readonly regions: readonly WorldRegion[];
}

const WEIGHT = 2.41;

/** The current regions, indexed by id. */
export const REGIONS: readonly Region[] = [];
/** The current tile sets (one per `/map/{name}/` folder). */
export const TILE_SETS: readonly RegionInfoBlock[] = [];
const areasById = new Map<number, WorldFloorArea & { readonly regionId: number }>();
const pinFloorsBySet = new Map<string, number[]>();
let version = 0;
let current: World = { regions: [] };

/** The world the registry holds, in the API's shape. */
export function currentWorld(): World {
  return current;
}

/** Bumped at every setWorld (React lists that read REGIONS may key on it). */
export function worldVersion(): number {
  return version;
}

/** Builds the registry's regions and tile sets from world data (regions sorted by id). */
export function buildWorld(world: World): { regions: Region[]; tileSets: RegionInfoBlock[] } {
  const sorted = [...world.regions].sort((a, b) => a.id - b.id);
  const sets = new Map<string, RegionInfoBlock>();
  // A tile set draws the floor areas of every region on it, in floor-area id order.
  const areasOf = new Map<string, WorldFloorArea[]>();
  for (const r of sorted) areasOf.set(r.tileSet.name, [...(areasOf.get(r.tileSet.name) ?? []), ...r.floorAreas]);
  const subsOf = new Map<string, SubMap[]>();
  for (const [set, areas] of areasOf)
    subsOf.set(
      set,
      areas
        .sort((x, y) => x.id - y.id)
        .map((a) => ({
          name: a.name,
          label: a.label,
          depth: a.depth,
          blockSize: SUB_BLOCK_SIZE,
          extent: a.extent,
          origin: a.origin,
          parts: a.parts,
        })),
    );
  for (const r of sorted) {
    const t = r.tileSet;
    if (sets.has(t.name)) continue;
    sets.set(t.name, {
      id: r.id,
      name: t.name,
      weight: WEIGHT,
      blockSize: t.blockSize,
      extent: t.extent,
      padding: t.padding,
      centerX: t.centerX,
      centerY: t.centerY,
      level: t.level,
      floor: t.floor,
      parts: t.parts,
      subs: subsOf.get(t.name)!,
    });
  }
  const regions: Region[] = [];
  for (const r of sorted)
    regions[r.id] = {
      id: r.id,
      name: r.name,
      label: r.label,
      info: sets.get(r.tileSet.name)!,
      regionInfo: { name: r.name, centerX: r.tileSet.centerX, centerY: r.tileSet.centerY },
      bounds: r.bounds,
      game: r.game,
      gameBounds: r.gameBounds,
    };
  return { regions, tileSets: [...sets.values()] };
}

/** Replaces the registry's world (in place: REGIONS and TILE_SETS keep their identity). */
export function setWorld(world: World): void {
  const { regions, tileSets } = buildWorld(world);
  const r = REGIONS as Region[];
  const t = TILE_SETS as RegionInfoBlock[];
  r.length = 0;
  regions.forEach((region, id) => (r[id] = region));
  t.length = 0;
  t.push(...tileSets);
  areasById.clear();
  pinFloorsBySet.clear();
  for (const region of world.regions) {
    for (const a of region.floorAreas) areasById.set(a.id, { ...a, regionId: region.id });
    const set = region.tileSet.name;
    pinFloorsBySet.set(set, [...new Set([...(pinFloorsBySet.get(set) ?? []), ...(region.pinFloors ?? [])])]);
  }
  current = world;
  version++;
}

/** The seed world in the API's shape: floor areas of a shared tile set go to the region whose bounds hold their centre. */
export function seedWorld(): World {
  let nextArea = 1;
  const owner = (set: RegionInfoBlock, sub: SubMap): number => {
    const cx = (sub.extent[0] + sub.extent[2]) / 2;
    const cy = (sub.extent[1] + sub.extent[3]) / 2;
    const sharing = SEED_REGIONS.filter((r) => r.info.name === set.name);
    const inside = sharing.find((r) => cx >= r.bounds[0] && cx <= r.bounds[2] && cy >= r.bounds[1] && cy <= r.bounds[3]);
    return (inside ?? sharing[0]!).id;
  };
  const areas = new Map<number, WorldFloorArea[]>();
  for (const set of SEED_TILE_SETS)
    for (const s of set.subs) {
      const id = owner(set, s);
      const list = areas.get(id) ?? [];
      areas.set(id, list);
      list.push({
        id: nextArea++,
        key: null,
        name: s.name,
        label: s.label,
        depth: s.depth,
        extent: s.extent,
        origin: s.origin,
        parts: s.parts,
      });
    }
  return {
    regions: SEED_REGIONS.map((r) => ({
      id: r.id,
      key: null,
      name: r.name,
      label: r.label,
      tileSet: {
        name: r.info.name,
        blockSize: r.info.blockSize,
        extent: r.info.extent,
        padding: r.info.padding,
        centerX: r.regionInfo.centerX,
        centerY: r.regionInfo.centerY,
        level: r.info.level,
        floor: r.info.floor,
        parts: r.info.parts,
      },
      bounds: r.bounds,
      game: r.game,
      gameBounds: r.gameBounds,
      floorAreas: areas.get(r.id) ?? [],
    })),
  };
}

/** Depths of a region's tile set that hold pins but have no floor area. */
export function pinOnlyFloors(regionId: number): readonly number[] {
  const set = REGIONS[regionId]?.info.name;
  return (set !== undefined && pinFloorsBySet.get(set)) || [];
}

/** A floor area by id, with its region. */
export function floorAreaById(id: number): (WorldFloorArea & { readonly regionId: number }) | undefined {
  return areasById.get(id);
}

/** The floor areas drawn on a region's tile set (every region sharing it), in id order. */
export function tileSetFloorAreas(regionId: number): (WorldFloorArea & { readonly regionId: number })[] {
  const set = REGIONS[regionId]?.info.name;
  if (set === undefined) return [];
  return [...areasById.values()].filter((a) => REGIONS[a.regionId]?.info.name === set).sort((a, b) => a.id - b.id);
}

/** The floor area at a depth whose extent holds a world point (the smallest one where several overlap). */
export function floorAreaAt(regionId: number, depth: number | null, x: number, y: number): WorldFloorArea | undefined {
  if (depth == null) return undefined;
  let best: WorldFloorArea | undefined;
  let bestSize = Infinity;
  for (const a of tileSetFloorAreas(regionId)) {
    if (a.depth !== depth) continue;
    const [x0, y0, x1, y1] = a.extent;
    if (x < x0 || x > x1 || y < y0 || y > y1) continue;
    const size = (x1 - x0) * (y1 - y0);
    if (size < bestSize) {
      best = a;
      bestSize = size;
    }
  }
  return best;
}

setWorld(seedWorld());
