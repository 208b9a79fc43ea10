import {
  currentWorld,
  extentContains,
  gameBox,
  TILE_SCALES,
  type Extent,
  type World,
  type WorldFloorArea,
  type WorldRegion,
} from '../../common/regions';
import type { Db } from '../db';
import { readWorld, worldChanged } from '../world/world';
import type { ImportFile, ImportRegion } from './format';
import { ImportError } from './import';

/*
 * The import file's regions and floor areas (issue 20): checked against the world they would make, upserted
 * (by key, else id, else name slug; what the file leaves out stays as it is), and the pins' places
 * (`region` as an id or a key, `floorArea` as a key or a name) resolved against that world. Re-importing the
 * same file writes the same rows again and changes nothing.
 *
 * Defaults where the file is silent: tile parts follow the seed's layout (`/map/{set}/{scale}/tile_`,
 * `/map/{set}/{scale}/sub/sub_{name}_`), a floor area's origin is its extent's top-left corner, and
 * gameBounds is the game-coordinate box of `bounds` under `game`.
 */

type Pin = ImportFile['categoryGroups'][number]['categories'][number] extends { pins?: (infer P)[] } ? P : never;
/** A floor area of the file; the admin editor (routes/moderation/world.ts) also names an existing one by id. */
type ImportArea = NonNullable<ImportRegion['floorAreas']>[number] & { id?: number };

/** Where a pin of the file goes: its region id, depth and floor area id (null: a plain depth). */
export interface PinPlace {
  region: number;
  floor: number | null;
  floorArea: number | null;
}

const baseParts = (set: string) =>
  TILE_SCALES.map((scale) => ({ name: String(scale), scale, path: `/map/${set}/${scale}/tile_`, suffix: '.webp' as const }));
const subParts = (set: string, name: string) =>
  TILE_SCALES.map((scale) => ({ name: String(scale), scale, path: `/map/${set}/${scale}/sub/sub_${name}_`, suffix: '.webp' as const }));
const box = (a: readonly number[]) => [a[0]!, a[1]!, a[2]!, a[3]!] as const;

/** The existing region a file region updates: by key, else by id, else by name. */
function match(world: World, r: ImportRegion): WorldRegion | undefined {
  return (
    (r.key !== undefined ? world.regions.find((x) => x.key === r.key) : undefined) ??
    (r.id !== undefined ? world.regions.find((x) => x.id === r.id) : undefined) ??
    world.regions.find((x) => x.name === r.name)
  );
}

function matchArea(areas: readonly WorldFloorArea[], a: ImportArea): WorldFloorArea | undefined {
  if (a.id !== undefined) return areas.find((x) => x.id === a.id);
  return (a.key !== undefined ? areas.find((x) => x.key === a.key) : undefined) ?? areas.find((x) => x.name === a.name);
}

function checkBox(e: readonly number[], at: string): void {
  if (!e.every(Number.isFinite) || !(e[0]! < e[2]!) || !(e[1]! < e[3]!))
    throw new ImportError(at, `상자 [minX, minY, maxX, maxY]가 아닙니다 / not a box: [${e.join(', ')}]`);
}

/**
 * The world the file makes out of `base`: its regions merged in (new ones numbered after the highest id,
 * unless they name a free id), new floor areas with provisional negative ids. Refuses what cannot be.
 */
