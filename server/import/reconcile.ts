// Re-import (issue 20 item 6): the file is matched against what the database holds, thing by thing, and only the
// differences are written. A thing is the same when its key matches, else when its natural identity does (a name
// within its parent; a pin: category, region, floor and a position within 0.5 units). Updates are in place, so the
// rows keep their ids and with them players' checks, comments, notes and history. What the file no longer holds is
// removed only with `prune`; a dry run plans the same way and writes nothing.
import type { Db } from '../db';
import { bulkInsert } from '../seed/bulk';
import type { ImportFile, ImportPin as FilePin } from './format';

/** A file pin with its place resolved (import.ts, through ./world.ts): a region id, a depth, a floor area id. */
export type ImportPin = Omit<FilePin, 'region'> & { region: number; floorAreaId?: number | null };

export type ImportKind = 'groups' | 'categories' | 'tagGroups' | 'tags' | 'pins';
export type KindCounts = Record<ImportKind, number>;

/** What an import did (or, dry, would do): counts per kind, and the first few things of each action by name. */
export interface ImportReport {
  added: KindCounts;
  updated: KindCounts;
  removed: KindCounts;
  unchanged: KindCounts;
  /** Up to SAMPLES lines per action, e.g. `categories 보물 상자`. */
  samples: { added: string[]; updated: string[]; removed: string[] };
}

export interface ImportOptions {
  /** Remove groups, categories, tag groups, tags and pins the file no longer holds (players' own pins stay). */
  prune?: boolean;
  /** Plan only: count what would change, write nothing. */
  dryRun?: boolean;
  now?: number;
  /** Told after each written step (`catalogue`, `pins`), inside the transaction: for tests that kill the process midway. */
  onStep?: (step: string) => void;
  /** Told each written category's id and its place in the file ([group, category]), inside the transaction. */
  onCategory?: (id: number, index: readonly [number, number]) => Promise<void>;
}

const SAMPLES = 10;
const SAME_PLACE = 0.5;
const zero = (): KindCounts => ({ groups: 0, categories: 0, tagGroups: 0, tags: 0, pins: 0 });

interface Named {
  id: number;
  key: string | null;
  name: string;
}
interface GroupRow extends Named {
  sort: number;
}
interface CategoryRow extends Named {
  group_id: number;
  icon: number;
  sort: number;
}
interface TagGroupRow extends Named {
  category_id: number | null;
  sort: number;
}
interface TagRow extends Named {
  group_id: number;
  flag: number | null;
}
interface PinRow {
  id: number;
  key: string | null;
  category_id: number;
  region: number;
  coord_x: number;
  coord_y: number;
  coord_z: number | null;
  floor_area_id: number | null;
  description: string | null;
  image: string | null;
  registerer_id: number | null;
}

/**
 * Finds the row a file entry stands for: by key (in the key's scope) first, else by name within the parent among
 * rows not yet taken (an entry with a key adopts only a row without one; rows of the demo world, keyed `demo:…`,
 * only by their key). Each row is taken at most once.
 */
class Matcher<R extends Named> {
  private readonly byKey = new Map<string, R>();
  private readonly byName = new Map<string, R[]>();
  readonly taken = new Set<number>();
  constructor(
    readonly rows: readonly R[],
    private readonly parentOf: (r: R) => number | null,
    private readonly keyScope: (r: R) => number | null = () => null,
  ) {
    for (const r of rows) {
      if (r.key !== null) this.byKey.set(`${keyScope(r)}|${r.key}`, r);
      if (r.key?.startsWith('demo:')) continue; // the demo world is never taken for the file's by name
      const at = `${parentOf(r)}|${r.name}`;
      const list = this.byName.get(at);
      if (list) list.push(r);
      else this.byName.set(at, [r]);
    }
  }
  match(key: string | undefined, parent: number | null, name: string, scope: number | null = null): R | undefined {
    let r = key === undefined ? undefined : this.byKey.get(`${scope}|${key}`);
    if (r && this.taken.has(r.id)) r = undefined;
    r ??= this.byName.get(`${parent}|${name}`)?.find((c) => !this.taken.has(c.id) && (key === undefined || c.key === null));
    if (r) this.taken.add(r.id);
    return r;
  }
  untaken(): R[] {
    return this.rows.filter((r) => !this.taken.has(r.id));
  }
}

