import type { Db } from '../db';
import type { FilterPreset } from '../../common/api';

interface PresetRow {
  id: number;
  name: string;
  categories: number[];
  tags: number[];
  hide_checked: boolean;
  updated_at: number | string;
}

const toPreset = (r: PresetRow): FilterPreset => ({
  id: r.id,
  name: r.name,
  categories: r.categories,
  tags: r.tags,
  hideChecked: r.hide_checked,
  updatedAt: Number(r.updated_at),
});

/** The player's filter presets, by name. */
export async function presetsOf(db: Db, userId: number): Promise<FilterPreset[]> {
  const { rows } = await db.query<PresetRow>(
    'select id, name, categories, tags, hide_checked, updated_at from filter_presets where user_id = $1 order by name, id',
    [userId],
  );
  return rows.map(toPreset);
}

/** What a preset holds. */
export interface PresetBody {
  name: string;
  categories: number[];
  tags: number[];
  hideChecked: boolean;
}

/**
 * Saves a preset under its name (a name the player has already used is replaced), unless that would make more
 * than `max` presets: then nothing is written and the answer is false. Taken under the player's row lock, so two
 * devices saving at once cannot pass the limit together.
 */
export async function putPreset(db: Db, userId: number, p: PresetBody, max: number, now: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('select id from users where id = $1 for update', [userId]);
    const { rows } = await tx.query<{ n: number; same: boolean }>(
      'select count(*)::int as n, coalesce(bool_or(name = $2), false) as same from filter_presets where user_id = $1',
      [userId, p.name],
    );
    if (!rows[0]?.same && (rows[0]?.n ?? 0) >= max) return false;
    await tx.query(
      `insert into filter_presets (user_id, name, categories, tags, hide_checked, updated_at) values ($1, $2, $3, $4, $5, $6)
       on conflict (user_id, name) do update set categories = excluded.categories, tags = excluded.tags,
         hide_checked = excluded.hide_checked, updated_at = excluded.updated_at`,
      [userId, p.name, p.categories, p.tags, p.hideChecked, now],
    );
    return true;
  });
}

/** Deletes one of the player's presets; false when they have none by that id. */
export async function deletePreset(db: Db, userId: number, id: number): Promise<boolean> {
  const { rowCount } = await db.query('delete from filter_presets where user_id = $1 and id = $2', [userId, id]);
  return (rowCount ?? 0) > 0;
}
