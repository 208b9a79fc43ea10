import { Value } from 'typebox/value';
import type { Db } from '../db';
import { ImportFile } from './format';
import { applyCategoryLooks } from './icons';
import { afterWorldImport, applyWorld, mergeFileWorld, placePin } from './world';

/** A refused file: `where` is the JSON pointer (or line:column for a syntax error) of the first problem. */
export class ImportError extends Error {
  constructor(
    readonly where: string,
    readonly problem: string,
  ) {
    super(`${where}: ${problem}`);
    this.name = 'ImportError';
  }
}

/** Line and column (from 1) of a character offset. */
function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${before.at(-1)!.length + 1}`;
}

/** Parses and checks an import file: the schema, then coordinates inside the region and known tag names. */
export function parseImport(text: string): ImportFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    const m = /position (\d+)/.exec((e as Error).message);
    throw new ImportError(m ? lineColumn(text, Number(m[1])) : 'JSON', `not valid JSON (${(e as Error).message})`);
  }
  const first = Value.Errors(ImportFile, data)[0];
  if (first) throw new ImportError(first.instancePath || '/', first.message);
  const file = data as ImportFile;
  const world = mergeFileWorld(file);
  const shared = new Set((file.tagGroups ?? []).flatMap((g) => g.tags.map((t) => t.name)));
  file.categoryGroups.forEach((g, gi) =>
    g.categories.forEach((c, ci) => {
      const own = new Set((c.tagGroups ?? []).flatMap((tg) => tg.tags.map((t) => t.name)));
      (c.pins ?? []).forEach((p, pi) => {
        const at = `/categoryGroups/${gi}/categories/${ci}/pins/${pi}`;
        placePin(world, p, at);
        (p.tags ?? []).forEach((name, ti) => {
          if (!own.has(name) && !shared.has(name))
            throw new ImportError(`${at}/tags/${ti}`, `unknown tag "${name}" (not in this category's tag groups nor the shared ones)`);
        });
      });
    }),
  );
  return file;
}

async function insertTagGroup(
  tx: Db,
  categoryId: number | null,
  name: string,
  sort: number,
  tags: { name: string; flag?: number }[],
): Promise<Map<string, number>> {
  const g = (
    await tx.query<{ id: number }>('insert into tag_groups (category_id, name, sort) values ($1, $2, $3) returning id', [
      categoryId,
      name,
      sort,
    ])
  ).rows[0]!.id;
  const ids = new Map<string, number>();
  for (const t of tags) {
    const id = (
      await tx.query<{ id: number }>('insert into tags (group_id, name, flag) values ($1, $2, $3) returning id', [
        g,
        t.name,
        t.flag ?? null,
      ])
    ).rows[0]!.id;
    if (!ids.has(t.name)) ids.set(t.name, id);
  }
  return ids;
}

/** Loads a checked file into the database in one transaction (all or nothing); the data is added to what is there. */
export async function importFile(
  db: Db,
  file: ImportFile,
  now = Date.now(),
): Promise<{ groups: number; categories: number; tags: number; pins: number }> {
  const counts = await db.transaction(async (tx) => {
    const place = await applyWorld(tx, file);
    const counts = { groups: 0, categories: 0, tags: 0, pins: 0 };
    const baseSort = (await tx.query<{ s: number }>('select coalesce(max(sort), 0)::int as s from category_groups')).rows[0]!.s;
    const shared = new Map<string, number>();
    for (const [i, tg] of (file.tagGroups ?? []).entries()) {
      for (const [k, v] of await insertTagGroup(tx, null, tg.name, i, tg.tags)) if (!shared.has(k)) shared.set(k, v);
      counts.tags += tg.tags.length;
    }
    for (const [gi, g] of file.categoryGroups.entries()) {
      const groupId = (
        await tx.query<{ id: number }>('insert into category_groups (name, sort) values ($1, $2) returning id', [g.name, baseSort + gi + 1])
      ).rows[0]!.id;
      counts.groups++;
      for (const [ci, c] of g.categories.entries()) {
        const catId = (
          await tx.query<{ id: number }>(
            'insert into categories (group_id, name, icon, sort, last_edited) values ($1, $2, $3, $4, $5) returning id',
            [groupId, c.name, c.icon, ci, now],
          )
        ).rows[0]!.id;
        counts.categories++;
        await applyCategoryLooks(tx, catId, c);
        const tagIds = new Map(shared);
        for (const [ti, tg] of (c.tagGroups ?? []).entries()) {
          // A category's own tag wins over a shared one of the same name.
          for (const [k, v] of await insertTagGroup(tx, catId, tg.name, ti, tg.tags)) tagIds.set(k, v);
          counts.tags += tg.tags.length;
        }
        for (const [pi, p] of (c.pins ?? []).entries()) {
          const at = place(p, `/categoryGroups/${gi}/categories/${ci}/pins/${pi}`);
          const id = (
            await tx.query<{ id: number }>(
              'insert into pins (category_id, region, coord_x, coord_y, coord_z, description, image, floor_area_id) values ($1, $2, $3, $4, $5, $6, $7, $8) returning id',
              [catId, at.region, p.x, p.y, at.floor, p.description?.trim() || null, p.image || null, at.floorArea],
            )
          ).rows[0]!.id;
          const tags = [...new Set((p.tags ?? []).map((n) => tagIds.get(n)!))];
          if (tags.length) await tx.query('insert into pin_tags (pin_id, tag_id) select $1, unnest($2::int[])', [id, tags]);
          counts.pins++;
        }
      }
    }
    return counts;
  });
  await afterWorldImport(db, file);
  return counts;
}
