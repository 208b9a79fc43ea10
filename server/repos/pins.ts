import type { Db } from '../db';
import type { PinDetail } from '../../common/api';
import type { PinEventKind } from '../../common/pin-model';

export type { PinDetail };
import { bumpCategories } from './categories';
import { floorAreaAt, tileSetFloorAreas } from '../../common/regions';

/** The floor areas of the pin's tile set at its depth whose extent holds it. */
function floorAreasHolding(f: Pick<PinFields, 'region' | 'coordX' | 'coordY' | 'coordZ'>) {
  return tileSetFloorAreas(f.region).filter(
    (a) => a.depth === f.coordZ && f.coordX >= a.extent[0] && f.coordX <= a.extent[2] && f.coordY >= a.extent[1] && f.coordY <= a.extent[3],
  );
}

/** The floor area a pin at this place and depth sits on when nobody named one (the smallest that holds it), or null. */
export function pinFloorArea(f: Pick<PinFields, 'region' | 'coordX' | 'coordY' | 'coordZ'>): number | null {
  return floorAreaAt(f.region, f.coordZ, f.coordX, f.coordY)?.id ?? null;
}

/** The editable fields of a pin (the editor's draft, content = description). */
export interface PinFields {
  categoryId: number;
  region: number;
  coordX: number;
  coordY: number;
  coordZ: number | null;
  description: string | null;
  image: string | null;
  tags: number[];
}

const toIso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

/** A pin's detail as seen by `userId` (null for visitors), or null when unknown. */
export async function pinDetail(db: Db, id: number, userId: number | null): Promise<PinDetail | null> {
  const { rows } = await db.query<{
    id: number;
    coord_x: number;
    coord_y: number;
    coord_z: number | null;
    description: string | null;
    image: string | null;
    category_id: number;
    category_name: string;
    category_icon: number;
    icon: number | null;
    flag: number | null;
    registerer_id: number | null;
    nickname: string | null;
    region: number;
    total_checks: number;
    is_checked: boolean;
    comment_count: number;
    created_at: unknown;
    updated_at: unknown;
    hidden: boolean;
    merged_into: number | null;
    floor_area_id: number | null;
  }>(
    `select p.*, c.name as category_name, c.icon as category_icon, u.nickname,
            exists (select 1 from checks k where k.pin_id = p.id and k.user_id = $2) as is_checked,
            (select count(*)::int from comments m where m.pin_id = p.id) as comment_count
       from pins p join categories c on c.id = p.category_id left join users u on u.id = p.registerer_id
      where p.id = $1`,
    [id, userId ?? 0],
  );
  const r = rows[0];
  if (!r) return null;
  const tags = (
    await db.query<{ id: number; name: string; flag: number | null }>(
      'select t.id, t.name, t.flag from pin_tags pt join tags t on t.id = pt.tag_id where pt.pin_id = $1 order by t.id',
      [id],
    )
  ).rows;
  return {
    id: r.id,
    coordX: r.coord_x,
    coordY: r.coord_y,
    coordZ: r.coord_z,
    description: r.description,
    image: r.image,
    catNum: r.category_id,
    tags,
    tagIds: tags.map((t) => t.id),
    icon: r.icon,
    flag: r.flag,
    registererId: r.registerer_id,
    registererNickname: r.nickname,
    region: r.region,
    categoryId: r.category_id,
    categoryName: r.category_name,
    categoryIcon: r.category_icon,
    totalChecks: r.total_checks,
    isChecked: r.is_checked,
    commentCount: r.comment_count,
    createdAt: toIso(r.created_at),
    updatedAt: toIso(r.updated_at),
    hidden: r.hidden,
    mergedInto: r.merged_into,
    floorAreaId: r.floor_area_id,
  };
}

/** The editable fields of a pin, locked for update inside `tx`; null when unknown. */
export async function lockPinFields(tx: Db, id: number): Promise<PinFields | null> {
  const { rows } = await tx.query<{
    category_id: number;
    region: number;
    coord_x: number;
    coord_y: number;
    coord_z: number | null;
    description: string | null;
    image: string | null;
  }>('select category_id, region, coord_x, coord_y, coord_z, description, image from pins where id = $1 for update', [id]);
  const r = rows[0];
  if (!r) return null;
  const tags = (await tx.query<{ tag_id: number }>('select tag_id from pin_tags where pin_id = $1 order by tag_id', [id])).rows.map(
    (t) => t.tag_id,
  );
  return {
    categoryId: r.category_id,
    region: r.region,
    coordX: r.coord_x,
    coordY: r.coord_y,
    coordZ: r.coord_z,
    description: r.description,
    image: r.image,
    tags,
  };
}

/** How many of `ids` name existing tags. */
export async function countTags(db: Db, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from tags where id = any($1::int[])', [ids]);
  return rows[0]?.n ?? 0;
}

export async function categoryExists(db: Db, id: number): Promise<boolean> {
  return (await db.query('select 1 from categories where id = $1', [id])).rows.length > 0;
}

export async function pinExists(db: Db, id: number): Promise<boolean> {
  return (await db.query('select 1 from pins where id = $1', [id])).rows.length > 0;
}

