import { createHash } from 'node:crypto';
import type { Db } from '../db';
import { setWorld, type World, type WorldFloorArea, type WorldRegion } from '../../common/regions';

/*
 * The server's side of the world registry (common/regions/world.ts): reads the regions and floor areas
 * (migration 014) into it at start and after every change (an import, an admin edit), and keeps the
 * answer of GET /api/v1/world (JSON and its ETag) for the same world.
 */

interface RegionRow {
  id: number;
  key: string | null;
  name: string;
  label: string;
  tile_set: string;
  block_size: 512 | 1024;
  extent: number[];
  padding: number;
  center_x: number;
  center_y: number;
  level: number;
  floor: number;
  parts: WorldRegion['tileSet']['parts'];
  bounds: number[];
  game: WorldRegion['game'];
  game_bounds: number[];
}

interface AreaRow {
  id: number;
  key: string | null;
  region_id: number;
  name: string;
  label: string;
  depth: number;
  extent: number[];
  origin: number[];
  parts: WorldFloorArea['parts'];
}

const four = (a: number[]) => [a[0]!, a[1]!, a[2]!, a[3]!] as const;

/** The world as the database holds it (regions by id, floor areas by id). */
export async function readWorld(db: Db): Promise<World> {
  const regions = await db.query<RegionRow>('select * from regions order by id');
  const areas = await db.query<AreaRow>('select * from floor_areas order by id');
  const floors = await db.query<{ region: number; z: number }>(
    'select distinct region, coord_z::int as z from pins where coord_z is not null order by region, z',
  );
  const byRegion = new Map<number, WorldFloorArea[]>();
  for (const a of areas.rows) {
    const list = byRegion.get(a.region_id) ?? [];
    byRegion.set(a.region_id, list);
    list.push({
      id: a.id,
      key: a.key,
      name: a.name,
      label: a.label,
      depth: a.depth,
      extent: four(a.extent),
      origin: [a.origin[0]!, a.origin[1]!],
      parts: a.parts,
    });
  }
  // Depths holding pins that no floor area of the tile set has (and that are not the base map): offered all the same.
  const setOf = new Map(regions.rows.map((r) => [r.id, r.tile_set]));
  const areaDepths = new Set(areas.rows.map((a) => `${setOf.get(a.region_id)}/${a.depth}`));
  const pinFloors = new Map<number, number[]>();
  for (const f of floors.rows) {
    const region = regions.rows.find((r) => r.id === f.region);
    if (!region || f.z === region.floor || areaDepths.has(`${region.tile_set}/${f.z}`)) continue;
    pinFloors.set(f.region, [...(pinFloors.get(f.region) ?? []), f.z]);
  }
  return {
    regions: regions.rows.map((r) => ({
      id: r.id,
      key: r.key,
      name: r.name,
      label: r.label,
      tileSet: {
        name: r.tile_set,
        blockSize: r.block_size,
        extent: four(r.extent),
        padding: r.padding,
        centerX: r.center_x,
        centerY: r.center_y,
        level: r.level,
        floor: r.floor,
        parts: r.parts,
      },
      bounds: four(r.bounds),
      game: r.game,
      gameBounds: four(r.game_bounds),
      floorAreas: byRegion.get(r.id) ?? [],
      ...(pinFloors.has(r.id) ? { pinFloors: pinFloors.get(r.id)! } : {}),
    })),
  };
}

/** What GET /api/v1/world answers: the world, its JSON text and a strong ETag of that text. */
export interface WorldAnswer {
  world: World;
  json: string;
  etag: string;
}

let current: WorldAnswer | null = null;
/** Reads begun, and the latest begun whose answer is kept: reads overlap (a NOTIFY per change), and may end out of order. */
let begun = 0;
let kept = 0;

/**
 * Reads the world from the database into the registry; call at start and after every change of the tables. A read
 * that ends after a later-begun one keeps nothing: it may have seen the tables before that change, and would leave
 * the registry and the ETag behind it until the next change (seen on PostgreSQL, where a NOTIFY of an earlier edit
 * arrives while the next edit's own read is under way).
 */
export async function loadWorld(db: Db): Promise<WorldAnswer> {
  const n = ++begun;
  const world = await readWorld(db);
  if (n < kept && current) return current;
  kept = n;
  setWorld(world);
  const json = JSON.stringify(world);
  current = { world, json, etag: `"world-${createHash('sha1').update(json).digest('base64url').slice(0, 20)}"` };
  return current;
}

/** The last loaded world (loads it on first use). */
export async function worldAnswer(db: Db): Promise<WorldAnswer> {
  return current ?? loadWorld(db);
}

/** NOTIFY channel: the regions or floor areas changed (an import in another process, an admin edit). */
export const WORLD_CHANNEL = 'world_changed';

/** After a committed change of the world: this process reads it again, and every other server process is told. */
export async function worldChanged(db: Db): Promise<WorldAnswer> {
  const answer = await loadWorld(db);
  await db.notify(WORLD_CHANNEL, '');
  return answer;
}

/** Server processes read the world again whenever another one (or `npm run import`) changed it. */
export async function followWorld(db: Db): Promise<() => Promise<void>> {
  const reload = () => void loadWorld(db).catch(() => undefined);
  return db.listen(WORLD_CHANNEL, reload, reload);
}
