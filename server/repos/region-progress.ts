import type { Db } from '../db';
import type { LeftPin, ProgressRow } from '../../common/progress';

/*
 * Found/total per category and region, counted by the database over every visible pin (hidden pins
 * count nowhere, so 100 % is reachable), and the pins of one cell a player has not found
 * (GET/POST /v1/pin/progress).
 */

/** Every cell's visible pins at one world version (its change sequence). */
interface Totals {
  world: number;
  rows: readonly ProgressRow[];
}

/**
 * The cells' totals this process counted last, with the world version they were counted at. Counting every pin was
 * the map start's largest query (0.8 s of the database at 1,000,000 pins, each start), though totals move only when
 * the world's change sequence does (every insert or delete of a pin and every change of its category, region or
 * hidden flag bumps it: migrations 018, 021). Each request reads the sequence in the database, in the statement that
 * counts its own checks, so another process's writes are seen: kept totals are used only at the version they were
 * counted at, and a request that reads another counts everything again, in one statement with its sequence.
 */
const kept = new WeakMap<Db, Totals>();

/** The cells' totals with `checked` per cell (category, region) from `checked`, or null when none are kept at `world`. */
function fromKept(db: Db, world: number, checked: readonly { categoryId: number; region: number; n: number }[]): ProgressRow[] | null {
  const totals = kept.get(db);
  if (!totals || totals.world !== world) return null;
  const found = new Map(checked.map((c) => [`${c.categoryId}:${c.region}`, c.n]));
  return totals.rows.map((r) => ({ ...r, checked: found.get(`${r.categoryId}:${r.region}`) ?? 0 }));
}

/** Every cell counted whole (`checkedSql`: the count of found pins), the totals kept with the version counted at. */
async function countAll(db: Db, checkedSql: string, join: string, params: unknown[]): Promise<ProgressRow[]> {
  const { rows } = await db.query<ProgressRow & { world: string }>(
    `select (select seq from world_version where id = 1) as world, p.category_id as "categoryId", p.region,
            count(*)::int as total, ${checkedSql} as checked
       from pins p ${join}
      where not p.hidden
      group by p.category_id, p.region order by p.category_id, p.region`,
    params,
  );
  const cells = rows.map(({ world: _, ...r }) => r);
  if (rows.length) kept.set(db, { world: Number(rows[0]!.world), rows: cells.map((r) => ({ ...r, checked: 0 })) });
  return cells;
}

/** Every (category, region) cell with its visible pins and how many of them `userId` found (0 = a visitor: none). */
export async function progressRows(db: Db, userId: number): Promise<ProgressRow[]> {
  // The version and the player's own found pins per cell (as many rows as cells they found pins in), one statement.
  const { rows } = await db.query<{ world: string; categoryId: number | null; region: number | null; n: number | null }>(
    `select w.seq as world, f."categoryId", f.region, f.n
       from world_version w
       left join (select p.category_id as "categoryId", p.region, count(*)::int as n
                    from checks c join pins p on p.id = c.pin_id
                   where c.user_id = $1 and not p.hidden
                   group by 1, 2) f on true
      where w.id = 1`,
    [userId],
  );
  const found = rows.filter((r) => r.n !== null) as { categoryId: number; region: number; n: number }[];
  return (
    fromKept(db, Number(rows[0]?.world ?? NaN), found) ??
    countAll(db, 'count(c.pin_id)::int', 'left join checks c on c.pin_id = p.id and c.user_id = $1', [userId])
  );
}

/** The same cells with `checked` counting the given pins (a visitor's marks; unknown or hidden pins count nowhere). */
export async function progressRowsOf(db: Db, pinIds: readonly number[]): Promise<ProgressRow[]> {
  const ids = [...new Set(pinIds)];
  const { rows } = await db.query<{ world: string; categoryId: number | null; region: number | null; n: number | null }>(
    `select w.seq as world, f."categoryId", f.region, f.n
       from world_version w
       left join (select p.category_id as "categoryId", p.region, count(*)::int as n
                    from pins p where p.id = any($1::int[]) and not p.hidden
                   group by 1, 2) f on true
      where w.id = 1`,
    [ids],
  );
  const found = rows.filter((r) => r.n !== null) as { categoryId: number; region: number; n: number }[];
  return (
    fromKept(db, Number(rows[0]?.world ?? NaN), found) ?? countAll(db, '(count(*) filter (where p.id = any($1::int[])))::int', '', [ids])
  );
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
