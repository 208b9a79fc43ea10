import { subscribe } from 'valtio';
import { isKnownRegion } from '../../common/regions';
import { logCheckChange } from './check-log';
import { chooseTool } from './map-commands';
import {
  THEME_KEY,
  store,
  type LoadedCategory,
  type PlayerPosition,
  type RegionSnapshotState,
  type TempPin,
  type ThemeChoice,
  type TrackingInfo,
} from './store';

/** Shows a region (the map and the home filter follow it). Unknown ids are ignored. */
export function setRegion(region: number): void {
  if (!isKnownRegion(region)) return;
  store.mapRegion = region;
  store.homeFilters.region = region;
  store.floor = null;
}

/** Shows a sub-map floor (null = base map). */
export function setFloor(floor: number | null): void {
  store.floor = floor;
}

/** Replaces the enabled categories. */
export function setCategories(ids: readonly number[]): void {
  store.homeFilters.categories = [...new Set(ids)];
}

/** Turns one category on or off. */
export function toggleCategory(id: number, on?: boolean): void {
  const has = store.homeFilters.categories.includes(id);
  const want = on ?? !has;
  if (want && !has) store.homeFilters.categories.push(id);
  if (!want && has) store.homeFilters.categories = store.homeFilters.categories.filter((c) => c !== id);
}

/** Hides or shows found pins. */
export function setHideChecked(hide: boolean): void {
  store.homeFilters.hideChecked = hide;
}

/** The category search text of the home filters. */
export function setSearchText(text: string): void {
  store.homeFilters.searchText = text;
}

// The one found Set (store.checks is never replaced): the actions below change it in place.
const found = () => store.checks as Set<number>;

/** Replaces the set of found pins as a whole (a reset: first load, another account, an import). */
export function setChecks(ids: Iterable<number>): void {
  const set = found();
  // `ids` may be the set itself (or read from it): take them before it is emptied.
  const next = ids === set ? [...set] : ids;
  set.clear();
  for (const id of next) set.add(id);
  store.checksSeq = logCheckChange({ reset: true });
}

/** Marks pins found or not found: only the pins that change are recorded (the set changed in place, O(ids)). */
export function applyChecks(ids: readonly number[], check: boolean): void {
  const set = found();
  const changed = ids.filter((id) => set.has(id) !== check);
  if (!changed.length) return;
  for (const id of changed) {
    if (check) set.add(id);
    else set.delete(id);
  }
  store.checksSeq = logCheckChange({ ids: changed, on: check });
}

/** Records whose found pins the store now holds (the data layer, once it has published a player's). */
export function setChecksOf(userId: number | null): void {
  if (store.checksOf !== userId) store.checksOf = userId;
}

/**
 * The found set becomes `ids`, recorded as the pins that changed (the server's answer or a pushed
 * change agreeing with what is shown changes nothing); a reset when nothing was found yet, unless
 * `sameOwner` says the empty set shown is this player's own (their first find is a change like any).
 * Only the pins that differ are written (no copy of the set).
 */
export function reconcileChecks(ids: ReadonlySet<number>, sameOwner = false): void {
  const set = found();
  if (set.size === 0 && !sameOwner) {
    if (ids.size > 0) setChecks(ids);
    return;
  }
  const on: number[] = [];
  const off: number[] = [];
  for (const id of ids) if (!set.has(id)) on.push(id);
  for (const id of set) if (!ids.has(id)) off.push(id);
  if (!on.length && !off.length) return;
  for (const id of on) set.add(id);
  for (const id of off) set.delete(id);
  if (on.length) store.checksSeq = logCheckChange({ ids: on, on: true });
  if (off.length) store.checksSeq = logCheckChange({ ids: off, on: false });
}

/** Clears what belongs to the signed-in user (logged-out handling). */
export function clearUserState(): void {
  setChecks([]);
  store.checksOf = null;
  chooseTool('pan');
}

/** Records a category loaded into the pins worker. */
export function setLoadedCategory(id: number, meta: LoadedCategory | null): void {
  if (meta) store.pins.categories[id] = meta;
  else delete store.pins.categories[id];
  store.pins.version++;
  store.pins.loads++;
}

/**
 * Records what the pins worker holds of a region's snapshot (issue 21): null while none, else its version and
 * where its load stands. Bumps `loads` when the worker's pins changed (`pinsMoved`, the default), so the map takes
 * the pins there are (a stream draws as it comes); a load that starts changes no pin.
 */
export function setRegionSnapshot(region: number, held: RegionSnapshotState | null, pinsMoved = true): void {
  const was = store.pins.snapshots[region];
  if (held && (was?.status !== held.status || was.version !== held.version)) store.pins.snapshots[region] = held;
  else if (!held) delete store.pins.snapshots[region];
  if (!pinsMoved) return;
  store.pins.version++;
  store.pins.loads++;
}

/** The worker's pins changed without a category load (a live edit): views query the worker again; the map changes only those pins. */
export function pinsChanged(): void {
  store.pins.version++;
}

/** Whether pins are being fetched. */
export function setFetchingPins(on: boolean): void {
  store.fetchingPins = on;
}

