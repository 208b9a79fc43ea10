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

/** Progress per category and per region. */
export interface Progress {
  byCategory: Record<number, Counts>;
  byRegion: Record<number, Counts>;
}

/** Sums the server's rows per category and per region. */
export function aggregateProgress(rows: readonly ProgressRow[]): Progress {
  const byCategory: Record<number, Counts> = {};
  const byRegion: Record<number, Counts> = {};
  for (const r of rows) {
    const c = (byCategory[r.categoryId] ??= { total: 0, checked: 0 });
    c.total += r.total;
    c.checked += r.checked;
    const g = (byRegion[r.region] ??= { total: 0, checked: 0 });
    g.total += r.total;
    g.checked += r.checked;
  }
  return { byCategory, byRegion };
}