const f32 = (v: number | null) => (v === null ? null : Math.fround(v));
const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The pin columns the file sets, as stored. */
function pinColumns(p: ImportPin, categoryId: number, key: string | null) {
  return {
    category_id: categoryId,
    region: p.region,
    coord_x: p.x,
    coord_y: p.y,
    coord_z: p.floor ?? null,
    floor_area_id: p.floorAreaId ?? null,
    description: p.description?.trim() || null,
    image: p.image || null,
    key,
  };
}
type PinColumns = ReturnType<typeof pinColumns>;

function samePin(row: PinRow, want: PinColumns): boolean {
  return (
    row.category_id === want.category_id &&
    row.region === want.region &&
    f32(row.coord_x) === f32(want.coord_x) &&
    f32(row.coord_y) === f32(want.coord_y) &&
    f32(row.coord_z) === f32(want.coord_z) &&
    row.floor_area_id === want.floor_area_id &&
    row.description === want.description &&
    row.image === want.image &&
    row.key === want.key
  );
}

/** Pins without a key in the file: the nearest untaken pin of the same category, region and floor within 0.5 units. */
class PlaceIndex {
  private readonly cells = new Map<string, PinRow[]>();
  constructor(
    rows: readonly PinRow[],
    private readonly taken: Set<number>,
  ) {
    for (const r of rows) {
      const at = this.cell(r.category_id, r.region, r.coord_z, Math.floor(r.coord_x), Math.floor(r.coord_y));
      const list = this.cells.get(at);
      if (list) list.push(r);
      else this.cells.set(at, [r]);
    }
  }
  private cell(category: number, region: number, z: number | null, cx: number, cy: number) {
    return `${category}|${region}|${f32(z)}|${cx}|${cy}`;
  }
  match(category: number, p: ImportPin, keyless: boolean): PinRow | undefined {
    let best: PinRow | undefined;
    let bestD = SAME_PLACE * SAME_PLACE;
    const cx = Math.floor(p.x);
    const cy = Math.floor(p.y);
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (const r of this.cells.get(this.cell(category, p.region, p.floor ?? null, cx + dx, cy + dy)) ?? []) {
          if (this.taken.has(r.id) || (keyless && r.key !== null)) continue;
          const d = (r.coord_x - p.x) ** 2 + (r.coord_y - p.y) ** 2;
          if (d <= bestD) [best, bestD] = [r, d];
        }
    if (best) this.taken.add(best.id);
    return best;
  }
}

