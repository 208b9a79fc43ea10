export { store, useStore, useFoundSet, MapMode, THEME_KEY } from './store';
export type {
  AppState,
  ConnectionState,
  HomeFilters,
  LoadedCategory,
  PlayerPosition,
  RegionSnapshotState,
  TempPin,
  ThemeChoice,
  TrackingInfo,
} from './store';
export * from './actions';
export { connectEngine } from './engine-bridge';
export {
  chooseTool,
  currentTool,
  endTool,
  mapBox,
  mapCamera,
  mapViewBounds,
  markOpenedPin,
  onRangeDrawn,
  showOnMap,
  showRoute,
  whenMapRuns,
} from './map-commands';
export type { BridgeEngine, BridgeWorker } from './engine-bridge';
export { checkChangesSince, checkRevision, checksSince } from './check-log';
export type { CheckChange } from './check-log';
export { routeState, useRouteState, resetRoutePrompts } from './route-store';
export type { AreaChoice, PlannedStops, SavedRouteInfo, SharedRouteInfo, StartChoice } from './route-store';
