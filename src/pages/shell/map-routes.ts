/** Routes drawn over the map (the map stays mounted behind them): the shell mounts the map on them, main.tsx starts its renderer early. */
export function isMapRoute(pathname: string): boolean {
  return pathname === '/' || pathname === '/edit' || /^\/pin\/\d+(\/edit)?\/?$/.test(pathname);
}
