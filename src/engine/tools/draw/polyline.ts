/** Adds (x, y) to a polyline's points when it is at least `minPx` screen px from the last one. */
export function addPoint(points: number[], x: number, y: number, zoom: number, minPx: number): boolean {
  const lx = points[points.length - 2]!;
  const ly = points[points.length - 1]!;
  // A point every few screen pixels: enough for the shape, few for the queries.
  if (Math.hypot(x - lx, y - ly) * zoom < minPx) return false;
  points.push(x, y);
  return true;
}
