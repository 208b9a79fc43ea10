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
 * the map start's largest query (0.86 s of the database at 1,000,000 pins, each start), though totals move only when
 * the world's change sequence does (every insert or delete of a pin and every change of its category, region or
 * hidden flag bumps it: migrations 018, 021; so do changes that leave totals alone, a move or a tag, which only count
 * again). Each request reads the sequence in the database, in the statement that counts its own found pins, so
 * another process's writes are seen: kept totals are used only at the version they were counted at. Requests that
 * find none at theirs share one count under way; a count older than theirs (begun before a change) sends them to count
 * everything in one statement with its sequence.
 */
const kept = new WeakMap<Db, Totals>();
const counting = new WeakMap<Db, Promise<Totals | null>>();

/** Keeps `totals` unless newer ones are kept (a slow count never replaces a later one). */
function keep(db: Db, totals: Totals): void {
  const now = kept.get(db);
  if (!now || now.world < totals.world) kept.set(db, totals);
}

/** Every cell's visible pins, counted in one statement with the sequence it read (null: no pin anywhere). */
async function countTotals(db: Db): Promise<Totals | null> {
  const { rows } = await db.query<ProgressRow & { world: number | string }>(
    `select (select seq from world_version where id = 1) as world, category_id as "categoryId", region,
            count(*)::int as total, 0 as checked
       from pins where not hidden
      group by category_id, region order by category_id, region`,
  );
  if (!rows.length) return null;
  const totals = { world: Number(rows[0]!.world), rows: rows.map(({ world: _, ...r }) => r) };
  keep(db, totals);
  return totals;
}

/** The totals at `world`: kept, or from the count under way or a new one (null when they are at another version). */
async function totalsAt(db: Db, world: number): Promise<Totals | null> {
  const now = kept.get(db);
  if (now?.world === world) return now;
  let count = counting.get(db);
  if (!count) {
    count = countTotals(db).finally(() => counting.delete(db));
    counting.set(db, count);
  }
  const totals = await count;
  return totals?.world === world ? totals : null;
}

/** The totals with `checked` per cell from the found pins counted per cell. */
function withFound(totals: Totals, found: readonly FoundRow[]): ProgressRow[] {
  const n = new Map(found.filter((f) => f.n !== null).map((f) => [`${f.categoryId}:${f.region}`, f.n!]));
  return totals.rows.map((r) => ({ ...r, checked: n.get(`${r.categoryId}:${r.region}`) ?? 0 }));
}

/** A row of the statements that read the version beside the found pins per cell (null cells: none found). */
interface FoundRow {
  world: number | string;
  categoryId: number | null;
  region: number | null;
  n: number | null;
}

/**
 * The cells with their totals at the version `found` was read at, or, when none can be had at it (the world changed
 * meanwhile), every cell counted whole in one statement with `checkedSql` (the count of found pins).
 */
async function cells(db: Db, found: readonly FoundRow[], checkedSql: string, join: string, params: unknown[]): Promise<ProgressRow[]> {
  const world = Number(found[0]?.world ?? NaN);
  const totals = Number.isFinite(world) ? await totalsAt(db, world) : null;
  if (totals) return withFound(totals, found);
  const { rows } = await db.query<ProgressRow & { world: number | string }>(
    `select (select seq from world_version where id = 1) as world, p.category_id as "categoryId", p.region,
            count(*)::int as total, ${checkedSql} as checked
       from pins p ${join}
      where not p.hidden
      group by p.category_id, p.region order by p.category_id, p.region`,
    params,
  );
  const all = rows.map(({ world: _, ...r }) => r);
  if (rows.length) keep(db, { world: Number(rows[0]!.world), rows: all.map((r) => ({ ...r, checked: 0 })) });
  return all;
}

/** Every (category, region) cell with its visible pins and how many of them `userId` found (0 = a visitor: none). */
export async function progressRows(db: Db, userId: number): Promise<ProgressRow[]> {
  // The version and the player's own found pins per cell (as many rows as cells they found pins in), one statement.
  const { rows } = await db.query<FoundRow>(
    `select w.seq as world, f."categoryId", f.region, f.n
       from world_version w
       left join (select p.category_id as "categoryId", p.region, count(*)::int as n
                    from checks c join pins p on p.id = c.pin_id
                   where c.user_id = $1 and not p.hidden
                   group by 1, 2) f on true
      where w.id = 1`,
    [userId],
  );
  return cells(db, rows, 'count(c.pin_id)::int', 'left join checks c on c.pin_id = p.id and c.user_id = $1', [userId]);
}

/** The same cells with `checked` counting the given pins (a visitor's marks; unknown or hidden pins count nowhere). */
export async function progressRowsOf(db: Db, pinIds: readonly number[]): Promise<ProgressRow[]> {
  const ids = [...new Set(pinIds)];
  const { rows } = await db.query<FoundRow>(
    `select w.seq as world, f."categoryId", f.region, f.n
       from world_version w
       left join (select p.category_id as "categoryId", p.region, count(*)::int as n
                    from pins p where p.id = any($1::int[]) and not p.hidden
                   group by 1, 2) f on true
      where w.id = 1`,
    [ids],
  );
  return cells(db, rows, '(count(*) filter (where p.id = any($1::int[])))::int', '', [ids]);
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
