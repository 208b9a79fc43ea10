// Progress (found/total) as the server counts it: GET /api/v1/pin/progress. Both sides use these types.

/** One category's pins in one region: how many there are and how many the caller has found. */
export interface ProgressRow {
  categoryId: number;
  region: number;
  total: number;
  checked: number;
}

/** Found/total of a category or a region. */
export interface Counts {
  total: number;
  checked: number;
}

/** A pin the player has not found yet (GET /api/v1/pin/progress?region&categoryId: "남은 핀"). */
export interface LeftPin {
  id: number;
  /** The first line of its description (up to 80 characters), '' when it has none. */
  description: string;
  floor: number | null;
}

/** Progress per category, per region, and per category within each region. */
export interface Progress {
  byCategory: Record<number, Counts>;
  byRegion: Record<number, Counts>;
  /** byRegionCategory[region][categoryId]: a region's progress in one category (the panel's counts, /mypage's table). */
  byRegionCategory: Record<number, Record<number, Counts>>;
}

/** Sums the server's rows per category and per region, and keeps them per region and category. */
export function aggregateProgress(rows: readonly ProgressRow[]): Progress {
  const byCategory: Record<number, Counts> = {};
  const byRegion: Record<number, Counts> = {};
  const byRegionCategory: Record<number, Record<number, Counts>> = {};
  for (const r of rows) {
    const rc = ((byRegionCategory[r.region] ??= {})[r.categoryId] ??= { total: 0, checked: 0 });
    rc.total += r.total;
    rc.checked += r.checked;
    const c = (byCategory[r.categoryId] ??= { total: 0, checked: 0 });
    c.total += r.total;
    c.checked += r.checked;
    const g = (byRegion[r.region] ??= { total: 0, checked: 0 });
    g.total += r.total;
    g.checked += r.checked;
  }
  return { byCategory, byRegion, byRegionCategory };
}
