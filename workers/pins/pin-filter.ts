// Which pins a call considers: a PinFilter compiled once, then tested per pin (loaded or live).
import type { PinFilter } from './api';
import type { CategoryPins } from './CategoryPins';
import type { LivePin } from './LivePins';

/** A PinFilter made ready for per-pin tests. */
export interface Compiled {
  categories: Set<number> | null;
  region: number;
  regions: Set<number> | null;
  hideChecked: boolean;
  /** 0: every floor, 1: base map only, 2: `floor` only. */
  floorMode: 0 | 1 | 2;
  floor: number;
  tags: Set<number> | null;
}

/** Compiles a filter once, for the per-pin tests below. */
export function compile(f: PinFilter | undefined): Compiled {
  return {
    categories: f?.categories ? new Set(f.categories) : null,
    region: f?.region ?? -1,
    regions: f?.regions ? new Set(f.regions) : null,
    hideChecked: f?.hideChecked ?? false,
    floorMode: f?.floor === undefined ? 0 : f.floor === null ? 1 : 2,
    floor: f?.floor ?? 0,
    tags: f?.tags?.length ? new Set(f.tags) : null,
  };
}

/** Whether loaded pin i of a category passes the filter. */
export function passes(c: CategoryPins, i: number, f: Compiled): boolean {
  if (c.dead !== null && c.dead[i] === 1) return false;
  if (f.region >= 0 && c.data.region[i] !== f.region) return false;
  if (f.regions && !f.regions.has(c.data.region[i]!)) return false;
  if (f.hideChecked && c.isFound(i)) return false;
  if (f.floorMode !== 0) {
    const z = c.data.z[i]!;
    if (f.floorMode === 1 ? z === z : z !== f.floor) return false;
  }
  return !f.tags || c.hasAnyTag(i, f.tags);
}

/** Whether a live pin (created or changed after load) passes the filter. */
export function passesLive(p: LivePin, f: Compiled, checked: ReadonlySet<number>): boolean {
  const r = p.rec;
  if (f.categories && !f.categories.has(r.categoryId ?? -1)) return false;
  if (f.region >= 0 && r.region !== f.region) return false;
  if (f.regions && !f.regions.has(r.region ?? -1)) return false;
  if (f.hideChecked && checked.has(r.id)) return false;
  if (f.floorMode === 1 && r.coordZ != null) return false;
  if (f.floorMode === 2 && r.coordZ !== f.floor) return false;
  return !f.tags || r.tagIds.some((t) => f.tags!.has(t));
}
