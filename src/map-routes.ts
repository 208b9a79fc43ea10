// Which addresses show the map: read by the shell (it mounts the map there), by the early start (it asks for the
// map's first requests only there) and by main.tsx (it starts the map's renderer early there). No imports, so src/early-start.ts stays free of page code.

/** Routes drawn over the map (the map stays mounted behind them once shown). */
export function isMapRoute(pathname: string): boolean {
  return pathname === '/' || pathname === '/edit' || /^\/pin\/\d+(\/edit)?\/?$/.test(pathname);
}

/**
 * The stream overlay (a browser source in OBS): it draws only the categories its address names, from pins it loads
 * into the page's pins worker itself, and never shows the map, so the data layer loads no pins there.
 */
export function isOverlayRoute(pathname: string): boolean {
  return pathname === '/overlay' || pathname === '/overlay/';
}