export function mergeFileWorld(file: ImportFile, base: World = currentWorld()): World {
  const regions = [...base.regions];
  let nextId = Math.max(-1, ...regions.map((r) => r.id)) + 1;
  let provisional = -1;
  const keys = new Set<string>();
  (file.regions ?? []).forEach((r, ri) => {
    const at = `/regions/${ri}`;
    if (r.key !== undefined) {
      if (keys.has(r.key)) throw new ImportError(`${at}/key`, `키 "${r.key}"가 파일에 두 번 있습니다 / key used twice`);
      keys.add(r.key);
    }
    checkBox(r.tileSet.extent, `${at}/tileSet/extent`);
    checkBox(r.bounds, `${at}/bounds`);
    if (r.gameBounds) checkBox(r.gameBounds, `${at}/gameBounds`);
    const g = r.game;
    if (!Object.values(g).every(Number.isFinite) || g.a * g.e - g.b * g.d === 0)
      throw new ImportError(
        `${at}/game`,
        '게임 좌표 변환은 유한하고 역변환이 있어야 합니다 / the game transform must be finite and invertible (a·e − b·d ≠ 0)',
      );
    const old = match({ regions }, r);
    if (old && r.id !== undefined && old.id !== r.id)
      throw new ImportError(
        `${at}/id`,
        `지역 "${r.key ?? r.name}"은(는) ${r.id}가 아니라 ${old.id}번 지역입니다 / is region ${old.id}, not ${r.id}`,
      );
    if (!old && r.id !== undefined && regions.some((x) => x.id === r.id))
      throw new ImportError(`${at}/id`, `지역 번호 ${r.id}는 이미 쓰이고 있습니다 / region id taken`);
    const clash = regions.find((x) => x !== old && x.name === r.name);
    if (clash)
      throw new ImportError(`${at}/name`, `지역 이름 "${r.name}"은(는) ${clash.id}번 지역의 것입니다 / name belongs to region ${clash.id}`);
    const id = old?.id ?? r.id ?? nextId;
    nextId = Math.max(nextId, id + 1);
    const areas = [...(old?.floorAreas ?? [])];
    const names = new Set<string>();
    (r.floorAreas ?? []).forEach((a: ImportArea, ai) => {
      const aat = `${at}/floorAreas/${ai}`;
      if (a.key !== undefined) {
        if (keys.has(a.key)) throw new ImportError(`${aat}/key`, `키 "${a.key}"가 파일에 두 번 있습니다 / key used twice`);
        keys.add(a.key);
      }
      if (names.has(a.name))
        throw new ImportError(`${aat}/name`, `층 구역 "${a.name}"이(가) 이 지역에 두 번 있습니다 / floor area listed twice`);
      names.add(a.name);
      checkBox(a.extent, `${aat}/extent`);
      const prior = matchArea(areas, a);
      if (a.id !== undefined && !prior)
        throw new ImportError(`${aat}/id`, `층 구역 ${a.id}번은 이 지역에 없습니다 / floor area ${a.id} is not in this region`);
      const area: WorldFloorArea = {
        id: prior?.id ?? provisional--,
        key: a.key ?? prior?.key ?? null,
        name: a.name,
        label: a.label,
        depth: a.depth,
        extent: box(a.extent),
        origin: a.origin ? [a.origin[0]!, a.origin[1]!] : [a.extent[0]!, a.extent[1]!],
        parts: a.parts ?? subParts(r.tileSet.name, a.name),
      };
      if (prior) areas[areas.indexOf(prior)] = area;
      else areas.push(area);
    });
    const twice = areas.find((x, i) => areas.findIndex((y) => y.name === x.name) !== i);
    if (twice)
      throw new ImportError(
        `${at}/floorAreas`,
        `층 구역 이름 "${twice.name}"은(는) 이 지역에 이미 있습니다 / floor area name already used in this region`,
      );
    const next: WorldRegion = {
      id,
      key: r.key ?? old?.key ?? null,
      name: r.name,
      label: r.label,
      tileSet: { ...r.tileSet, extent: box(r.tileSet.extent), parts: r.tileSet.parts ?? baseParts(r.tileSet.name) },
      bounds: box(r.bounds),
      game: r.game,
      gameBounds: r.gameBounds ? box(r.gameBounds) : gameBox(r.game, box(r.bounds)),
      floorAreas: areas,
    };
    if (old) regions[regions.indexOf(old)] = next;
    else regions.push(next);
  });
  // Floor-area names are tile paths: unique within a tile set.
  const seen = new Map<string, number>();
  for (const r of regions)
    for (const a of r.floorAreas) {
      const k = `${r.tileSet.name}/${a.name}`;
      const other = seen.get(k);
      if (other !== undefined && other !== r.id) {
        const ri = (file.regions ?? []).findIndex((x) => x.name === r.name);
        throw new ImportError(
          `/regions/${Math.max(ri, 0)}/floorAreas`,
          `층 구역 "${a.name}"은(는) 타일 세트 "${r.tileSet.name}"에 이미 있습니다 (지역 ${other}) / already exists on the tile set`,
        );
      }
      seen.set(k, r.id);
    }
  return { regions };
}

