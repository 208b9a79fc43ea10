import type { Db } from '../db';
import type { MyPins, PinHit, SearchResult } from '../../common/api';

const SNIPPET = 80;

/** ILIKE pattern matching `q` literally anywhere (%, _ and \ escaped). */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function snippetOf(text: string | null, q: string): string {
  if (!text) return '';
  const i = text.toLowerCase().indexOf(q.toLowerCase());
  if (i < 0 || text.length <= SNIPPET) return text.slice(0, SNIPPET);
  const start = Math.max(0, Math.min(i - 20, text.length - SNIPPET));
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
}

function hit(r: HitRow, q: string): PinHit {
  const h: PinHit = {
    id: r.id,
    region: r.region,
    categoryId: r.category_id,
    categoryName: r.category_name,
    icon: r.icon,
    coordX: r.coord_x,
    coordY: r.coord_y,
    coordZ: r.coord_z,
    snippet: snippetOf(r.description, q),
  };
  if (r.created_at !== undefined) h.createdAt = r.created_at instanceof Date ? r.created_at.toISOString() : String(r.created_at);
  return h;
}

/**
 * Categories whose name matches, and pins whose description or one of whose tags matches
 * (ordered by id, at most `limit`), with how many pins matched in all.
 */
export async function search(db: Db, q: string, limit: number): Promise<SearchResult> {
  const pattern = containsPattern(q);
  const categories = (
    await db.query<{ id: number; name: string; icon: number; group_name: string; pin_count: number }>(
      `select c.id, c.name, c.icon, g.name as group_name, (select count(*)::int from pins p where p.category_id = c.id and not p.hidden) as pin_count
       from categories c join category_groups g on g.id = c.group_id where c.name ilike $1 order by g.sort, c.sort, c.id limit 50`,
      [pattern],
    )
  ).rows.map((c) => ({ id: c.id, name: c.name, icon: c.icon, groupName: c.group_name, pinCount: c.pin_count }));
  const where = `not p.hidden and (p.description ilike $1 or exists (select 1 from pin_tags pt join tags t on t.id = pt.tag_id where pt.pin_id = p.id and t.name ilike $1))`;
  const total = (await db.query<{ n: number }>(`select count(*)::int as n from pins p where ${where}`, [pattern])).rows[0]?.n ?? 0;
  const rows = (
    await db.query<HitRow>(
      `select p.id, p.region, p.category_id, c.name as category_name, c.icon, p.coord_x, p.coord_y, p.coord_z, p.description
       from pins p join categories c on c.id = p.category_id where ${where} order by p.id limit $2`,
      [pattern, limit],
    )
  ).rows;
  return { query: q, categories, total, pins: rows.map((r) => hit(r, q)) };
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
