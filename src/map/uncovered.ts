interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
  width: number;
  height: number;
}

/**
 * The center of the part of the map a panel leaves visible, in CSS px from the map's top-left:
 * a panel along the right edge (desktop) leaves the left part, a bottom sheet (phone) the top
 * part. With no panel, or one that leaves too little (under a quarter), the map's own center.
 */
export function uncoveredCenter(map: Box, panel?: Box): { x: number; y: number } {
  const center = { x: map.width / 2, y: map.height / 2 };
  if (!panel || panel.width === 0 || panel.height === 0) return center;
  const coversFullHeight = panel.top <= map.top + 1 && panel.bottom >= map.bottom - 1;
  if (coversFullHeight) {
    const free = panel.left - map.left;
    return free >= map.width / 4 ? { x: free / 2, y: center.y } : center;
  }
  const free = panel.top - map.top;
  return free >= map.height / 4 ? { x: center.x, y: free / 2 } : center;
}
