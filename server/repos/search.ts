import type { Db } from '../db';
import type { MyPins, PinHit, SearchResult } from '../../common/api';
import { matchRange, pinNumberOf, searchKey } from '../../common/search-text';

const SNIPPET = 80;

/** ILIKE pattern matching `q` literally anywhere (%, _ and \ escaped). */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * common/search-text.ts searchKey in SQL, for `x`: the expression of pins.search_text
 * (migration 011), applied to category and tag names at query time (small tables).
 */
export function searchKeySql(x: string): string {
  return `translate(regexp_replace(lower(normalize(regexp_replace(normalize(coalesce(${x}, ''), NFD), '[\\u0300-\\u036f]', '', 'g'), NFC)), '\\s+', '', 'g'), 'đ', 'd')`;
}

function snippetOf(text: string | null, q: string): string {
  if (!text) return '';
  const at = matchRange(text, q)?.[0] ?? -1;
  if (at < 0 || text.length <= SNIPPET) return text.slice(0, SNIPPET);
  const start = Math.max(0, Math.min(at - 20, text.length - SNIPPET));
  return `${start > 0 ? '…' : ''}${text.slice(start, start + SNIPPET)}${start + SNIPPET < text.length ? '…' : ''}`;
}

interface HitRow {
  id: number;
  region: number;
  category_id: number;
  category_name: string;
  icon: number;
  coord_x: number;
  coord_y: number;
  coord_z: number | null;
  description: string | null;
  created_at?: unknown;
  checked?: boolean;
  tags?: string[] | null;
  note?: string | null;
}

function hit(r: HitRow, q: string, notes = false): PinHit {
  const h: PinHit = {
    id: r.id,
    region: r.region,
    categoryId: r.category_id,
    categoryName: r.category_name,
    icon: r.icon,
    coordX: r.coord_x,
    coordY: r.coord_y,
    coordZ: r.coord_z,
    snippet: snippetOf(notes ? (r.note ?? null) : r.description, q),
  };
  if (r.created_at !== undefined) h.createdAt = r.created_at instanceof Date ? r.created_at.toISOString() : String(r.created_at);
  if (r.checked !== undefined) h.checked = r.checked;
  if (r.tags !== undefined) h.tags = r.tags ?? [];
  if (r.note != null) h.note = r.note;
  return h;
}

/** What a search narrows to, and where a page starts. */
export interface SearchOptions {
  limit: number;
  region?: number;
  category?: number;
  /** Only pins the caller has not found (needs `userId`). */
  unfound?: boolean;
  /** The caller, for found state and `unfound`; null for a visitor. */
  userId: number | null;
  /** The `next` of the previous page; absent for the first page. */
  after?: string;
  /** "내 메모": only pins whose private note of the caller matches (needs `userId`; an empty query lists every note). */
  notes?: boolean;
}

