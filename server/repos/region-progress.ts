import type { Db } from '../db';
import type { LeftPin, ProgressRow } from '../../common/progress';

/*
 * Found/total per category and region, counted by the database over every visible pin (hidden pins
 * count nowhere, so 100 % is reachable), and the pins of one cell a player has not found
 * (GET/POST /v1/pin/progress).
 */

/** Every (category, region) cell with its visible pins and how many of them `userId` found (0 = a visitor: none). */
export async function progressRows(db: Db, userId: number): Promise<ProgressRow[]> {
  const { rows } = await db.query<ProgressRow>(
    `select p.category_id as "categoryId", p.region, count(*)::int as total, count(c.pin_id)::int as checked
       from pins p left join checks c on c.pin_id = p.id and c.user_id = $1
      where not p.hidden
      group by p.category_id, p.region order by p.category_id, p.region`,
    [userId],
  );
  return rows;
}

/** The same cells with `checked` counting the given pins (a visitor's marks; unknown or hidden pins count nowhere). */
export async function progressRowsOf(db: Db, pinIds: readonly number[]): Promise<ProgressRow[]> {
  const { rows } = await db.query<ProgressRow>(
    `select p.category_id as "categoryId", p.region, count(*)::int as total,
            (count(*) filter (where p.id = any($1::int[])))::int as checked
       from pins p
      where not p.hidden
      group by p.category_id, p.region order by p.category_id, p.region`,
    [[...new Set(pinIds)]],
  );
  return rows;
}

/** The visible pins of one cell that `userId` has not found, by id, with the first line of their description. */
export async function pinsLeft(db: Db, userId: number, region: number, categoryId: number): Promise<LeftPin[]> {
  const { rows } = await db.query<LeftPin>(
    `select p.id, left(split_part(coalesce(p.description, ''), E'\\n', 1), 80) as description, p.coord_z as floor
       from pins p left join checks c on c.pin_id = p.id and c.user_id = $1
      where p.region = $2 and p.category_id = $3 and c.pin_id is null and not p.hidden
      order by p.id`,
    [userId, region, categoryId],
  );
  return rows;
}