/** Whether the pin exists and is visible to everyone (not hidden by a moderator). */
export async function pinVisible(db: Db, id: number): Promise<boolean> {
  return (await db.query('select 1 from pins where id = $1 and not hidden', [id])).rows.length > 0;
}

/**
 * Where a player's mark (or import) of each of `ids` lands: a visible pin on itself; a duplicate merged away on the
 * pin it was merged into (followed to the end of a chain of merges); a hidden pin or an unknown id nowhere, like a
 * missing pin. Answers the ids that land, each with its visible pin.
 */
export async function markTargets(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ src: number; id: number }>(
    `with recursive t(src, id, hidden, merged_into, depth) as (
       select p.id, p.id, p.hidden, p.merged_into, 0 from pins p where p.id = any($1::int[])
       union all
       select t.src, p.id, p.hidden, p.merged_into, t.depth + 1 from t join pins p on p.id = t.merged_into where t.hidden and t.depth < 32
     )
     select src, id from t where not hidden`,
    [ids],
  );
  return new Map(rows.map((r) => [r.src, r.id]));
}

/** Sets a pin's tags, writing only the difference: tags it keeps are not touched (and move no snapshot version). */
async function writeTags(tx: Db, pinId: number, tags: readonly number[]): Promise<void> {
  await tx.query('delete from pin_tags where pin_id = $1 and tag_id <> all($2::int[])', [pinId, tags]);
  if (tags.length) {
    await tx.query(
      `insert into pin_tags (pin_id, tag_id)
       select $1, t from (select distinct unnest($2::int[]) as t) x
        where not exists (select 1 from pin_tags where pin_id = $1 and tag_id = x.t)`,
      [pinId, tags],
    );
  }
}

/** What a revision did (pin_revisions.kind): a pin event's kind (common/pin-model.ts). */
export type RevisionKind = PinEventKind;

/** Records one revision of a pin: its state before (null when created) and after. */
export async function revision(
  tx: Db,
  pinId: number,
  userId: number,
  before: PinFields | null,
  after: PinFields,
  kind: RevisionKind = before ? 'edit' : 'create',
): Promise<void> {
  await tx.query('insert into pin_revisions (pin_id, user_id, before, after, kind) values ($1, $2, $3::jsonb, $4::jsonb, $5)', [
    pinId,
    userId,
    before ? JSON.stringify(before) : null,
    JSON.stringify(after),
    kind,
  ]);
}

/** Creates a pin with its tags, a revision and a bumped category, in one transaction. */
export async function createPin(db: Db, userId: number, f: PinFields, now: number, floorAreaId: number | null = null): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      `insert into pins (category_id, region, coord_x, coord_y, coord_z, description, image, registerer_id, floor_area_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
      [f.categoryId, f.region, f.coordX, f.coordY, f.coordZ, f.description, f.image, userId, floorAreaId ?? pinFloorArea(f)],
    );
    const id = rows[0]!.id;
    await writeTags(tx, id, f.tags);
    await revision(tx, id, userId, null, f);
    await bumpCategories(tx, [f.categoryId], now);
    return id;
  });
}

/**
 * Applies `next` to a pin already locked in `tx`, records the revision and bumps the
 * category's lastEdited (both categories when the pin moves to another one).
 */
export async function updatePin(
  tx: Db,
  id: number,
  userId: number,
  before: PinFields,
  next: PinFields,
  now: number,
  kind: RevisionKind = 'edit',
  floorAreaId: number | null = null,
): Promise<void> {
  // The tags first, folded into the row's update (migration 022): the edit moves its region(s) once, or not at all
  // when nothing the map draws changed.
  await tx.query(`select set_config('wuwa.fold_tag_bumps', 'on', true)`);
  await writeTags(tx, id, next.tags);
  // The floor area: the one asked for, else the pin's own while it still holds the pin, else the one at its position.
  await tx.query(
    `update pins set category_id = $2, region = $3, coord_x = $4, coord_y = $5, coord_z = $6, description = $7, image = $8, updated_at = now(),
            floor_area_id = coalesce($9::int, case when floor_area_id = any($10::int[]) then floor_area_id end, $11::int)
      where id = $1`,
    [
      id,
      next.categoryId,
      next.region,
      next.coordX,
      next.coordY,
      next.coordZ,
      next.description,
      next.image,
      floorAreaId,
      floorAreasHolding(next).map((a) => a.id),
      pinFloorArea(next),
    ],
  );
  await tx.query(`select set_config('wuwa.fold_tag_bumps', '', true)`);
  await revision(tx, id, userId, before, next, kind);
  await bumpCategories(tx, [before.categoryId, next.categoryId], now);
}

/** A report of a wrong or duplicate pin, stored for moderation. */
export async function createReport(db: Db, userId: number, targetPinId: number, duplicatePinId: number, comment: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'insert into reports (target_pin_id, duplicate_pin_id, user_id, comment) values ($1, $2, $3, $4) returning id',
    [targetPinId, duplicatePinId, userId, comment],
  );
  return rows[0]!.id;
}
