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
