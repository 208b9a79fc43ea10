import { regionById } from './geometry';
import { floorAreaAt, floorAreaById, pinOnlyFloors, tileSetFloorAreas, type WorldFloorArea } from './world';

/** Korean name of a floor: the base map, an upper floor or an underground level. */
export function floorLabel(depth: number | null): string {
  if (depth == null || depth === 0) return '지상';
  return depth > 0 ? `${depth}층` : `지하 ${-depth}층`;
}

/**
 * The floors a region offers: the base map plus every floor-area depth of its tile set and every depth that
 * holds pins without an area (so each pin's floor can be reached), top floor first.
 */
export function regionFloors(regionId: number): (number | null)[] {
  const info = regionById(regionId).info;
  const all = [...info.subs.map((s) => s.depth), ...pinOnlyFloors(regionId)];
  const depths = [...new Set(all.filter((d) => d !== info.floor))].sort((a, b) => b - a);
  const upper = depths.filter((d) => d > info.floor);
  const lower = depths.filter((d) => d < info.floor);
  return [...upper, null, ...lower];
}

/** One floor of the selector: its depth (null = the base map) and the named floor areas on it. */
export interface FloorGroup {
  readonly depth: number | null;
  readonly label: string;
  readonly areas: readonly WorldFloorArea[];
}

/**
 * The region's floors, top first, each with the region's own floor areas at that depth (by label). Regions
 * that share a tile set list their own areas; the others' are a region switch away.
 */
export function regionFloorGroups(regionId: number): FloorGroup[] {
  const areas = tileSetFloorAreas(regionId).filter((a) => a.regionId === regionId);
  return regionFloors(regionId).map((depth) => ({
    depth,
    label: floorLabel(depth),
    areas: depth == null ? [] : areas.filter((a) => a.depth === depth).sort((a, b) => a.label.localeCompare(b.label, 'ko')),
  }));
}

/**
 * The name of a pin's floor: its floor area's label with the depth (`금주 지하도시 · 지하 1층`), found by the
 * pin's floor area id or else by its position, or the bare depth when no area holds it.
 */
export function pinFloorLabel(regionId: number, depth: number | null, x: number, y: number, floorAreaId?: number | null): string {
  const named = floorAreaId != null ? floorAreaById(floorAreaId) : undefined;
  const area = named && named.depth === depth ? named : floorAreaAt(regionId, depth, x, y);
  const label = floorLabel(depth);
  return area && area.label !== label ? `${area.label} · ${label}` : label;
}
