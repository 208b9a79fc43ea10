import type { PinCounts } from './api';
import type { CategoryPins } from './CategoryPins';
import type { LivePin } from './LivePins';
import { passes, passesLive, type Compiled } from './pin-filter';

/** Found/total per category and per region over the pins (loaded and live) passing the filter. */
export function countPins(categories: Iterable<CategoryPins>, live: Iterable<LivePin>, f: Compiled, checked: ReadonlySet<number>): PinCounts {
  const out: PinCounts = { byCategory: {}, byRegion: {} };
  for (const c of categories) {
    const cat = (out.byCategory[c.categoryId] ??= { total: 0, checked: 0 });
    for (let i = 0; i < c.count; i++) {
      if (!passes(c, i, f)) continue;
      const ch = c.checked[i]!;
      cat.total++;
      cat.checked += ch;
      const r = c.regionOf(i);
      if (r >= 0) {
        const reg = (out.byRegion[r] ??= { total: 0, checked: 0 });
        reg.total++;
        reg.checked += ch;
      }
    }
  }
  for (const p of live) {
    if (!passesLive(p, f, checked)) continue;
    const ch = checked.has(p.rec.id) ? 1 : 0;
    for (const [table, key] of [[out.byCategory, p.rec.categoryId], [out.byRegion, p.rec.region]] as const) {
      if (key == null) continue;
      const e = (table[key] ??= { total: 0, checked: 0 });
      e.total++;
      e.checked += ch;
    }
  }
  return out;
}