/** The pin whose page is open, drawn whatever the filters say (its category is loaded for it); null: none. */
export function setOpenedPin(pin: { id: number; categoryId: number } | null): void {
  if (store.openedPin?.id === pin?.id && store.openedPin?.categoryId === pin?.categoryId) return;
  store.openedPin = pin ? { id: pin.id, categoryId: pin.categoryId } : null;
}

/** The location picked for a new pin (null clears it). */
export function setTempPin(pin: TempPin | null): void {
  store.tempPin = pin;
}

/** Updates the tracker's info. */
export function setTracking(change: Partial<TrackingInfo>): void {
  Object.assign(store.tracking, change);
}

/** The player's position from the tracker (undefined clears it). */
export function setPlayerPosition(position: PlayerPosition | undefined): void {
  store.tracking.position = position;
}

/** Tags whose pins are highlighted. */
export function setHighlightedTags(tagIds: readonly number[]): void {
  store.highlightedTags = [...tagIds];
}

/** Opens or closes the side menu. */
export function setMenuExpanded(on: boolean): void {
  store.menuExpanded = on;
}

/** Opens or closes the bottom sheet. */
export function setSheetOpen(on: boolean): void {
  store.sheetOpen = on;
}

/** The pins picked by a range or route selection. */
export function setSelectionIds(ids: readonly number[]): void {
  store.selection.ids = [...ids];
}

/** Pin icon size. */
export function setPinSize(size: 'default' | 'large'): void {
  store.pinSize = size;
}

/** Found pins fainter still on the map. */
export function setFoundFaint(on: boolean): void {
  store.foundFaint = on;
}

/** The theme the root shows for a choice ('system' follows the OS). */
export function resolveTheme(choice: ThemeChoice): 'light' | 'dark' {
  if (choice !== 'system') return choice;
  const prefersLight = globalThis.matchMedia?.('(prefers-color-scheme: light)').matches ?? false;
  return prefersLight ? 'light' : 'dark';
}

/** Stores the theme choice under 'theme' and applies it to <html data-theme>. */
export function setTheme(choice: ThemeChoice): void {
  store.theme = choice;
  try {
    if (choice === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, choice);
  } catch {
    /* private mode: the choice lasts for this visit */
  }
  applyTheme();
}

/** Puts the resolved theme on <html data-theme>. */
export function applyTheme(): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = resolveTheme(store.theme);
}

/** Keeps <html data-theme> following the OS while the choice is 'system'; returns the stop function. */
export function followSystemTheme(): () => void {
  applyTheme();
  const mq = globalThis.matchMedia?.('(prefers-color-scheme: light)');
  if (!mq) return () => {};
  const onChange = () => applyTheme();
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

/** Calls `fn` after any store change (batched per tick); returns the unsubscribe function. */
export function subscribeStore(fn: () => void): () => void {
  return subscribe(store, fn);
}

/**
 * Resolves true once `ok()` holds, asked now and again at each change of the store (its own signal, no clock), or
 * false after `timeoutMs` when one is given.
 */
export function whenStore(ok: () => boolean, timeoutMs?: number): Promise<boolean> {
  if (ok()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const finish = (held: boolean) => {
      clearTimeout(timer);
      off();
      resolve(held);
    };
    const timer = timeoutMs === undefined ? undefined : setTimeout(() => finish(false), timeoutMs);
    const off = subscribeStore(() => void (ok() && finish(true)));
  });
}

/** Puts the store back to its start-up values (a fresh page; tests). */
export function resetStore(): void {
  store.pins = { categories: {}, version: store.pins.version + 1, loads: store.pins.loads + 1, snapshots: {} };
  setChecks([]);
  store.checksOf = null;
  store.fetchingPins = false;
  store.tempPin = null;
  store.mapRegion = 0;
  store.floor = null;
  store.tracking = { connected: false, mode: 'off', follow: false };
  store.highlightedTags = [];
  store.menuExpanded = false;
  store.sheetOpen = false;
  store.homeFilters = { region: 0, categories: [], hideChecked: false, searchText: '' };
  chooseTool('pan');
  store.connection = { online: true, waiting: 0, syncedAt: 0 };
  store.pinSize = 'default';
  store.foundFaint = false;
}

// Marks waited through an outage: their delivery is announced ("동기화 완료"); a mark sent at once is not.
let outageSinceWaiting = false;

/** The server answered (true) or could not be reached (false). */
export function setOnline(online: boolean): void {
  if (!online) outageSinceWaiting = true;
  else if (store.connection.waiting === 0) outageSinceWaiting = false;
  if (store.connection.online !== online) store.connection.online = online;
}

/** One more check change written to the outbox (the flush that follows sets the true count). */
export function addOutboxWaiting(): void {
  setOutboxWaiting(store.connection.waiting + 1);
}

/** Check changes waiting in the outbox; dropping to none after an outage records the delivery time. */
export function setOutboxWaiting(waiting: number, now = Date.now()): void {
  const c = store.connection;
  if (c.waiting === waiting) return;
  if (waiting === 0 && outageSinceWaiting && c.online) {
    c.syncedAt = now;
    outageSinceWaiting = false;
  }
  c.waiting = waiting;
}
