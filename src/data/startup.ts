import { api, ApiClientError } from '../api';
import { ko } from '../i18n/ko';
import { isKnownRegion } from '../../common/regions';
import { setCategories, setFoundFaint, setHideChecked, setPinSize, setRegion, store, subscribeStore } from '../state';
import { notify } from '../state/notices';
import { FIRST_RUN_CATEGORIES, categoriesById, ensureCategoryLoaded, syncCategories, type CategorySyncResult } from './categories';
import { fetchCheckList, publishChecks, startOutboxSync, syncChecks } from './checks';
import { VISITOR_ID } from './visitor-checks';
import { DEFAULT_SETTINGS, localDb, readSettings, type PinsStoreDb, type Settings } from './db';
import { updateSettings } from './settings';
import { emergencyReport } from './emergency';
import { openEventStream } from './events';
import { startLiveChecks } from './live';
import { startCheckSync } from './check-sync';
import { startLiveNotes } from './notes';
import { keys, paths } from './keys';
import type { DataWorker } from './pins-worker';
import { setDataWorker } from './pins-worker';
import { startLivePins } from './live-pins';
import { reloadRegionSnapshots, startRegionSnapshots } from './snapshot';
import { fetchGroups, type StartOptions } from './early';

export type { StartOptions } from './early';
import { queryClient } from './query-client';
import { currentUserId, fetchMe, installSessionHandling, lastKnownMe } from './session';
import { startConnectionWatch } from './connection';
import type { CategoryGroup, Me } from './types';


// The per-category path of SPEC §4: the worker's snapshot calls hidden (a Comlink proxy answers any name).
function withoutSnapshots(worker: DataWorker): DataWorker {
  return {
    loadCategory: (...a) => worker.loadCategory(...a),
    loadCategoryBytes: (...a) => worker.loadCategoryBytes(...a),
    ...(worker.placesOf ? { placesOf: worker.placesOf } : {}),
    ...(worker.upsertPin && worker.removePins ? { upsertPin: worker.upsertPin, removePins: worker.removePins } : {}),
  };
}

/** What start-up did. */
export interface StartupResult {
  firstRun: boolean;
  settings: Settings;
  me: Me | null;
  categories: CategorySyncResult | null;
  /** Check records sent by the emergency report (0 when none or already reported). */
  emergencyReported: number;
}

/** A running data layer: the start-up result and the stop function (tests, hot reload). */
export interface DataLayer {
  result: StartupResult;
  stop: () => void;
}

/** Applies stored settings to the store; lastRegion only when it is a known region (SPEC §4). */
export function applySettings(settings: Settings): void {
  if (isKnownRegion(settings.lastRegion)) setRegion(settings.lastRegion);
  setHideChecked(settings.hideChecked);
  setPinSize(settings.pinSize);
  setFoundFaint(settings.foundFaint ?? false);
  setCategories(settings.enabledCategories ?? FIRST_RUN_CATEGORIES);
}

let syncing: Promise<CategorySyncResult | null> = Promise.resolve(null);
/**
 * Runs the category cache refresh for a loaded category list (one at a time, in order). With region snapshots the
 * map's pins come from those (snapshot.ts): no category is fetched or read from the cache for the map.
 */
function onCategoryList(groups: CategoryGroup[], worker: DataWorker, db: PinsStoreDb): Promise<CategorySyncResult | null> {
  if (usesSnapshots(worker)) return Promise.resolve({ fetched: [], cached: [], dropped: [] });
  syncing = syncing.catch(() => null).then(() => syncCategories(groups, store.homeFilters.categories, worker, db));
  return syncing;
}

/** Whether the map's pins come from region snapshots (a worker without the calls, e.g. a test double, loads per category). */
function usesSnapshots(worker: DataWorker): worker is DataWorker & Required<Pick<DataWorker, 'loadSnapshot' | 'loadSnapshotBytes'>> {
  return Boolean(worker.loadSnapshot && worker.loadSnapshotBytes);
}

