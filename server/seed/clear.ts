import type { Db } from '../db';
import { generateCatalog } from './generate';

/** What clearing the demo world removes (or, dry, would remove). */
export interface ClearReport {
  groups: number;
  categories: number;
  tagGroups: number;
  pins: number;
  users: number;
}

/**
 * Removes the demo world (`npm run world:clear -- --demo`): the demo catalogue's groups, categories and tag groups
 * (keyed `demo:…` since migration 015; in a world seeded before it, the rows whose id and name are the generated
 * catalogue's), every pin in those categories with its checks and comments, and the demo players (`demoN@demo.invalid`)
 * that keep nothing elsewhere. Pins of other categories, and players' checks, comments and notes on them, stay.
 * One transaction; `dryRun` only counts.
 */
export async function clearDemoWorld(db: Db, opts: { dryRun?: boolean } = {}): Promise<ClearReport> {
  const catalog = generateCatalog();
  const demo = (tx: Db, table: string, rows: { id: number; name: string }[]) =>
    tx.query<{ id: number }>(
      `select id from ${table} t where key like 'demo:%'
          or (key is null and exists (select 1 from json_to_recordset($1::json) as d(id int, name text) where d.id = t.id and d.name = t.name))`,
      [JSON.stringify(rows.map(({ id, name }) => ({ id, name })))],
    );
  return db.transaction(async (tx) => {
    const ids = async (table: string, rows: { id: number; name: string }[]) => (await demo(tx, table, rows)).rows.map((r) => r.id);
    const groups = await ids('category_groups', catalog.groups);
    const categories = await ids('categories', catalog.categories);
    // A demo group left with a category of another world (an import moved one into it) stays.
    const keptGroups = (
      await tx.query<{ id: number }>(
        'select distinct group_id as id from categories where group_id = any($1::int[]) and not (id = any($2::int[]))',
        [groups, categories],
      )
    ).rows.map((r) => r.id);
    const goneGroups = groups.filter((g) => !keptGroups.includes(g));
    const tagGroups = (
      await tx.query<{ id: number }>(
        `select id from tag_groups where category_id = any($1::int[])
            or (category_id is null and id = any($2::int[]))`,
        [categories, await ids('tag_groups', catalog.tagGroups)],
      )
    ).rows.map((r) => r.id);
    const pins = (await tx.query<{ n: number }>('select count(*)::int as n from pins where category_id = any($1::int[])', [categories]))
      .rows[0]!.n;
    // Demo players stay where they hold anything outside the demo world (a check, comment, note or pin elsewhere).
    const usersSql = `from users u where u.email like 'demo%@demo.invalid'
        and not exists (select 1 from checks c join pins p on p.id = c.pin_id where c.user_id = u.id and not (p.category_id = any($1::int[])))
        and not exists (select 1 from comments c join pins p on p.id = c.pin_id where c.user_id = u.id and not (p.category_id = any($1::int[])))
        and not exists (select 1 from pin_notes n join pins p on p.id = n.pin_id where n.user_id = u.id and not (p.category_id = any($1::int[])))
        and not exists (select 1 from pins p where p.registerer_id = u.id and not (p.category_id = any($1::int[])))
        and not exists (select 1 from provider_accounts a where a.user_id = u.id)`;
    const users = (await tx.query<{ id: number }>(`select u.id ${usersSql}`, [categories])).rows.map((r) => r.id);
    const report = { groups: goneGroups.length, categories: categories.length, tagGroups: tagGroups.length, pins, users: users.length };
    if (opts.dryRun) return report;
    await tx.query('delete from pins where category_id = any($1::int[])', [categories]);
    await tx.query('delete from tags where group_id = any($1::int[])', [tagGroups]);
    await tx.query('delete from tag_groups where id = any($1::int[])', [tagGroups]);
    await tx.query('delete from categories where id = any($1::int[])', [categories]);
    await tx.query('delete from category_groups where id = any($1::int[])', [goneGroups]);
    await tx.query('delete from users where id = any($1::int[])', [users]);
    return report;
  });
}