/** A cursor: the last pin id of the previous page, as a decimal string; null when malformed. */
export function parseCursor(after: string): number | null {
  if (!/^[0-9]{1,10}$/.test(after)) return null;
  const id = Number(after);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * Categories whose name (or group's) matches, and one page of the pins whose description, tag names
 * or category name match, in id order from the cursor (keyset: a page deep in the list costs what
 * the first does), with how many pins match in all on the first page. Matching is searchKey's:
 * case-, accent- and spacing-insensitive. A query that names a pin number (`16654`, `핀 번호 16654`)
 * puts that pin first.
 */
export async function search(db: Db, q: string, o: SearchOptions): Promise<SearchResult> {
  const pattern = containsPattern(searchKey(q));
  const number = pinNumberOf(q);
  const first = o.after === undefined;
  const from = first ? 0 : parseCursor(o.after!);
  if (from === null) return { query: q, categories: [], pins: [], next: null };
  // The pin a number names comes first, on the first page; the list then leaves it out (its id is a checked integer).
  let numbered = false;
  const rows: HitRow[] = [];
  const notes = o.notes === true && o.userId != null;
  const match = notes ? 'true' : MATCH;
  if (first && number !== null && !notes) {
    const params: unknown[] = [];
    const r = (await db.query<HitRow>(`${selectHits(o, params)} where ${pinFilter(o, params)} and p.id = $${params.push(number)}`, params))
      .rows;
    numbered = r.length > 0;
    rows.push(...r);
  }
  const notNumbered = numbered ? ` and p.id <> ${number}` : '';
  const want = o.limit - rows.length;
  const params: unknown[] = [pattern];
  const sql = `${MATCHED} ${selectHits(o, params)} where ${pinFilter(o, params)} and ${match}${notNumbered}
    and p.id > $${params.push(from)} order by p.id limit $${params.push(want + 1)}`;
  const page = (await db.query<HitRow>(sql, params)).rows;
  let next: string | null = null;
  if (page.length > want) {
    page.length = want;
    next = String(page.at(-1)?.id ?? from);
  }
  rows.push(...page);

  const result: SearchResult = { query: q, categories: [], pins: rows.map((r) => hit(r, q, notes)), next };
  if (first) {
    const params: unknown[] = [pattern];
    const sql = `${MATCHED} select count(*)::int as n from pins p where ${pinFilter(o, params)} and ${match}${notNumbered}`;
    result.total = ((await db.query<{ n: number }>(sql, params)).rows[0]?.n ?? 0) + (numbered ? 1 : 0);
    if (notes) return result;
    const inRegion = o.region === undefined ? '' : ' and p.region = $2';
    result.categories = (
      await db.query<{ id: number; name: string; icon: number; group_name: string; pin_count: number }>(
        `select c.id, c.name, c.icon, g.name as group_name,
           (select count(*)::int from pins p where p.category_id = c.id and not p.hidden${inRegion}) as pin_count
         from categories c join category_groups g on g.id = c.group_id
         where ${searchKeySql('c.name')} like $1 or ${searchKeySql('g.name')} like $1 order by g.sort, c.sort, c.id limit 50`,
        o.region === undefined ? [pattern] : [pattern, o.region],
      )
    ).rows.map((c) => ({ id: c.id, name: c.name, icon: c.icon, groupName: c.group_name, pinCount: c.pin_count }));
  }
  return result;
}

// The tags and categories whose names match $1 (small tables: their keys are computed per query).
const MATCHED = `with matched_tags as (select id from tags where ${searchKeySql('name')} like $1),
  matched_categories as (select c.id from categories c join category_groups g on g.id = c.group_id
    where ${searchKeySql('c.name')} like $1 or ${searchKeySql('g.name')} like $1)`;
const MATCH = `(p.search_text like $1 or p.category_id in (select id from matched_categories)
  or exists (select 1 from pin_tags pt where pt.pin_id = p.id and pt.tag_id in (select id from matched_tags)))`;

/** The columns of a hit, with found state and tag names for the caller; parameters go into `params`. */
function selectHits(o: SearchOptions, params: unknown[]): string {
  const user = o.userId == null ? null : `$${params.push(o.userId)}`;
  const checked = user == null ? 'false' : `exists (select 1 from checks k where k.user_id = ${user} and k.pin_id = p.id)`;
  const note = user == null ? 'null' : `(select n.body from pin_notes n where n.user_id = ${user} and n.pin_id = p.id)`;
  return `select p.id, p.region, p.category_id, c.name as category_name, c.icon, p.coord_x, p.coord_y, p.coord_z, p.description,
      ${checked} as checked, ${note} as note,
      (select array_agg(t.name order by t.id) from pin_tags pt join tags t on t.id = pt.tag_id where pt.pin_id = p.id) as tags
    from pins p join categories c on c.id = p.category_id`;
}

/**
 * The filters (visible pins, region, category, not yet found, the caller's notes matching $1) as SQL on `p`;
 * parameters go into `params`.
 */
function pinFilter(o: SearchOptions, params: unknown[]): string {
  const f = ['not p.hidden'];
  if (o.notes && o.userId != null)
    f.push(`exists (select 1 from pin_notes n where n.user_id = $${params.push(o.userId)} and n.pin_id = p.id and n.search_text like $1)`);
  if (o.region !== undefined) f.push(`p.region = $${params.push(o.region)}`);
  if (o.category !== undefined) f.push(`p.category_id = $${params.push(o.category)}`);
  if (o.unfound && o.userId != null)
    f.push(`not exists (select 1 from checks k where k.user_id = $${params.push(o.userId)} and k.pin_id = p.id)`);
  return f.join(' and ');
}

/** The pins a user registered, newest first (a pin hidden by a moderator reads as gone, here too). */
export async function pinsOf(db: Db, userId: number, n: number, page: number): Promise<MyPins> {
  const total =
    (await db.query<{ n: number }>('select count(*)::int as n from pins where registerer_id = $1 and not hidden', [userId])).rows[0]?.n ??
    0;
  const rows = (
    await db.query<HitRow>(
      `select p.id, p.region, p.category_id, c.name as category_name, c.icon, p.coord_x, p.coord_y, p.coord_z, p.description, p.created_at
       from pins p join categories c on c.id = p.category_id where p.registerer_id = $1 and not p.hidden order by p.created_at desc, p.id desc offset $2 limit $3`,
      [userId, page * n, n],
    )
  ).rows;
  return { total, page, n, pins: rows.map((r) => hit(r, '')) };
}
