// Zoom levels of the pin layout, shared by the pins worker (which lays pins out per level) and
// the map engine (which draws the level its zoom is in). Level k covers zooms [2^(k-6), 2^(k-5)):
// level 0 is the furthest overview (zoom 1/64), level LEVEL_COUNT-1 the closest (zoom 2 to 4).
// Every level's cells are half the size of the level below, so they nest: a pin shown at one
// level stays shown at every closer one (no pin pops out while zooming in).

/** How many layout levels there are (zoom 1/64 … 4). */
export const LEVEL_COUNT = 9;
/** A pin never drawn at any level (filtered out or hidden as found). */
export const LEVEL_NEVER = 255;
/**
 * Levels below this aggregate: a cell with several pins shows one marker with its count and found
 * share. Zoom 1/8 is the camera's floor on screens wider than the region (a 4K streamer's whole
 * region), so it aggregates too: the overview reads the same on every screen.
 */
export const AGGREGATE_LEVELS = 4;
/** Levels below this draw pins as dots; from here to FULL_ICON_LEVEL as small icons. */
export const SMALL_ICON_LEVEL = 4;
/** From this level on pins are full icons. */
export const FULL_ICON_LEVEL = 5;
/** The closest level shows every pin (declutter stops there, so every pin can be reached). */
export const ALL_PINS_LEVEL = LEVEL_COUNT - 1;

/** CSS pixels of an aggregate cell (one marker per cell at most). */
export const AGGREGATE_CELL_PX = 52;
/** CSS pixels of a declutter cell at dot and icon levels (one marker per cell at most). */
export const DECLUTTER_CELL_PX = 26;

/** The zoom at which level k starts. */
export function levelZoom(k: number): number {
  return 2 ** (k - 6);
}

/** The level a zoom is in. */
export function levelForZoom(zoom: number): number {
  return Math.max(0, Math.min(LEVEL_COUNT - 1, Math.floor(Math.log2(zoom) + 6)));
}

/**
 * The level to draw at `zoom` when `current` is drawn now: the level changes only once the zoom
 * is a little (HYSTERESIS, as a power of two) past the boundary, so a zoom resting on a boundary
 * does not flicker between two layouts.
 */
export function levelWithHysteresis(zoom: number, current: number): number {
  const l = Math.log2(zoom) + 6;
  if (current < 0) return levelForZoom(zoom);
  if (l >= current + 1 + HYSTERESIS || l < current - HYSTERESIS) return levelForZoom(zoom);
  return current;
}
const HYSTERESIS = 0.08;

/** World size of a layout cell at level k (cells nest: each level halves the one below). */
export function cellWorldSize(k: number): number {
  return (k < AGGREGATE_LEVELS ? AGGREGATE_CELL_PX : DECLUTTER_CELL_PX) / levelZoom(k);
}
