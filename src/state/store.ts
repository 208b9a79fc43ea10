import { proxy, ref, useSnapshot } from 'valtio';
import { MapMode } from '../engine/types';

/** Map selection modes (SPEC §2): the engine's MapMode, re-exported for the store's users. */
export { MapMode };

/** Theme choice stored under the 'theme' key. */
export type ThemeChoice = 'light' | 'dark' | 'system';
/** localStorage key of the theme (SPEC §2). */
export const THEME_KEY = 'theme';

/** A location picked on the map (pin creation). */
export interface TempPin {
  x: number;
  y: number;
  region: number;
  /** Floor (sub-map depth) or null for the base map. */
  floor: number | null;
}

/** The player's position reported by the tracker, in world units. */
export interface PlayerPosition {
  x: number;
  y: number;
  z?: number;
  region?: number;
  /** Sub-map floor the player is on (null = base map). */
  floor?: number | null;
  /** Heading in radians (0 = +x, clockwise since y grows downwards). */
  rotation?: number;
}

/** Live tracking info (written by the tracker module, drawn by the engine). */
export interface TrackingInfo {
  connected: boolean;
  mode: 'off' | 'local' | 'external';
  url?: string;
  code?: string;
  position?: PlayerPosition;
  /** Move the map to follow the player. */
  follow: boolean;
}

/** Per-category meta of the pins loaded into the worker. */
export interface LoadedCategory {
  count: number;
  lastEdited: number;
}

/** The filters of the home page (SPEC §3). */
export interface HomeFilters {
  region: number;
  categories: number[];
  hideChecked: boolean;
  searchText: string;
}

/** Where a region's pin snapshot stands (store.pins.snapshots). */
export interface RegionSnapshotState {
  /** The world version of the snapshot taken (0 before its first block). */
  version: number;
  status: 'loading' | 'held' | 'failed';
}

/** The client state (SPEC §3 "Client state"). */
export interface AppState {
  pins: {
    categories: Record<number, LoadedCategory>;
    /** Bumps on every change of the worker's pins (loads and live edits), so views re-query the worker. */
    version: number;
    /** Bumps on loads and unloads only: the map takes every pin again; a live edit changes only its pin. */
    loads: number;
    /**
     * Regions whose pin snapshot the worker takes or took, by region id: `held` once every pin of the region is in;
     * `loading` while it comes (its pins drawn as they arrive); `failed` when the load broke off (the pins that came
     * stay drawn, and the load is tried again: data/snapshot.ts).
     */
    snapshots: Record<number, RegionSnapshotState>;
  };
  /**
   * Ids of the pins the user found: the page's one Set, never replaced, changed in place by the actions only
   * (ref'd so valtio does not proxy 20k entries; a tick touches its pins, with no copy of the set), which also log
   * what changed (check-log.ts). Readers that must hear a change read `checksSeq` too.
   */
  checks: ReadonlySet<number>;
  /** The check-log revision `checks` is at: moves on every change of it, so snapshots and subscribers see one. */
  checksSeq: number;
  /** Whose found pins `checks` holds: null before the data layer has published a player's, and after a sign-out. */
  checksOf: number | null;
  fetchingPins: boolean;
  tempPin: TempPin | null;
  /**
   * The pin whose page is open: drawn even when its category is off or it is found and hidden
   * (a bare link, issue 25 item 6), until the player moves on; null when none.
   */
  openedPin: { id: number; categoryId: number } | null;
  mapRegion: number;
  floor: number | null;
  tracking: TrackingInfo;
  highlightedTags: number[];
  menuExpanded: boolean;
  sheetOpen: boolean;
  homeFilters: HomeFilters;
  /**
   * The pins a range or route selection chose. Which tool is on (and so the mode) is the engine's, read from
   * its snapshot (useMapSnapshot); a page asks for a tool through map-commands.ts.
   */
  selection: { ids: number[] };
  pinSize: 'default' | 'large';
  /** Found pins drawn fainter still (the setting 'fainter found pins'). */
  foundFaint: boolean;
  theme: ThemeChoice;
  /** Whether the server answers, how many check changes wait in the outbox, when they were last delivered after waiting. */
  connection: ConnectionState;
}

/** The visible sync state: server reachable, marks waiting, last delivery after an outage (ms, 0 = none). */
export interface ConnectionState {
  online: boolean;
  waiting: number;
  syncedAt: number;
}

function storedTheme(): ThemeChoice {
  try {
    const t = globalThis.localStorage?.getItem(THEME_KEY);
    return t === 'light' || t === 'dark' ? t : 'system';
  } catch {
    return 'system';
  }
}

/** The one valtio store. Write through the actions in actions.ts. */
export const store = proxy<AppState>({
  pins: { categories: {}, version: 0, loads: 0, snapshots: {} },
  checks: ref(new Set<number>()),
  checksSeq: 0,
  checksOf: null,
  fetchingPins: false,
  tempPin: null,
  openedPin: null,
  mapRegion: 0,
  floor: null,
  tracking: { connected: false, mode: 'off', follow: false },
  highlightedTags: [],
  menuExpanded: false,
  sheetOpen: false,
  homeFilters: { region: 0, categories: [], hideChecked: false, searchText: '' },
  selection: { ids: [] },
  pinSize: 'default',
  foundFaint: false,
  theme: storedTheme(),
  connection: { online: true, waiting: 0, syncedAt: 0 },
});

/** React hook: a render-tracking snapshot of the store. */
export function useStore() {
  return useSnapshot(store);
}

/**
 * React hook: the found set (the store's one Set) and its revision `seq`; the component renders again on each
 * change of the set (the Set itself stays the same object: key memos on `seq`).
 */
export function useFoundSet(): { found: ReadonlySet<number>; seq: number } {
  const seq = useSnapshot(store).checksSeq;
  return { found: store.checks, seq };
}
