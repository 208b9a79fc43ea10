import { regionById } from './geometry';

/** Korean name of a floor: the base map, an upper floor or an underground level. */
export function floorLabel(depth: number | null): string {
  if (depth == null || depth === 0) return '지상';
  return depth > 0 ? `${depth}층` : `지하 ${-depth}층`;
}

/** The floors a region offers: the base map plus every sub-map depth, top floor first. */
export function regionFloors(regionId: number): (number | null)[] {
  const info = regionById(regionId).info;
  const depths = [...new Set(info.subs.map((s) => s.depth).filter((d) => d !== info.floor))].sort((a, b) => b - a);
  const upper = depths.filter((d) => d > info.floor);
  const lower = depths.filter((d) => d < info.floor);
  return [...upper, null, ...lower];
}