/** Plans and (unless dry) applies the file against the database, inside the caller's transaction. */
export async function reconcile(tx: Db, file: ImportFile, opts: ImportOptions = {}): Promise<ImportReport> {
  const now = opts.now ?? Date.now();
  const write = !opts.dryRun;
  const report: ImportReport = {
    added: zero(),
    updated: zero(),
    removed: zero(),
    unchanged: zero(),
    samples: { added: [], updated: [], removed: [] },
  };
  const note = (action: 'added' | 'updated' | 'removed' | 'unchanged', kind: ImportKind, label: string, n = 1) => {
    report[action][kind] += n;
    if (action !== 'unchanged' && report.samples[action].length < SAMPLES) report.samples[action].push(`${kind} ${label}`);
  };
  let fakeId = 0;
  /** A new row's id: inserted, or in a dry run a negative stand-in that no existing row can match as a parent. */
  const insert = async (sql: string, params: unknown[]) =>
    write ? (await tx.query<{ id: number }>(sql + ' returning id', params)).rows[0]!.id : --fakeId;
  const update = async (sql: string, params: unknown[]) => {
    if (write) await tx.query(sql, params);
  };

  const q = async <R>(sql: string, params: unknown[] = []) => (await tx.query<R>(sql, params)).rows;
  const groups = new Matcher(await q<GroupRow>('select id, key, name, sort from category_groups'), () => null);
  const categories = new Matcher(await q<CategoryRow>('select id, key, name, group_id, icon, sort from categories'), (r) => r.group_id);
  const tagGroups = new Matcher(await q<TagGroupRow>('select id, key, name, category_id, sort from tag_groups'), (r) => r.category_id);
  const tags = new Matcher(
    await q<TagRow>('select id, key, name, group_id, flag from tags'),
    (r) => r.group_id,
    (r) => r.group_id,
  );
  /** Categories whose pins or own fields changed: their lastEdited moves on, so clients refetch them. */
  const touched = new Set<number>();

  // Groups not in the file keep their places; the file's follow them in the file's order.
  const fileGroupNames = new Set(file.categoryGroups.map((g) => g.name));
  const fileGroupKeys = new Set(file.categoryGroups.flatMap((g) => (g.key ? [g.key] : [])));
  const others = groups.rows.filter((r) => !(r.key !== null && fileGroupKeys.has(r.key)) && !fileGroupNames.has(r.name));
  const baseSort = Math.max(-1, ...others.map((r) => r.sort)) + 1;

  /** A tag group and its tags; the tag ids by name (the first of a name wins). */
  async function tagGroup(
    g: { key?: string; name: string; tags: { key?: string; name: string; flag?: number }[] },
    categoryId: number | null,
    sort: number,
  ): Promise<Map<string, number>> {
    const row = tagGroups.match(g.key, categoryId, g.name);
    const key = g.key ?? row?.key ?? null;
    let id: number;
    if (!row) {
      id = await insert('insert into tag_groups (category_id, name, sort, key) values ($1, $2, $3, $4)', [categoryId, g.name, sort, key]);
      note('added', 'tagGroups', g.name);
    } else {
      id = row.id;
      if (row.category_id !== categoryId || row.name !== g.name || row.sort !== sort || row.key !== key) {
        await update('update tag_groups set category_id = $2, name = $3, sort = $4, key = $5 where id = $1', [
          id,
          categoryId,
          g.name,
          sort,
          key,
        ]);
        note('updated', 'tagGroups', g.name);
      } else note('unchanged', 'tagGroups', g.name);
    }
    const ids = new Map<string, number>();
    for (const t of g.tags) {
      const tr = tags.match(t.key, id, t.name, id);
      const tkey = t.key ?? tr?.key ?? null;
      const flag = t.flag ?? null;
      let tid: number;
      if (!tr) {
        tid = await insert('insert into tags (group_id, name, flag, key) values ($1, $2, $3, $4)', [id, t.name, flag, tkey]);
        note('added', 'tags', t.name);
      } else {
        tid = tr.id;
        if (tr.name !== t.name || tr.flag !== flag || tr.key !== tkey) {
          await update('update tags set name = $2, flag = $3, key = $4 where id = $1', [tid, t.name, flag, tkey]);
          note('updated', 'tags', t.name);
        } else note('unchanged', 'tags', t.name);
      }
      if (!ids.has(t.name)) ids.set(t.name, tid);
    }
    return ids;
  }

  const shared = new Map<string, number>();
  for (const [i, tg] of (file.tagGroups ?? []).entries()) {
    for (const [k, v] of await tagGroup(tg, null, i)) if (!shared.has(k)) shared.set(k, v);
  }

  // Categories, then their pins once every category is known (a keyed pin may move between categories).
  const pinWork: { categoryId: number; pins: ImportPin[]; tagIds: Map<string, number> }[] = [];
  for (const [gi, g] of file.categoryGroups.entries()) {
    const row = groups.match(g.key, null, g.name);
    const key = g.key ?? row?.key ?? null;
    const sort = baseSort + gi;
    let groupId: number;
    if (!row) {
      groupId = await insert('insert into category_groups (name, sort, key) values ($1, $2, $3)', [g.name, sort, key]);
      note('added', 'groups', g.name);
    } else {
      groupId = row.id;
      if (row.name !== g.name || row.sort !== sort || row.key !== key) {
        await update('update category_groups set name = $2, sort = $3, key = $4 where id = $1', [groupId, g.name, sort, key]);
        note('updated', 'groups', g.name);
      } else note('unchanged', 'groups', g.name);
    }
    for (const [ci, c] of g.categories.entries()) {
      const cr = categories.match(c.key, groupId, c.name);
      const ckey = c.key ?? cr?.key ?? null;
      let catId: number;
      if (!cr) {
        catId = await insert('insert into categories (group_id, name, icon, sort, last_edited, key) values ($1, $2, $3, $4, $5, $6)', [
          groupId,
          c.name,
          c.icon,
          ci,
          now,
          ckey,
        ]);
        note('added', 'categories', c.name);
      } else {
        catId = cr.id;
        if (cr.group_id !== groupId || cr.name !== c.name || cr.icon !== c.icon || cr.sort !== ci || cr.key !== ckey) {
          await update('update categories set group_id = $2, name = $3, icon = $4, sort = $5, key = $6 where id = $1', [
            catId,
            groupId,
            c.name,
            c.icon,
            ci,
            ckey,
          ]);
          touched.add(catId);
          note('updated', 'categories', c.name);
        } else note('unchanged', 'categories', c.name);
      }
      if (write) await opts.onCategory?.(catId, [gi, ci]);
      const tagIds = new Map(shared);
      for (const [ti, tg] of (c.tagGroups ?? []).entries()) {
        // A category's own tag wins over a shared one of the same name.
        for (const [k, v] of await tagGroup(tg, catId, ti)) tagIds.set(k, v);
      }
      // The file's pins arrive with their places resolved (importFile), so they are ImportPins here.
      pinWork.push({ categoryId: catId, pins: (c.pins ?? []) as unknown as ImportPin[], tagIds });
    }
  }

  if (write) opts.onStep?.('catalogue');
  await pins(tx, pinWork, categories.taken, note, touched, write, opts.prune === true);
  if (write) opts.onStep?.('pins');

  if (opts.prune) {
    const goneCats = categories.untaken();
    const goneCatIds = goneCats.map((r) => r.id);
    const gonePins = goneCatIds.length
      ? (await q<{ n: number }>('select count(*)::int as n from pins where category_id = any($1::int[])', [goneCatIds]))[0]!.n
      : 0;
    if (gonePins) note('removed', 'pins', `(${goneCats.length} categories)`, gonePins);
    const goneTagGroups = tagGroups.untaken();
    const goneTags = tags.untaken();
    for (const r of goneTagGroups) note('removed', 'tagGroups', r.name);
    for (const r of goneTags) note('removed', 'tags', r.name);
    for (const r of goneCats) note('removed', 'categories', r.name);
    const goneGroups = groups.untaken();
    for (const r of goneGroups) note('removed', 'groups', r.name);
    if (write) {
      const ids = (rows: Named[]) => rows.map((r) => r.id);
      await tx.query('delete from pins where category_id = any($1::int[])', [goneCatIds]);
      await tx.query('delete from tags where id = any($1::int[]) or group_id = any($2::int[])', [ids(goneTags), ids(goneTagGroups)]);
      await tx.query('delete from tag_groups where id = any($1::int[])', [ids(goneTagGroups)]);
      await tx.query('delete from categories where id = any($1::int[])', [goneCatIds]);
      await tx.query('delete from category_groups where id = any($1::int[])', [ids(goneGroups)]);
    }
  }
  if (write && touched.size) {
    await tx.query('update categories set last_edited = greatest($2::bigint, last_edited + 1) where id = any($1::int[])', [
      [...touched],
      now,
    ]);
  }
  return report;
}

