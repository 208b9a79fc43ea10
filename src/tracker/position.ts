import { extentContains, gameToWorld, locateRegion, type Region } from '../../common/regions';
import type { PlayerInfo } from '../../common/tracker/protocol';

/**
 * Game height (cm) of one sub-map floor. The real per-floor heights are not known; 20 m per
 * floor puts a tower's upper floors and a cave's depths on the right sub-map of that spot.
 */
export const FLOOR_HEIGHT_CM = 2000;

/** A position ready for the map: region, world point, heading and floor, with its arrival time. */
export interface TrackerSample {
  /** Arrival time (ms, the connection's clock). */
  at: number;
  info: PlayerInfo;
  regionId: number;
  /** World units (map pixels at scale 100). */
  x: number;
  y: number;
  /** Radians on the map, clockwise from +x (east) because the map's y axis points down. */
  heading: number;
  /** Sub-map depth the player is on (pins' coordZ), or null on the base map. */
  floor: number | null;
}

/** The map heading of a game yaw (degrees) under a region's game→world transform. */
export function headingOf(region: Region, yawDeg: number): number {
  const r = (yawDeg * Math.PI) / 180;
  const { a, b, d, e } = region.game;
  const cx = Math.cos(r);
  const cy = Math.sin(r);
  return Math.atan2(d * cx + e * cy, a * cx + b * cy);
}

/** The sub-map floor at a world point for a game height, or null for the base map. */
export function floorAt(region: Region, x: number, y: number, z: number): number | null {
  const level = Math.round(z / FLOOR_HEIGHT_CM);
  if (level === 0) return null;
  let best: number | null = null;
  for (const sub of region.info.subs) {
    if (!extentContains(sub.extent, x, y) || Math.sign(sub.depth) !== Math.sign(level)) continue;
    // The floor nearest to the height among those drawn here.
    if (best === null || Math.abs(sub.depth - level) < Math.abs(best - level)) best = sub.depth;
  }
  return best;
}

/**
 * Maps a tracker reading onto the map: the current region while it still contains the point,
 * otherwise the region whose game box does. Null when no region holds the point.
 */
export function toSample(info: PlayerInfo, at: number, currentRegionId?: number): TrackerSample | null {
  const region = locateRegion(info.x, info.y, currentRegionId);
  if (!region) return null;
  const w = gameToWorld(region.game, info.x, info.y);
  return { at, info, regionId: region.id, x: w.x, y: w.y, heading: headingOf(region, info.yaw), floor: floorAt(region, w.x, w.y, info.z) };
}
