// The planner's questions to the store: which unfound pins a route visits (filter + area), in what order
// (route-plan.ts), and which unfound pin is nearest a point across floors.
import type { PinFilter, PlannedRoute, RouteArea, RoutePlanRequest, NearestPin } from './api';
import type { PinBuffers } from '../../common/pin-buffers';
import { PolygonTester } from './queries';
import { ROUTE_MAX_STOPS, solveRoute, stepCost } from './route-plan';
import { errors } from '../../src/i18n/errors';

/** The error name of a route over the pin limit (its message is Korean). */
export const ROUTE_TOO_MANY_ERROR = 'route_too_many';

/** Indices of the pins inside the area. */
function inArea(p: PinBuffers, area: RouteArea): number[] {
  const out: number[] = [];
  const n = p.ids.length;
  if (area.kind === 'all') {
    for (let i = 0; i < n; i++) out.push(i);
  } else if (area.kind === 'rect') {
    const [minX, minY, maxX, maxY] = area.bounds;
    for (let i = 0; i < n; i++) if (p.x[i]! >= minX && p.x[i]! <= maxX && p.y[i]! >= minY && p.y[i]! <= maxY) out.push(i);
  } else if (area.polygon.length >= 6) {
    const inside = new PolygonTester(area.polygon);
    for (let i = 0; i < n; i++) if (inside.contains(p.x[i]!, p.y[i]!)) out.push(i);
  }
  return out;
}

/** Orders the unfound pins of the request into a route (throws ROUTE_TOO_MANY_ERROR past ROUTE_MAX_STOPS). */
export function planRoute(getPins: (f: PinFilter) => PinBuffers, req: RoutePlanRequest): PlannedRoute {
  const pins = getPins({ ...req.filter, hideChecked: true, floor: undefined, alsoPins: undefined });
  const picked = inArea(pins, req.area);
  if (picked.length > ROUTE_MAX_STOPS) {
    const e = new Error(errors.routeTooMany(picked.length, ROUTE_MAX_STOPS));
    e.name = ROUTE_TOO_MANY_ERROR;
    throw e;
  }
  const x = Float64Array.from(picked, (i) => pins.x[i]!);
  const y = Float64Array.from(picked, (i) => pins.y[i]!);
  const z = Float64Array.from(picked, (i) => pins.z[i]!);
  const solved = solveRoute({ x, y, z }, req.start, { budgetMs: req.budgetMs });
  const m = solved.order.length;
  const out: PlannedRoute = {
    ids: new Int32Array(m),
    x: new Float32Array(m),
    y: new Float32Array(m),
    z: new Float32Array(m),
    category: new Int32Array(m),
    length: solved.length,
  };
  for (let k = 0; k < m; k++) {
    const i = picked[solved.order[k]!]!;
    out.ids[k] = pins.ids[i]!;
    out.x[k] = pins.x[i]!;
    out.y[k] = pins.y[i]!;
    out.z[k] = pins.z[i]!;
    out.category[k] = pins.category[i]!;
  }
  return out;
}

/** The unfound pin of the filter nearest to (x, y) on `floor`, a floor change costing as in route-plan.ts; null when none. */
export function nearestUnfound(
  getPins: (f: PinFilter) => PinBuffers,
  x: number,
  y: number,
  floor: number | null,
  filter: PinFilter,
  exclude: readonly number[] = [],
): NearestPin | null {
  const pins = getPins({ ...filter, hideChecked: true, floor: undefined, alsoPins: undefined });
  const skip = new Set(exclude);
  const fz = floor ?? NaN;
  let best = -1,
    bestCost = Infinity;
  for (let i = 0; i < pins.ids.length; i++) {
    if (skip.has(pins.ids[i]!)) continue;
    const c = stepCost(x, y, fz, pins.x[i]!, pins.y[i]!, pins.z[i]!);
    if (c < bestCost) {
      bestCost = c;
      best = i;
    }
  }
  if (best < 0) return null;
  const z = pins.z[best]!;
  return { id: pins.ids[best]!, x: pins.x[best]!, y: pins.y[best]!, floor: z === z ? z : null, cost: bestCost };
}
