import type { Db } from '../db';
import { MATCH_METRES, type RivalBackup, type RivalProfileMatch } from '../../common/rival-backup';
import { searchKey } from '../../common/search-text';
import type { ImportedPin } from './progress';

/*
 * Progress from the other fan map (issue 22 item 5): its markers matched to our pins. First by key: pins imported
 * from the same data carry its marker's identity in `pins.key` (issue 20, migration 015 on another branch: read only
 * where the column exists); a marker's own `key`, else its id. Else by position: the nearest visible pin of the
 * marker's category (by name, as search compares names) within MATCH_METRES, in the marker's region where it names
 * one. Each of our pins takes at most one marker (the nearest).
 */

let keyColumn: boolean | undefined;
/** Whether pins have a `key` column (the real-data import's migration). */
async function hasPinKeys(db: Db): Promise<boolean> {
  if (keyColumn) return true;
  const { rows } = await db.query(
    "select 1 from information_schema.columns where table_schema = current_schema() and table_name = 'pins' and column_name = 'key'",
  );
  keyColumn = rows.length > 0;
  return keyColumn;
}

/** Our pin for each marker id of the backup that matches one, and how. */
export async function matchMarkers(db: Db, backup: RivalBackup): Promise<Map<string, { pin: number; how: 'key' | 'position' }>> {
  const wanted = new Set(backup.profiles.flatMap((p) => p.found.map((f) => f.marker)));
  const info = new Map(backup.markers.map((m) => [m.id, m]));
  const out = new Map<string, { pin: number; how: 'key' | 'position' }>();
  if (wanted.size === 0) return out;
  if (await hasPinKeys(db)) {
    const keys = [...wanted].map((id) => info.get(id)?.key ?? id);
    const { rows } = await db.query<{ key: string; id: number }>('select key, id from pins where key = any($1::text[]) and not hidden', [
      keys,
    ]);
    const byKey = new Map(rows.map((r) => [r.key, r.id]));
    for (const id of wanted) {
      const pin = byKey.get(info.get(id)?.key ?? id);
      if (pin !== undefined) out.set(id, { pin, how: 'key' });
    }
  }
  // By position: markers with a category and a place, not matched by key.
  const cats = await db.query<{ id: number; name: string }>('select id, name from categories');
  const catByName = new Map(cats.rows.map((c) => [searchKey(c.name), c.id]));
  const near = [...wanted].flatMap((id) => {
    const m = info.get(id);
    const cat = m?.category === undefined ? undefined : catByName.get(searchKey(m.category));
    return out.has(id) || !m || cat === undefined || m.x === undefined || m.y === undefined
      ? []
      : [{ id, cat, x: m.x, y: m.y!, region: m.region }];
  });
  if (near.length === 0) return out;
  const { rows } = await db.query<{ k: number; pin: number; d: number }>(
    `select t.k, p.id as pin, p.d
       from unnest($1::int[], $2::float8[], $3::float8[], $4::int[]) with ordinality as t(cat, x, y, region, k)
       cross join lateral (
         select q.id, sqrt((q.coord_x - t.x) ^ 2 + (q.coord_y - t.y) ^ 2) as d from pins q
          where q.category_id = t.cat and not q.hidden and (t.region is null or q.region = t.region)
            and q.coord_x between t.x - $5 and t.x + $5 and q.coord_y between t.y - $5 and t.y + $5
          order by d, q.id limit 1
       ) p
      where p.d <= $5`,
    [near.map((n) => n.cat), near.map((n) => n.x), near.map((n) => n.y), near.map((n) => n.region ?? null), MATCH_METRES],
  );
  // Each pin takes the nearest marker; a marker whose pin went to a nearer one stays unmatched.
  const taken = new Set([...out.values()].map((v) => v.pin));
  for (const r of [...rows].sort((a, b) => a.d - b.d)) {
    if (taken.has(r.pin)) continue;
    taken.add(r.pin);
    out.set(near[Number(r.k) - 1]!.id, { pin: r.pin, how: 'position' });
  }
  return out;
}

/** Each profile's counts, and the pins of profile `index` to import (with the backup's times where it has them). */
export function summarise(backup: RivalBackup, matches: Map<string, { pin: number; how: 'key' | 'position' }>) {
  const profiles: RivalProfileMatch[] = backup.profiles.map((p, index) => {
    let byKey = 0;
    let byPosition = 0;
    for (const f of p.found) {
      const m = matches.get(f.marker);
      if (m?.how === 'key') byKey++;
      else if (m) byPosition++;
    }
    return {
      index,
      name: p.name,
      found: p.found.length,
      matched: byKey + byPosition,
      unmatched: p.found.length - byKey - byPosition,
      byKey,
      byPosition,
    };
  });
  const pinsOf = (index: number): ImportedPin[] => {
    const pins = new Map<number, ImportedPin>();
    for (const f of backup.profiles[index]?.found ?? []) {
      const m = matches.get(f.marker);
      if (!m) continue;
      const had = pins.get(m.pin)?.checkedAt;
      const at = had === undefined ? f.at : f.at === undefined ? had : Math.min(had, f.at);
      pins.set(m.pin, at === undefined ? { pinId: m.pin } : { pinId: m.pin, checkedAt: at });
    }
    return [...pins.values()];
  };
  return { profiles, pinsOf };
}
