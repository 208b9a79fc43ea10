// The planned route (issue 22): what the worker ordered, and where the player is along it. The next stop is the
// first stop not found, so a mark from anywhere (the arrival prompt, the pin menu, F, a batch) advances it and an
// undo brings it back.
import { regionsSharingTileSet } from '../../../common/regions';
import type { PinFilter, RouteArea } from '../../../workers/pins/api';
import { getPinsWorker } from '../../../workers/pins/client';
import { routeLength, stepCost } from '../../../workers/pins/route-plan';
import { fetchSharedRoute } from '../../data';
import { whenShownRegionsHeld } from '../../data/snapshot';
import {
  mapCamera,
  whenMapRuns,
  markOpenedPin,
  resetRoutePrompts,
  routeState,
  setFloor,
  setTracking,
  showOnMap,
  store,
  type PlannedStops,
} from '../../state';
export { routeState };
export type { AreaChoice, PlannedStops, StartChoice } from '../../state';
import { notify } from '../../state/notices';
import { ko } from '../../i18n/ko';
import { pinTitle } from '../../ui/pin-title';

/** Within this many world units (metres) of the next stop the app asks whether it was found. */
export const ARRIVAL_RADIUS = 8;

/** The filter a route and "nearest unfound" read: the categories shown, the map's regions. */
export function shownFilter(): PinFilter {
  return { categories: [...store.homeFilters.categories], regions: regionsSharingTileSet(store.mapRegion).map((r) => r.id) };
}

/** Index of the next stop (the first not found); plan length when every stop is found. */
export function nextStop(plan: PlannedStops, checks: ReadonlySet<number>): number {
  for (let k = 0; k < plan.ids.length; k++) if (!checks.has(plan.ids[k]!)) return k;
  return plan.ids.length;
}

/** The route's cost from stop `from` to its end (world units, floor changes included). */
export function lengthFrom(plan: PlannedStops, from: number): number {
  let sum = 0;
  for (let k = Math.max(1, from + 1); k < plan.ids.length; k++)
    sum += stepCost(plan.x[k - 1]!, plan.y[k - 1]!, plan.z[k - 1]!, plan.x[k]!, plan.y[k]!, plan.z[k]!);
  return sum;
}

/** How many times the route changes floor. */
export function floorChanges(plan: PlannedStops): number {
  let n = 0;
  const f = (k: number) => (plan.z[k]! === plan.z[k]! ? plan.z[k]! : 0);
  for (let k = 1; k < plan.ids.length; k++) if (f(k) !== f(k - 1)) n++;
  return n;
}

/** The start a plan uses: the tracked player (when chosen and tracked), else the map's centre on the shown floor; null: no map. */
export function startPoint(): { x: number; y: number; floor: number | null } | null {
  const p = store.tracking.position;
  if (routeState.start === 'player' && p) return { x: p.x, y: p.y, floor: p.floor ?? null };
  const c = mapCamera();
  return c && { x: c.x, y: c.y, floor: store.floor };
}

/** Plans a route over the area with the worker; the area's pins are the unfound ones of the shown categories. */
export async function planRoute(area: RouteArea): Promise<void> {
  routeState.planning = true;
  routeState.error = '';
  try {
    // Asked while the map's renderer still starts (a planner opened right after the page), wait for it.
    const start = (await whenMapRuns()) ? startPoint() : null;
    if (!start) return;
    await whenShownRegionsHeld();
    const r = await getPinsWorker().planRoute({ filter: shownFilter(), area, start });
    routeState.plan = {
      ids: Array.from(r.ids),
      x: Array.from(r.x),
      y: Array.from(r.y),
      z: Array.from(r.z),
      category: Array.from(r.category),
      start,
      length: r.length,
      categories: [...store.homeFilters.categories],
      region: store.mapRegion,
      area: routeState.area,
    };
    routeState.shared = null;
    routeState.saved = null;
    resetRoutePrompts();
  } catch (e) {
    routeState.error = (e as Error).message;
  } finally {
    routeState.planning = false;
  }
}

/** Clears the route (and any prompt). */
export function clearRoute(): void {
  routeState.plan = null;
  routeState.asking = null;
  routeState.error = '';
  routeState.shared = null;
  routeState.saved = null;
}

/**
 * Opens a route by its share token (the link's ?route=): read-only, drawn on the map, the view on its first stop.
 * A bad or dead link leaves the panel open with the server's Korean message.
 */
export async function openSharedRoute(token: string): Promise<void> {
  routeState.open = true;
  routeState.planning = true;
  routeState.error = '';
  try {
    const r = await fetchSharedRoute(token);
    const floorOf = (f: number | null) => f ?? NaN;
    routeState.plan = {
      ids: r.stops.map((s) => s.id),
      x: r.stops.map((s) => s.x),
      y: r.stops.map((s) => s.y),
      z: r.stops.map((s) => floorOf(s.floor)),
      category: r.stops.map((s) => s.category),
      start: r.start,
      length: routeLength(
        { x: r.stops.map((s) => s.x), y: r.stops.map((s) => s.y), z: r.stops.map((s) => floorOf(s.floor)) },
        r.start,
        r.stops.map((_, k) => k),
      ),
      categories: r.categories,
      region: r.region,
      area: r.area,
    };
    routeState.shared = { token, name: r.name, mine: r.mine, missing: r.missing };
    routeState.saved = null;
    resetRoutePrompts();
    const first = r.stops[0];
    if (first) {
      if (store.tracking.follow) setTracking({ follow: false });
      flyTo({ x: first.x, y: first.y, floor: first.floor });
    }
  } catch (e) {
    routeState.plan = null;
    routeState.shared = null;
    routeState.error = (e as Error).message;
  } finally {
    routeState.planning = false;
  }
}

/** Flies the map to a point of a floor (the floor switches with it). */
export function flyTo(p: { x: number; y: number; floor: number | null }): void {
  if (store.floor !== p.floor) setFloor(p.floor);
  showOnMap(p, { animate: true, minZoom: 1 });
}

/**
 * "Nearest unfound" (the button and N): flies to the unfound pin of the shown categories nearest the tracked
 * player (or the map's centre on the shown floor), across floors (a floor change costs as on a route).
 */
export async function flyToNearest(): Promise<void> {
  // Pressed while the map's renderer still starts (N right after the page opened), wait for it.
  if (!(await whenMapRuns())) return;
  const p = store.tracking.position;
  const c = mapCamera();
  if (!c) return;
  const from = p ? { x: p.x, y: p.y, floor: p.floor ?? null } : { x: c.x, y: c.y, floor: store.floor };
  const worker = getPinsWorker();
  // Pressed while the view's pins still stream in (N right after the map opens), wait for them: an answer from part
  // of the pins would fly to a farther pin, or say there is none.
  await whenShownRegionsHeld();
  const hit = store.homeFilters.categories.length ? await worker.nearestUnfound(from.x, from.y, from.floor, shownFilter()) : null;
  if (!hit) return notify({ kind: 'info', message: ko.route.nearestNone });
  if (store.tracking.follow) setTracking({ follow: false });
  flyTo(hit);
  markOpenedPin(hit.id);
  const pin = await worker.getPin(hit.id);
  const name = pin ? pinTitle(pin, pin.categoryName ?? ko.common.pinNumbered(hit.id)) : ko.common.pinNumbered(hit.id);
  notify({ kind: 'info', message: ko.route.nearestFound(name, ko.route.length(Math.hypot(hit.x - from.x, hit.y - from.y))) });
}