/** The pins of every category in the file: matched, compared, and added, updated or (prune) removed in bulk. */
async function pins(
  tx: Db,
  work: { categoryId: number; pins: ImportPin[]; tagIds: Map<string, number> }[],
  knownCategories: Set<number>,
  note: (action: 'added' | 'updated' | 'removed' | 'unchanged', kind: ImportKind, label: string, n?: number) => void,
  touched: Set<number>,
  write: boolean,
  prune: boolean,
): Promise<void> {
  const fileKeys = work.flatMap((w) => w.pins.flatMap((p) => (p.key ? [p.key] : [])));
  const catIds = [...knownCategories];
  const rows = (
    await tx.query<PinRow>(
      `select id, key, category_id, region, coord_x, coord_y, coord_z, floor_area_id, description, image, registerer_id
         from pins where category_id = any($1::int[]) or key = any($2::text[])`,
      [catIds, fileKeys],
    )
  ).rows;
  const tagsOf = new Map<number, number[]>();
  for (const r of (
    await tx.query<{ pin_id: number; tag_id: number }>(
      'select pin_id, tag_id from pin_tags where pin_id in (select id from pins where category_id = any($1::int[]) or key = any($2::text[])) order by pin_id, tag_id',
      [catIds, fileKeys],
    )
  ).rows) {
    const list = tagsOf.get(r.pin_id);
    if (list) list.push(r.tag_id);
    else tagsOf.set(r.pin_id, [r.tag_id]);
  }
  const taken = new Set<number>();
  const byKey = new Map(rows.filter((r) => r.key !== null).map((r) => [r.key!, r]));
  const places = new PlaceIndex(rows, taken);

  const added: (PinColumns & { tags: number[] })[] = [];
  const changed: (PinColumns & { id: number })[] = [];
  const retagged: { id: number; tags: number[] }[] = [];
  // Keyed pins first, so that a keyless neighbour cannot take a keyed pin's row.
  const ordered = work.flatMap((w) => w.pins.map((p) => ({ w, p }))).sort((a, b) => Number(!a.p.key) - Number(!b.p.key));
  for (const { w, p } of ordered) {
    let row = p.key ? byKey.get(p.key) : undefined;
    if (row && taken.has(row.id)) row = undefined;
    if (row) taken.add(row.id);
    else row = places.match(w.categoryId, p, p.key !== undefined);
    const want = pinColumns(p, w.categoryId, p.key ?? row?.key ?? null);
    const tagIds = [...new Set((p.tags ?? []).flatMap((n) => w.tagIds.get(n) ?? []))].sort((a, b) => a - b);
    const label = p.key ?? `${p.region}:${p.x},${p.y}`;
    if (!row) {
      added.push({ ...want, tags: tagIds });
      touched.add(w.categoryId);
      note('added', 'pins', label);
      continue;
    }
    const fieldsSame = samePin(row, want);
    const tagsSame = sameIds(tagsOf.get(row.id) ?? [], tagIds);
    if (fieldsSame && tagsSame) {
      note('unchanged', 'pins', label);
      continue;
    }
    if (!fieldsSame) changed.push({ ...want, id: row.id });
    if (!tagsSame) retagged.push({ id: row.id, tags: tagIds });
    touched.add(row.category_id).add(w.categoryId);
    note('updated', 'pins', label);
  }
  // Pins of the file's categories that it no longer holds; pins players registered stay.
  const gone = prune ? rows.filter((r) => !taken.has(r.id) && r.registerer_id === null && knownCategories.has(r.category_id)) : [];
  for (const r of gone) {
    note('removed', 'pins', r.key ?? `${r.region}:${r.coord_x},${r.coord_y}`);
    touched.add(r.category_id);
  }
  if (!write) return;

  if (gone.length) await tx.query('delete from pins where id = any($1::int[])', [gone.map((r) => r.id)]);
  if (changed.length) {
    for (let i = 0; i < changed.length; i += 5000) {
      await tx.query(
        `update pins p set category_id = x.category_id, region = x.region, coord_x = x.coord_x, coord_y = x.coord_y, coord_z = x.coord_z, floor_area_id = x.floor_area_id,
                description = x.description, image = x.image, key = x.key, updated_at = now()
           from json_to_recordset($1::json) as x(id int, category_id int, region int, coord_x real, coord_y real, coord_z real,
                floor_area_id int, description text, image text, key text)
          where p.id = x.id`,
        [JSON.stringify(changed.slice(i, i + 5000))],
      );
    }
  }
  const links: { pin_id: number; tag_id: number }[] = [];
  if (retagged.length) {
    await tx.query('delete from pin_tags where pin_id = any($1::int[])', [retagged.map((r) => r.id)]);
    for (const r of retagged) for (const tag of r.tags) links.push({ pin_id: r.id, tag_id: tag });
  }
  if (added.length) {
    const ids = (
      await tx.query<{ id: number }>("select nextval(pg_get_serial_sequence('pins', 'id'))::int as id from generate_series(1, $1::int)", [
        added.length,
      ])
    ).rows.map((r) => r.id);
    const withIds = added.map(({ tags: pinTags, ...p }, i) => {
      for (const tag of pinTags) links.push({ pin_id: ids[i]!, tag_id: tag });
      return { ...p, id: ids[i]! };
    });
    await bulkInsert(
      tx,
      'pins',
      [
        ['id', 'int'],
        ['category_id', 'int'],
        ['region', 'int'],
        ['coord_x', 'real'],
        ['coord_y', 'real'],
        ['coord_z', 'real'],
        ['floor_area_id', 'int'],
        ['description', 'text'],
        ['image', 'text'],
        ['key', 'text'],
      ],
      withIds,
    );
  }
  if (links.length)
    await bulkInsert(
      tx,
      'pin_tags',
      [
        ['pin_id', 'int'],
        ['tag_id', 'int'],
      ],
      links,
      20_000,
    );
}
