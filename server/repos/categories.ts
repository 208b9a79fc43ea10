import type { Db } from '../db';
import { iconUrl } from '../images/category-icon';
import type { CategoryGroup, CategoryPinList, CategorySummary as CategoryItem, ListPin, TagGroup } from '../../common/api';

export type { CategoryGroup, CategoryItem, TagGroup };

interface CatRow {
  id: number;
  group_id: number;
  name: string;
  icon: number;
  last_edited: number;
  color: string | null;
  icon_hash: string | null;
}

// Pin counts change only with edits that bump a category's last_edited, so the counts are
// recomputed only when some (id, last_edited) pair changed: a groups call is one cheap query.
const countCaches = new WeakMap<Db, { key: string; counts: Map<number, number> }>();

async function pinCounts(db: Db, cats: CatRow[]): Promise<Map<number, number>> {
  const key = cats.map((c) => `${c.id}:${c.last_edited}`).join(',');
  const cached = countCaches.get(db);
  if (cached && cached.key === key) return cached.counts;
  const { rows } = await db.query<{ category_id: number; n: number }>(
    'select category_id, count(*)::int as n from pins where not hidden group by category_id',
  );
  const counts = new Map(rows.map((r) => [r.category_id, r.n]));
  countCaches.set(db, { key, counts });
  return counts;
}

/** Every group with its categories (sorted), each with its pin count and own tag groups. */
export async function listGroups(db: Db): Promise<CategoryGroup[]> {
  const groups = (await db.query<{ id: number; name: string }>('select id, name from category_groups order by sort, id')).rows;
  const cats = (await db.query<CatRow>('select id, group_id, name, icon, last_edited, color, icon_hash from categories order by sort, id'))
    .rows;
  const tagGroups = (
    await db.query<{ id: number; name: string; category_id: number }>(
      'select id, name, category_id from tag_groups where category_id is not null order by sort, id',
    )
  ).rows;
  const counts = await pinCounts(db, cats);
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    categories: cats
      .filter((c) => c.group_id === g.id)
      .map((c) => ({
        id: c.id,
        name: c.name,
        lastEdited: c.last_edited,
        pinCount: counts.get(c.id) ?? 0,
        icon: c.icon,
        color: c.color,
        iconUrl: iconUrl(c.id, c.icon_hash),
        tagGroups: tagGroups.filter((t) => t.category_id === c.id).map((t) => ({ id: t.id, name: t.name })),
      })),
  }));
}

/** Every tag group with its tags; categoryId null means it applies to all categories. */
export async function listTagGroups(db: Db): Promise<TagGroup[]> {
  const groups = (
    await db.query<{ id: number; name: string; category_id: number | null }>(
      'select id, name, category_id from tag_groups order by sort, id',
    )
  ).rows;
  const tags = (
    await db.query<{ id: number; group_id: number; name: string; flag: number | null }>(
      'select id, group_id, name, flag from tags order by id',
    )
  ).rows;
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    categoryId: g.category_id,
    tags: tags.filter((t) => t.group_id === g.id).map((t) => ({ id: t.id, name: t.name, flag: t.flag })),
  }));
}

/** A category's identity and lastEdited, or null when unknown. */
export async function categoryMeta(db: Db, id: number): Promise<{ id: number; name: string; icon: number; lastEdited: number } | null> {
  const { rows } = await db.query<{ id: number; name: string; icon: number; last_edited: number }>(
    'select id, name, icon, last_edited from categories where id = $1',
    [id],
  );
  const r = rows[0];
  return r ? { id: r.id, name: r.name, icon: r.icon, lastEdited: r.last_edited } : null;
}

/** Marks categories as edited: lastEdited becomes now, and always moves forward. */
export async function bumpCategories(tx: Db, ids: readonly number[], now: number): Promise<void> {
  await tx.query('update categories set last_edited = greatest($2::bigint, last_edited + 1) where id = any($1::int[])', [
    [...new Set(ids)],
    now,
  ]);
}

/** Whether a category group exists. */
export async function categoryGroupExists(db: Db, id: number): Promise<boolean> {
  return (await db.query('select 1 from category_groups where id = $1', [id])).rows.length > 0;
}