/**
 * Starts the data layer: settings (first run saves the defaults and fetches categories 1 and 2),
 * the emergency report, `me`, the category cache refresh, the user's checks and the outbox.
 */
export async function startDataLayer(worker: DataWorker, db: PinsStoreDb = localDb(), opts: StartOptions = {}): Promise<DataLayer> {
  if (opts.pins === 'category') worker = withoutSnapshots(worker);
  installSessionHandling();
  setDataWorker(worker);
  const stored = await readSettings(db);
  const firstRun = stored == null;
  const settings = stored ?? (await updateSettings({ ...DEFAULT_SETTINGS, enabledCategories: [...FIRST_RUN_CATEGORIES] }, db));
  queryClient.setQueryData(keys.settings, settings);
  applySettings(settings);
  opts.onSettingsApplied?.();

  const stopWatch = startConnectionWatch(db);
  // The category list beside `me`, and the map's pins (region snapshots) as soon as the list gives their icons:
  // neither waits on `me` nor on the checks.
  const groups = fetchGroups();
  groups.catch(() => {});
  let stopPins: (() => void) | null = null;
  // The stream overlay loads the pins it draws itself (into the same worker): none here.
  const noPins = opts.pins === 'none';
  const pinsStarted = noPins
    ? Promise.resolve()
    : usesSnapshots(worker)
    ? groups.then(
        () => void (stopPins = startRegionSnapshots(worker, db)),
        () => void (stopPins = startRegionSnapshots(worker, db)),
      )
    : Promise.resolve();
  const me = await queryClient.fetchQuery({ queryKey: keys.me, queryFn: fetchMe }).catch((e: unknown) => {
    // Server unreachable: keep the session this browser last saw, or a visitor's when it saw none (the server has the
    // last word when it is back).
    if (!(e instanceof ApiClientError) || !e.unreachable) return null;
    const last = lastKnownMe();
    queryClient.setQueryData(keys.me, last);
    return last;
  });
  const emergency = emergencyReport(undefined, db).catch(() => 0);
  // The page's one event stream, opened once whose session it carries is known (the server reads it then), and
  // followed from its first event (checks, private notes, pin edits) before start-up reads any list: a change made
  // elsewhere meanwhile arrives as an event, and is never announced again.
  const events = openEventStream();
  const stopLiveChecks = startLiveChecks(events, currentUserId, db);
  const stopLiveNotes = startLiveNotes(events, currentUserId);
  // A worker without a live index (a test double) leaves the map out. After an import or a gap in the stream, the
  // category list is read again (changed categories refetched; a toast says so after an import) and the region
  // snapshots held whose version moved.
  const liveIndex = worker.upsertPin && worker.removePins ? { upsertPin: worker.upsertPin, removePins: worker.removePins } : null;
  const stopLivePins = startLivePins(events, liveIndex, async (cause) => {
    await refreshCategories(worker, db, cause === 'import');
    if (usesSnapshots(worker) && !noPins) await reloadRegionSnapshots(worker, db);
  });
  let streamOpen = false;
  void events.opened.then(() => (streamOpen = true));

  let categories: CategorySyncResult | null;
  try {
    categories = await onCategoryList(await groups, worker, db);
  } catch (e) {
    if (!(e instanceof ApiClientError)) throw e;
    // Server unreachable: show what the cache holds rather than an empty map.
    categories = await onCategoryList(cachedAsGroups(await db.cats.toArray()), worker, db);
  }
  await pinsStarted;
  if (me) {
    if (streamOpen) {
      // The checkTime `me` carried may be behind by the time the stream opened: ask again (a small
      // answer), so a change made in between is read with the list.
      const now = await api.get<Me | null>(paths.me, { suppressToast: true }).catch(() => me);
      await syncChecks(me.id, now?.id === me.id ? now.checkTime : null, db).catch(() => {});
    } else {
      // Not open yet (its request may wait behind the map's tiles): start-up goes on with what it
      // has, and the list is read again once changes flow, so none made meanwhile is missed.
      await syncChecks(me.id, me.checkTime, db).catch(() => {});
      void events.opened.then(() => (currentUserId() === me.id ? fetchCheckList(db).then(() => publishChecks(me.id, db)) : undefined)).catch(() => {});
    }
  }
  // A visitor's marks are kept on this device only.
  else await publishChecks(VISITOR_ID, db).catch(() => {});

  const stops = [
    stopWatch,
    persistSettings(db),
    noPins ? () => {} : usesSnapshots(worker) ? () => stopPins?.() : loadEnabledCategories(worker, db),
    startOutboxSync(currentUserId, db),
    stopLiveChecks,
    // Progress counts follow the found set's changes (the worker tells where a pin counts).
    startCheckSync(worker.placesOf ? (ids) => worker.placesOf!(ids) : null),
    stopLiveNotes,
    stopLivePins,
    () => events.close(),
    // Any later load of the category list runs the cache refresh again.
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (JSON.stringify(event.query.queryKey) !== JSON.stringify(keys.categoryGroups)) return;
      void onCategoryList(event.query.state.data as CategoryGroup[], worker, db);
    }),
  ];
  return {
    result: { firstRun, settings, me, categories, emergencyReported: await emergency },
    stop: () => stops.forEach((s) => s()),
  };
}

