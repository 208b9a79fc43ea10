// The route planner's state (issue 22, src/map/route): the plan the worker ordered and the prompt's state.
import { proxy, ref, useSnapshot } from 'valtio';

export interface PlannedStops {
  ids: readonly number[];
  x: readonly number[];
  y: readonly number[];
  /** NaN = base map. */
  z: readonly number[];
  category: readonly number[];
  /** Where it started (the route's first leg). */
  start: { x: number; y: number; floor: number | null };
  length: number;
  /** What it was planned from (kept when it is saved): the categories shown, the map's region, the area. */
  categories: readonly number[];
  region: number;
  area: AreaChoice;
}

/** A route opened by its share link: read-only (its stops and order cannot be changed here). */
export interface SharedRouteInfo {
  token: string;
  name: string;
  /** The viewer saved it. */
  mine: boolean;
  /** Stops no longer on the map (hidden or deleted since it was saved). */
  missing: number;
}

/** The saved route the plan on the map is (after 경로 저장): its name and link. */
export interface SavedRouteInfo {
  id: number;
  name: string;
  shareToken: string;
  region: number;
  categories: readonly number[];
}

export type AreaChoice = 'view' | 'lasso' | 'all';
export type StartChoice = 'player' | 'centre';

/** The route planner's one store (written by src/map/route/route-state.ts and its panel). */
export const routeState = proxy({
  open: false,
  area: 'view' as AreaChoice,
  start: 'player' as StartChoice,
  /** Waiting for the lasso the player draws (the selection flow hands it over instead of its dialog). */
  lassoPending: false,
  planning: false,
  error: '',
  plan: null as PlannedStops | null,
  /** The plan came from a share link (read-only), or null. */
  shared: null as SharedRouteInfo | null,
  /** The plan as saved to the account, or null while unsaved. */
  saved: null as SavedRouteInfo | null,
  /** Stops whose arrival prompt the player declined (asked again only after leaving and coming back). */
  declined: ref(new Set<number>()),
  /** Stops the player confirmed whose mark is still on its way (not asked about again meanwhile). */
  confirmed: ref(new Set<number>()),
  /** The stop the arrival prompt asks about, or null. */
  asking: null as number | null,
});

/** React hook: a render-tracking snapshot of the route planner's state. */
export function useRouteState() {
  return useSnapshot(routeState);
}

/** A new plan: no stop declined, nothing asked. */
export function resetRoutePrompts(): void {
  routeState.declined = ref(new Set());
  routeState.asking = null;
}