/** How many of `ids` name existing categories. */
export async function countCategories(db: Db, ids: readonly number[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from categories where id = any($1::int[])', [ids]);
  return rows[0]?.n ?? 0;
}

/** A new category at the end of its group (an admin's catalogue upkeep); its id. */
export async function addCategory(
  tx: Db,
  c: { groupId: number; name: string; icon: number; color: string | null },
  now: number,
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into categories (group_id, name, icon, sort, last_edited, color)
     values ($1, $2, $3, (select coalesce(max(sort), 0) + 1 from categories where group_id = $1), $4, $5) returning id`,
    [c.groupId, c.name, c.icon, now, c.color],
  );
  return rows[0]!.id;
}

/**
 * Renames, regroups, re-glyphs or recolours a category (the fields given; `color` undefined keeps it, null clears it)
 * and bumps its lastEdited. False when unknown.
 */
export async function editCategory(
  tx: Db,
  id: number,
  c: { name?: string | null; icon?: number; groupId?: number; color?: string | null },
  now: number,
): Promise<boolean> {
  const r = await tx.query(
    `update categories set name = coalesce($2, name), icon = coalesce($3, icon), group_id = coalesce($4, group_id),
            color = case when $5 then $6 else color end where id = $1`,
    [id, c.name ?? null, c.icon ?? null, c.groupId ?? null, c.color !== undefined, c.color ?? null],
  );
  if (r.rowCount === 0) return false;
  await bumpCategories(tx, [id], now);
  return true;
}

/** Sets (or with null removes) a category's raster icon and bumps its lastEdited. False when unknown. */
export async function setCategoryIcon(tx: Db, id: number, icon: { webp: Uint8Array; hash: string } | null, now: number): Promise<boolean> {
  const r = await tx.query('update categories set icon_webp = $2, icon_hash = $3 where id = $1', [
    id,
    icon?.webp ?? null,
    icon?.hash ?? null,
  ]);
  if (r.rowCount === 0) return false;
  await bumpCategories(tx, [id], now);
  return true;
}

/** A category's icon bytes when `hash` is its current version, else null. */
export async function categoryIconBytes(db: Db, id: number, hash: string): Promise<Uint8Array | null> {
  const { rows } = await db.query<{ icon_webp: Uint8Array }>('select icon_webp from categories where id = $1 and icon_hash = $2', [
    id,
    hash,
  ]);
  return rows[0]?.icon_webp ?? null;
}

/** Puts categories in the given order (each one's sort = its place in `ids`) and bumps them. */
export async function reorderCategories(tx: Db, ids: readonly number[], now: number): Promise<void> {
  await tx.query('update categories c set sort = o.i from unnest($1::int[]) with ordinality as o(id, i) where c.id = o.id', [ids]);
  await bumpCategories(tx, ids, now);
}

/**
 * A new tag of a category, in the category's tag group `groupName` (made at the end when it has none of that name),
 * and the category bumped. Null when the category is unknown.
 */
export async function addCategoryTag(
  tx: Db,
  categoryId: number,
  t: { groupName: string; name: string; flag: number | null },
  now: number,
): Promise<number | null> {
  if ((await tx.query('select 1 from categories where id = $1 for update', [categoryId])).rows.length === 0) return null;
  let group = (await tx.query<{ id: number }>('select id from tag_groups where category_id = $1 and name = $2', [categoryId, t.groupName]))
    .rows[0]?.id;
  group ??= (
    await tx.query<{ id: number }>(
      'insert into tag_groups (category_id, name, sort) values ($1, $2, (select coalesce(max(sort), 0) + 1 from tag_groups where category_id = $1)) returning id',
      [categoryId, t.groupName],
    )
  ).rows[0]!.id;
  const { rows } = await tx.query<{ id: number }>('insert into tags (group_id, name, flag) values ($1, $2, $3) returning id', [
    group,
    t.name,
    t.flag,
  ]);
  await bumpCategories(tx, [categoryId], now);
  return rows[0]!.id;
}

interface PinListRow {
  id: number;
  coord_x: number;
  coord_y: number;
  coord_z: number | null;
  description: string | null;
  image: string | null;
  category_id: number;
  tag_ids: number[] | null;
  icon: number | null;
  flag: number | null;
  registerer_id: number | null;
  region: number;
  total_checks: number;
}

/**
 * A category's pins with its lastEdited, read from one snapshot so the pair is consistent
 * (an edit committing in between cannot pair new pins with an old lastEdited). Null when unknown.
 */
export async function categoryPins(db: Db, id: number): Promise<Pick<CategoryPinList, 'lastEdited' | 'pins'> | null> {
  return db.transaction(async (tx) => {
    if (tx.kind === 'postgres') await tx.exec('set transaction isolation level repeatable read');
    const meta = await categoryMeta(tx, id);
    if (!meta) return null;
    const { rows } = await tx.query<PinListRow>(
      `select p.id, p.coord_x, p.coord_y, p.coord_z, p.description, p.image, p.category_id, p.icon, p.flag,
              p.registerer_id, p.region, p.total_checks,
              (select array_agg(pt.tag_id order by pt.tag_id) from pin_tags pt where pt.pin_id = p.id) as tag_ids
         from pins p where p.category_id = $1 and not p.hidden order by p.id`,
      [id],
    );
    const pins = rows.map((r) => {
      const p: ListPin = {
        id: r.id,
        coordX: r.coord_x,
        coordY: r.coord_y,
        catNum: r.category_id,
        tagIds: r.tag_ids ?? [],
        region: r.region,
        categoryId: r.category_id,
        totalChecks: r.total_checks,
      };
      if (r.coord_z !== null) p.coordZ = r.coord_z;
      if (r.description !== null) p.description = r.description;
      if (r.image !== null) p.image = r.image;
      if (r.icon !== null) p.icon = r.icon;
      if (r.flag !== null) p.flag = r.flag;
      if (r.registerer_id !== null) p.registererId = r.registerer_id;
      return p;
    });
    return { lastEdited: meta.lastEdited, pins };
  });
}