// Offline fallback: the cached rows as a category list, so they load unchanged.
function cachedAsGroups(rows: { id: number; lastEdited: number; name?: string }[]): CategoryGroup[] {
  return [{ id: 0, name: '', categories: rows.map((r) => ({ id: r.id, name: r.name ?? '', lastEdited: r.lastEdited })) }];
}

/** Fetches the category list again and refreshes changed categories; `announce`: a toast says so ('pin info fetched again'). */
export async function refreshCategories(worker: DataWorker, db: PinsStoreDb = localDb(), announce = true): Promise<CategorySyncResult | null> {
  await queryClient.invalidateQueries({ queryKey: keys.categoryGroups });
  const result = await onCategoryList(await fetchGroups(), worker, db);
  if (announce) notify({ kind: 'success', message: ko.pinsRefetched });
  return result;
}

// Saves the settings the store holds whenever they change (through the one settings writer).
function persistSettings(db: PinsStoreDb): () => void {
  let last = '';
  return subscribeStore(() => {
    const change = {
      lastRegion: store.mapRegion,
      hideChecked: store.homeFilters.hideChecked,
      pinSize: store.pinSize,
      foundFaint: store.foundFaint,
      enabledCategories: [...store.homeFilters.categories],
    };
    const key = JSON.stringify(change);
    if (key === last) return;
    last = key;
    void updateSettings(change, db).catch(() => {});
  });
}

// A category turned on that is not loaded yet, or the opened pin's (drawn even when its category is
// off): cache first, network when stale or absent. Checked at once too: a pin page opened by a bare
// link has set its pin before start-up subscribes.
function loadEnabledCategories(worker: DataWorker, db: PinsStoreDb): () => void {
  const inFlight = new Set<number>();
  const load = () => {
    const opened = store.openedPin?.categoryId;
    for (const id of opened === undefined ? store.homeFilters.categories : [...store.homeFilters.categories, opened]) {
      if (store.pins.categories[id] || inFlight.has(id)) continue;
      inFlight.add(id);
      void (async () => {
        const groups = queryClient.getQueryData<CategoryGroup[]>(keys.categoryGroups);
        const summary = groups ? categoriesById(groups).get(id) : undefined;
        if (summary) await ensureCategoryLoaded(id, summary, worker, db);
      })()
        .catch(() => {})
        .finally(() => inFlight.delete(id));
    }
  };
  load();
  return subscribeStore(load);
}
