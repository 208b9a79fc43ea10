import type { Db } from '../db';
import type { RouteAreaKind, SavedRoute, SharedRoute } from '../../common/api';

interface RouteRow {
  id: number;
  user_id: number;
  name: string;
  pin_ids: number[];
  start_x: number;
  start_y: number;
  start_floor: number | null;
  categories: number[];
  area: RouteAreaKind;
  region: number;
  share_token: string;
  created_at: number | string;
  updated_at: number | string;
}

const COLUMNS = 'id, user_id, name, pin_ids, start_x, start_y, start_floor, categories, area, region, share_token, created_at, updated_at';

const toRoute = (r: RouteRow): SavedRoute => ({
  id: r.id,
  name: r.name,
  pinIds: r.pin_ids,
  start: { x: r.start_x, y: r.start_y, floor: r.start_floor },
  categories: r.categories,
  area: r.area,
  region: r.region,
  shareToken: r.share_token,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

/** What a saved route holds (the server adds its id, share token and times). */
export type RouteBody = Pick<SavedRoute, 'name' | 'pinIds' | 'start' | 'categories' | 'area' | 'region'>;

/** The player's saved routes, newest first. */
export async function routesOf(db: Db, userId: number): Promise<SavedRoute[]> {
  const { rows } = await db.query<RouteRow>(`select ${COLUMNS} from saved_routes where user_id = $1 order by updated_at desc, id desc`, [
    userId,
  ]);
  return rows.map(toRoute);
}

/** Ids among `ids` that are not a visible pin. */
export async function missingPins(db: Db, ids: readonly number[]): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    'select u.id from unnest($1::int[]) as u(id) where not exists (select 1 from pins p where p.id = u.id and not p.hidden)',
    [ids],
  );
  return rows.map((r) => r.id);
}

/**
 * Saves a new route unless the player already keeps `max`: then nothing is written and the answer is false. Taken
 * under the player's row lock, so two devices saving at once cannot pass the limit together.
 */
export async function addRoute(db: Db, userId: number, r: RouteBody, token: string, max: number, now: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('select id from users where id = $1 for update', [userId]);
    const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from saved_routes where user_id = $1', [userId]);
    if ((rows[0]?.n ?? 0) >= max) return false;
    await tx.query(
      `insert into saved_routes (user_id, name, pin_ids, start_x, start_y, start_floor, categories, area, region, share_token, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
      [userId, r.name, r.pinIds, r.start.x, r.start.y, r.start.floor, r.categories, r.area, r.region, token, now],
    );
    return true;
  });
}

/** Renames one of the player's routes; false when they have none by that id. */
export async function renameRoute(db: Db, userId: number, id: number, name: string, now: number): Promise<boolean> {
  const { rowCount } = await db.query('update saved_routes set name = $3, updated_at = $4 where user_id = $1 and id = $2', [
    userId,
    id,
    name,
    now,
  ]);
  return (rowCount ?? 0) > 0;
}

/** Deletes one of the player's routes (its link with it); false when they have none by that id. */
export async function deleteRoute(db: Db, userId: number, id: number): Promise<boolean> {
  const { rowCount } = await db.query('delete from saved_routes where user_id = $1 and id = $2', [userId, id]);
  return (rowCount ?? 0) > 0;
}

/**
 * The route behind a share token with its stops where the pins are now, in the route's order (pins hidden or
 * deleted since are left out and counted in `missing`); null for an unknown token.
 */
export async function sharedRoute(db: Db, token: string, viewer: number | null): Promise<SharedRoute | null> {
  const { rows } = await db.query<RouteRow>(`select ${COLUMNS} from saved_routes where share_token = $1`, [token]);
  const r = rows[0];
  if (!r) return null;
  const stops = await db.query<{ id: number; coord_x: number; coord_y: number; coord_z: number | null; category_id: number }>(
    `select p.id, p.coord_x, p.coord_y, p.coord_z, p.category_id
       from unnest($1::int[]) with ordinality as u(id, k) join pins p on p.id = u.id and not p.hidden
      order by u.k`,
    [r.pin_ids],
  );
  return {
    name: r.name,
    stops: stops.rows.map((s) => ({ id: s.id, x: s.coord_x, y: s.coord_y, floor: s.coord_z, category: s.category_id })),
    start: { x: r.start_x, y: r.start_y, floor: r.start_floor },
    categories: r.categories,
    area: r.area,
    region: r.region,
    missing: r.pin_ids.length - stops.rows.length,
    mine: viewer === r.user_id,
    updatedAt: Number(r.updated_at),
  };
}
