// Pure geometry for the pins worker's selections: lasso (point in polygon) and route corridor
// (distance to a polyline and the distance along it). Polygons and polylines are flat x,y pairs.

/** Bounding box [minX, minY, maxX, maxY] of flat x,y pairs; null when there are none. */
export function pairsBounds(pairs: ArrayLike<number>): [number, number, number, number] | null {
  if (pairs.length < 2) return null;
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    const x = pairs[i]!,
      y = pairs[i + 1]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return [minX, minY, maxX, maxY];
}

/** Whether (px, py) lies inside the polygon (x,y pairs, implicitly closed), by the even-odd rule. */
export function pointInPolygon(px: number, py: number, poly: ArrayLike<number>): boolean {
  const n = poly.length >> 1;
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = poly[2 * i]!,
      yi = poly[2 * i + 1]!;
    const xj = poly[2 * j]!,
      yj = poly[2 * j + 1]!;
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Cumulative length at each vertex of a polyline (x,y pairs): out[0] = 0. */
export function cumulativeLengths(line: ArrayLike<number>): Float64Array {
  const n = line.length >> 1;
  const out = new Float64Array(Math.max(n, 1));
  for (let i = 1; i < n; i++) {
    out[i] = out[i - 1]! + Math.hypot(line[2 * i]! - line[2 * i - 2]!, line[2 * i + 1]! - line[2 * i - 1]!);
  }
  return out;
}

/** Result slot of projectOnSegment, reused so the corridor loop allocates nothing. */
export interface Projection {
  /** Squared distance from the point to the segment. */
  dist2: number;
  /** Distance from the segment's start to the projected point. */
  along: number;
}

/** Projects (px, py) on the segment a→b, writing the squared distance and the distance along it into `out`. */
export function projectOnSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number, out: Projection): Projection {
  const dx = bx - ax,
    dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
  if (t < 0) t = 0;
  else if (t > 1) t = 1;
  const qx = ax + t * dx - px,
    qy = ay + t * dy - py;
  out.dist2 = qx * qx + qy * qy;
  out.along = t * Math.sqrt(len2);
  return out;
}

/**
 * Distance of (px, py) to a polyline and the route distance (from the first vertex) of its
 * nearest point; a single vertex counts as a point. Returns null for an empty polyline.
 */
export function routePosition(
  px: number,
  py: number,
  line: ArrayLike<number>,
  cum = cumulativeLengths(line),
): { dist: number; along: number } | null {
  const n = line.length >> 1;
  if (n === 0) return null;
  if (n === 1) return { dist: Math.hypot(px - line[0]!, py - line[1]!), along: 0 };
  const p: Projection = { dist2: 0, along: 0 };
  let best = Infinity,
    along = 0;
  for (let s = 0; s + 1 < n; s++) {
    projectOnSegment(px, py, line[2 * s]!, line[2 * s + 1]!, line[2 * s + 2]!, line[2 * s + 3]!, p);
    // Strictly smaller keeps the earliest segment when a point is equally near two (a corner).
    if (p.dist2 < best) {
      best = p.dist2;
      along = cum[s]! + p.along;
    }
  }
  return { dist: Math.sqrt(best), along };
}

/**
 * Point-in-polygon (even-odd) for many points against one polygon: edges are bucketed into
 * horizontal bands, so each test looks only at the few edges that span the point's y.
 * Long freehand lassos (hundreds of vertices) stay fast this way.
 */
export class PolygonTester {
  private readonly minY: number;
  private readonly bandHeight: number;
  private readonly bandStart: Uint32Array;
  /** Edge endpoints x0,y0,x1,y1 grouped by band. */
  private readonly edges: Float64Array;

  constructor(poly: ArrayLike<number>) {
    const n = poly.length >> 1;
    const b = pairsBounds(poly) ?? [0, 0, 0, 0];
    const bands = Math.max(1, Math.min(1024, n));
    this.minY = b[1];
    this.bandHeight = (b[3] - b[1]) / bands || 1;
    const counts = new Uint32Array(bands + 1);
    const range = (j: number): [number, number] => {
      const i = (j + 1) % n;
      const y0 = poly[2 * j + 1]!,
        y1 = poly[2 * i + 1]!;
      return [this.band(Math.min(y0, y1), bands), this.band(Math.max(y0, y1), bands)];
    };
    for (let j = 0; j < n; j++) {
      const [lo, hi] = range(j);
      for (let k = lo; k <= hi; k++) counts[k + 1]!++;
    }
    for (let k = 0; k < bands; k++) counts[k + 1]! += counts[k]!;
    this.bandStart = counts;
    this.edges = new Float64Array(4 * counts[bands]!);
    const fill = counts.slice(0, bands);
    for (let j = 0; j < n; j++) {
      const i = (j + 1) % n;
      const [lo, hi] = range(j);
      for (let k = lo; k <= hi; k++) {
        const o = 4 * fill[k]!++;
        this.edges[o] = poly[2 * j]!;
        this.edges[o + 1] = poly[2 * j + 1]!;
        this.edges[o + 2] = poly[2 * i]!;
        this.edges[o + 3] = poly[2 * i + 1]!;
      }
    }
  }

  private band(y: number, bands: number): number {
    const k = Math.floor((y - this.minY) / this.bandHeight);
    return k < 0 ? 0 : k >= bands ? bands - 1 : k;
  }

  /** Whether (px, py) is inside (even-odd rule, same result as pointInPolygon). */
  contains(px: number, py: number): boolean {
    const bands = this.bandStart.length - 1;
    const k = this.band(py, bands);
    const e = this.edges;
    let inside = false;
    for (let o = 4 * this.bandStart[k]!, end = 4 * this.bandStart[k + 1]!; o < end; o += 4) {
      const xi = e[o]!,
        yi = e[o + 1]!,
        xj = e[o + 2]!,
        yj = e[o + 3]!;
      if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  }
}