/** Resolves a pin's `region` and `floorArea` in `world` and checks its position; `at` is the pin's JSON pointer. */
export function placePin(world: World, p: Pin, at: string): PinPlace {
  const region =
    typeof p.region === 'number'
      ? world.regions.find((r) => r.id === p.region)
      : (world.regions.find((r) => r.key === p.region) ?? world.regions.find((r) => r.name === p.region));
  if (!region) throw new ImportError(`${at}/region`, `알 수 없는 지역 ${JSON.stringify(p.region)} / unknown region`);
  const extent: Extent = region.tileSet.extent;
  if (!Number.isFinite(p.x) || !Number.isFinite(p.y) || !extentContains(extent, p.x, p.y))
    throw new ImportError(
      at,
      `x ${p.x}, y ${p.y}: 지역 ${p.region}의 범위 [${extent.join(', ')}] 밖입니다 / lies outside region ${p.region}'s extent`,
    );
  if (p.floorArea === undefined) return { region: region.id, floor: p.floor ?? null, floorArea: null };
  const sharing = world.regions.filter((r) => r.tileSet.name === region.tileSet.name);
  const area =
    world.regions.flatMap((r) => r.floorAreas).find((a) => a.key === p.floorArea) ??
    sharing.flatMap((r) => r.floorAreas).find((a) => a.name === p.floorArea);
  if (!area || !sharing.some((r) => r.floorAreas.includes(area)))
    throw new ImportError(`${at}/floorArea`, `지역 ${JSON.stringify(p.region)}에 없는 층 구역 "${p.floorArea}" / unknown floor area`);
  if (p.floor != null && p.floor !== area.depth)
    throw new ImportError(
      `${at}/floor`,
      `층 ${p.floor}은(는) 층 구역 "${p.floorArea}"의 깊이 ${area.depth}가 아닙니다 / floor is not the area's depth`,
    );
  return { region: region.id, floor: area.depth, floorArea: area.id };
}

/**
 * Writes the file's regions and floor areas inside the import's transaction and answers the pins' places
 * against the world as it now stands. Call `worldChanged(db)` after the commit.
 */
export async function applyWorld(tx: Db, file: ImportFile): Promise<(p: Pin, at: string) => PinPlace> {
  const before = await readWorld(tx);
  const merged = mergeFileWorld(file, before);
  for (const r of merged.regions) {
    if (!(file.regions ?? []).some((x) => match(merged, x) === r)) continue;
    const t = r.tileSet;
    await tx.query(
      `insert into regions (id, key, name, label, tile_set, block_size, extent, padding, center_x, center_y, level, floor, parts, bounds, game, game_bounds)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       on conflict (id) do update set key = excluded.key, name = excluded.name, label = excluded.label, tile_set = excluded.tile_set,
         block_size = excluded.block_size, extent = excluded.extent, padding = excluded.padding, center_x = excluded.center_x,
         center_y = excluded.center_y, level = excluded.level, floor = excluded.floor, parts = excluded.parts, bounds = excluded.bounds,
         game = excluded.game, game_bounds = excluded.game_bounds,
         updated_at = case when (regions.key, regions.name, regions.label, regions.tile_set, regions.block_size, regions.extent, regions.padding,
           regions.center_x, regions.center_y, regions.level, regions.floor, regions.parts, regions.bounds, regions.game, regions.game_bounds)
           is not distinct from (excluded.key, excluded.name, excluded.label, excluded.tile_set, excluded.block_size, excluded.extent, excluded.padding,
           excluded.center_x, excluded.center_y, excluded.level, excluded.floor, excluded.parts, excluded.bounds, excluded.game, excluded.game_bounds)
           then regions.updated_at else now() end`,
      [
        r.id,
        r.key,
        r.name,
        r.label,
        t.name,
        t.blockSize,
        [...t.extent],
        t.padding,
        t.centerX,
        t.centerY,
        t.level,
        t.floor,
        JSON.stringify(t.parts),
        [...r.bounds],
        JSON.stringify(r.game),
        [...r.gameBounds],
      ],
    );
    for (const a of r.floorAreas) {
      const values = [r.id, a.key, a.name, a.label, a.depth, [...a.extent], [...a.origin], JSON.stringify(a.parts)];
      if (a.id < 0)
        await tx.query(
          'insert into floor_areas (region_id, key, name, label, depth, extent, origin, parts) values ($1, $2, $3, $4, $5, $6, $7, $8)',
          values,
        );
      else
        await tx.query(
          `update floor_areas set region_id = $1, key = $2, name = $3, label = $4, depth = $5, extent = $6, origin = $7, parts = $8 where id = $9`,
          [...values, a.id],
        );
    }
  }
  // Pins on a floor area whose depth changed follow it.
  await tx.query(
    'update pins p set coord_z = fa.depth from floor_areas fa where p.floor_area_id = fa.id and p.coord_z is distinct from fa.depth',
  );
  const world = await readWorld(tx);
  return (p, at) => placePin(world, p, at);
}

/** After the commit: the registry (and other server processes, by NOTIFY) read the world again. */
export async function afterWorldImport(db: Db, file: ImportFile): Promise<void> {
  if (file.regions?.length) await worldChanged(db);
}
