import { subscribe } from 'valtio';
import type { MapEngine } from '../engine';
import { PinFlag } from '../engine';
import { regionsSharingTileSet } from '../../common/regions';
import type { PinBuffers, PinLayout } from '../../common/pin-buffers';
import type { PinFilter, PinsWorkerApi } from '../../workers/pins/api';
import { getPinsWorker } from '../../workers/pins/client';
import { setTempPin, setSelectionIds, setTracking } from './actions';
import { checkRevision, checksSince } from './check-log';
import { attachMapEngine, type CommandEngine } from './map-commands';
import { store } from './store';

/** The engine commands the bridge uses (MapEngine satisfies it). */
export type BridgeEngine = CommandEngine &
  Pick<
    MapEngine,
    | 'setRegion'
    | 'setFloor'
    | 'setPins'
    | 'updatePins'
    | 'pinSetVersion'
    | 'setPinLayout'
    | 'setCheckedSet'
    | 'setPinFlags'
    | 'setHideChecked'
    | 'setHighlightedPins'
    | 'setPinSize'
    | 'setFoundFaint'
    | 'setSelection'
    | 'setTempPin'
    | 'setPlayer'
    | 'setFollow'
    | 'on'
  >;
/** The pins-worker calls the bridge uses (the Comlink proxy of PinsWorkerApi satisfies it). */
export type BridgeWorker = Pick<
  PinsWorkerApi,
  | 'pinsWithLayout'
  | 'changesSince'
  | 'layout'
  | 'queryRect'
  | 'queryLasso'
  | 'queryRoute'
  | 'setChecked'
  | 'updateChecked'
  | 'setHighlightedTags'
>;

/** Regions drawn together with the shown one (0, 2 and 6 share one tile set). */
function shownRegions(): number[] {
  return regionsSharingTileSet(store.mapRegion).map((r) => r.id);
}

function concatIds(parts: Int32Array[]): number[] {
  return parts.flatMap((p) => Array.from(p));
}

/**
 * Connects the store to the engine: the ONE place where store changes become engine commands
 * and engine events become store changes. Returns the disconnect function.
 */
export function connectEngine(engine: BridgeEngine, worker: BridgeWorker = getPinsWorker()): () => void {
  let last: Record<string, unknown> = {};
  let pinsGeneration = 0;
  let disposed = false;

  const filter = (region: number, withHidden: boolean): PinFilter => ({
    categories: [...store.homeFilters.categories],
    // The opened pin is drawn even when its category is off or it is found and hidden.
    ...(store.openedPin ? { alsoPins: [store.openedPin.id] } : {}),
    region,
    ...(withHidden ? { hideChecked: store.homeFilters.hideChecked } : {}),
  });

  let layoutGeneration = 0;
  // The view (viewKey) of the pins the engine holds, and how many it took.
  let drawnView = '';
  let drawnCount = 0;
  // Layouts asked for on their own (refreshLayout, refreshLive): one asked after a pin request is newer than its layout.
  let layoutRequests = 0;
  const layoutOptions = () => ({ hideChecked: store.homeFilters.hideChecked, floor: store.floor });

  // New pins come with their layout in ONE worker call (same pin-set version), so a category
  // finishing its load between two calls never gives the engine a layout of other pins.
  // Whether every pin is being fetched (for new filters or loads): a live edit then waits for it.
  let fullPending = false;
  // One full request at a time (category loads finish in bursts at start-up): one asked for while
  // another is under way makes that one stale and runs once it ends, however many were asked for.
  let fullRunning = false;
  let fullAgain = false;
  async function refreshPins(): Promise<void> {
    fullPending = true;
    if (fullRunning) {
      fullAgain = true;
      ++pinsGeneration;
      ++layoutGeneration;
      return;
    }
    fullRunning = true;
    try {
      do {
        fullAgain = false;
        await takeAllPins();
      } while (fullAgain && !disposed);
    } finally {
      fullRunning = false;
    }
  }
  // What the player asked the map to show: an answer asked for the same view is right, if not complete, however many
  // pins loaded since.
  const viewKey = () => `${store.mapRegion}|${store.homeFilters.categories.join(',')}|${store.openedPin?.id ?? ''}`;
  // What a layout of the same pins also depends on: the options and the found set it was made with.
  const basisKey = () => `${store.homeFilters.hideChecked}|${store.floor}|${checksSent}`;
  // The basis of the layout the engine holds (set with each layout given to it).
  let engineBasis = '';
  // An answer dropped because a newer request overtook it (the view unchanged): kept, so that when the worker's pins
  // are still at its version (the load that overtook it brought none, such as a region's snapshot held), the next
  // request is answered "unchanged" and this one is drawn, instead of built again (0.45 s at 690,000 pins).
  let spare: { view: string; basis: string; highlight: number; pins: PinBuffers; layout: PinLayout; told: number } | undefined;
  async function takeAllPins(): Promise<void> {
    const generation = ++pinsGeneration;
    // A layout-only answer asked for before this makes way for this one's layout.
    ++layoutGeneration;
    const view = viewKey();
    const basis = basisKey();
    const kept = spare && spare.view === view && spare.basis === basis && spare.highlight === highlightGeneration ? spare : undefined;
    spare = undefined;
    // The pins the engine holds already, with their layout given on the same basis (engineBasis is cleared whenever
    // the engine takes pins, set when it takes their layout): the worker need not build them again.
    const held = !kept && view === drawnView && basis === engineBasis ? engine.pinSetVersion : undefined;
    const asked = { told: checksSent, layoutsBefore: layoutRequests, highlight: highlightGeneration };
    const answer = await worker.pinsWithLayout(
      shownRegions().map((r) => filter(r, false)),
      layoutOptions(),
      kept?.pins.version ?? held,
    );
    if (disposed) return;
    const newest = generation === pinsGeneration;
    if (!answer && !kept) {
      // Unchanged: the engine has these pins, and their layout on this basis.
      if (newest) fullPending = false;
      return;
    }
    // A kept answer's layout is on the basis asked now; it gives way only to a layout asked for on its own since this
    // request (those asked before it were dropped when it began). Its found flags are brought up from when it was read.
    const { pins, layout, told, highlight } = answer ? { ...answer, ...asked } : kept!;
    const layoutsBefore = asked.layoutsBefore;
    // A newer request overtook this one while the worker answered (the loop asks it next). If the player chose
    // another view meanwhile, this answer is dropped (issue 24 item 3). If only more pins loaded (a snapshot's
    // blocks, categories), it is right, if not complete: at a million pins the worker answers in seconds, and every
    // answer of a streaming start would be overtaken by the next block, so nothing would be drawn until all came
    // (issue 21 item 2). It is drawn when it shows much more than the map has (the view's first pins, or at least
    // twice as many), so a start takes a few whole pin sets, not one per block.
    // The pins the engine holds already (the same pin-set version of the same view): nothing to take again.
    const same = pins.version !== undefined && pins.version === engine.pinSetVersion && view === drawnView;
    if (!newest && (view !== viewKey() || same || (view === drawnView && pins.ids.length < 2 * drawnCount))) {
      if (!same && view === viewKey()) spare = { view, basis, highlight, pins, layout, told };
      return;
    }
    if (newest) fullPending = false;
    if (!same) {
      drawnView = view;
      drawnCount = pins.ids.length;
      engine.setPins(pins);
      // New pins hold no layout until one is given them.
      engineBasis = '';
    }
    checksSince(told, engineOnly);
    // The answer's layout is its own pins' (one call): drawn with them unless a layout was asked for on its own since
    // (checks, hide-found, floor, a live edit), which arrives next and wins.
    if (layoutRequests === layoutsBefore && engine.setPinLayout(layout)) engineBasis = basis;
  }

  // A live edit (a pin created, edited, moved, reverted, hidden or merged) changes only its pins:
  // the worker names what changed since the engine's pin set, with the new layout. Anything else
  // between (a load, new filters) makes it take every pin again.
  async function refreshLive(): Promise<void> {
    const since = engine.pinSetVersion;
    if (fullPending || since === undefined) return refreshPins();
    const generation = ++pinsGeneration;
    const layoutAt = ++layoutGeneration;
    layoutRequests++;
    const told = checksSent;
    const basis = basisKey();
    const change = await worker.changesSince(
      since,
      shownRegions().map((r) => filter(r, false)),
      layoutOptions(),
    );
    if (disposed || generation !== pinsGeneration) return;
    if (!change || !engine.updatePins(change)) return refreshPins();
    engineBasis = '';
    checksSince(told, engineOnly);
    if (layoutAt === layoutGeneration && engine.setPinLayout(change.layout)) engineBasis = basis;
  }

  // The declutter and aggregates follow hide-found, the floor and the checks without new pins:
  // the worker lays out the same filters. A layout the engine refuses was made for another pin
  // set (the worker's pins changed since the engine's were read): new pins with their layout follow.
  async function refreshLayout(): Promise<void> {
    const generation = ++layoutGeneration;
    layoutRequests++;
    const basis = basisKey();
    const layout = await worker.layout(
      shownRegions().map((r) => filter(r, false)),
      layoutOptions(),
    );
    if (disposed || generation !== layoutGeneration) return;
    if (engine.setPinLayout(layout)) engineBasis = basis;
    else void refreshPins();
  }

  // The found set crosses as changes (check-log.ts): the pins that changed since the worker was last
  // told become one flag change in the engine and one in the worker, whose own state then drives
  // the new layout. Only a reset (first load, another account, an import) sends the whole set.
  let checksSent = -1;
  const engineAndWorker = (ids: Int32Array | null, on: boolean) => {
    if (!ids) {
      engine.setCheckedSet(store.checks);
      void worker.setChecked(Int32Array.from(store.checks));
      return;
    }
    engine.setPinFlags(ids, PinFlag.Checked, on);
    void worker.updateChecked(ids, on);
  };
  // Pins the worker read before it heard of later changes carry their old found flags.
  const engineOnly = (ids: Int32Array | null, on: boolean) => {
    if (ids) engine.setPinFlags(ids, PinFlag.Checked, on);
    else engine.setCheckedSet(store.checks);
  };

  // Highlighted tags change flags only: the worker names the pins of the map's set that carry one.
  let highlightGeneration = 0;
  async function refreshHighlight(tags: number[]): Promise<void> {
    const generation = ++highlightGeneration;
    const ids = await worker.setHighlightedTags(
      tags,
      shownRegions().map((r) => filter(r, false)),
    );
    if (disposed || generation !== highlightGeneration) return;
    engine.setHighlightedPins(ids, tags.length > 0);
  }

  // A selection's answer joins the pins chosen so far only while they are the ones it was asked
  // for, or ones this bridge set since (drags answered in turn): ids set by anyone else (discard,
  // apply, another tool, a sign-out) end that selection, and a late answer is dropped rather than
  // bringing it back. Ending the tool keeps the ids themselves, so a drag answered after it counts.
  let ownIds: readonly number[] | null = null;
  let selectionEpoch = 0;
  const noteSelection = () => {
    if (store.selection.ids === ownIds) return;
    selectionEpoch++;
    ownIds = store.selection.ids;
  };
  async function select(query: (f: PinFilter) => Promise<Int32Array>): Promise<void> {
    noteSelection();
    const epoch = selectionEpoch;
    const parts = await Promise.all(shownRegions().map((r) => query(filter(r, true))));
    if (disposed) return;
    noteSelection();
    if (epoch !== selectionEpoch) return;
    const ids = new Set([...store.selection.ids, ...concatIds(parts)]);
    setSelectionIds([...ids]);
    ownIds = store.selection.ids;
  }

  function changed(key: string, value: unknown): boolean {
    if (Object.is(last[key], value)) return false;
    last[key] = value;
    return true;
  }

  function sync(): void {
    const s = store;
    if (changed('region', s.mapRegion)) engine.setRegion(s.mapRegion);
    if (changed('floor', s.floor)) engine.setFloor(s.floor);
    const checksChanged = checksSent !== checkRevision();
    if (checksChanged) {
      checksSince(checksSent, engineAndWorker);
      checksSent = checkRevision();
    }
    if (changed('hideChecked', s.homeFilters.hideChecked)) engine.setHideChecked(s.homeFilters.hideChecked);
    if (changed('pinSize', s.pinSize)) engine.setPinSize(s.pinSize);
    if (changed('foundFaint', s.foundFaint)) engine.setFoundFaint(s.foundFaint);
    if (changed('selection', s.selection.ids)) engine.setSelection(s.selection.ids);
    const temp = s.tempPin;
    if (changed('tempPin', temp)) engine.setTempPin(temp ? { x: temp.x, y: temp.y } : null);
    const tags = s.highlightedTags;
    const tagsChanged = changed('tags', tags.join(','));
    const pos = s.tracking.position;
    if (changed('player', pos)) {
      // Tracker rotation is radians from +x; the engine's heading is degrees clockwise from north.
      engine.setPlayer(pos ? { x: pos.x, y: pos.y, heading: (((((pos.rotation ?? 0) * 180) / Math.PI + 90) % 360) + 360) % 360 } : null);
    }
    if (changed('follow', s.tracking.follow)) engine.setFollow(s.tracking.follow);
    const pinsKey = `${viewKey()}|${s.pins.loads}`;
    const pinsChanged = changed('pins', pinsKey);
    const edited = changed('pinsVersion', s.pins.version);
    const layoutKey = `${pinsKey}|${s.homeFilters.hideChecked}|${s.floor}`;
    const layoutChanged = changed('layout', layoutKey) || checksChanged;
    // Before new pins are asked for, so they come with the worker's highlighted flags.
    if (tagsChanged) void refreshHighlight([...tags]);
    if (pinsChanged) void refreshPins();
    else if (edited) void refreshLive();
    else if (layoutChanged) void refreshLayout();
  }

  const offs = [
    subscribe(store, sync),
    engine.on('rangeselect', (e) => {
      if (e.shape === 'rect') {
        let minX = Infinity,
          minY = Infinity,
          maxX = -Infinity,
          maxY = -Infinity;
        for (let i = 0; i < e.polygon.length; i += 2) {
          minX = Math.min(minX, e.polygon[i]!);
          maxX = Math.max(maxX, e.polygon[i]!);
          minY = Math.min(minY, e.polygon[i + 1]!);
          maxY = Math.max(maxY, e.polygon[i + 1]!);
        }
        void select((f) => worker.queryRect(minX, minY, maxX, maxY, f));
      } else {
        void select((f) => worker.queryLasso(e.polygon, f));
      }
    }),
    // A pan by hand turned follow off in the engine: the store hears it, so the re-follow button shows.
    engine.on('follow', (e) => {
      last.follow = e.on;
      if (store.tracking.follow !== e.on) setTracking({ follow: e.on });
    }),
    engine.on('routeselect', (e) => void select((f) => worker.queryRoute(e.polyline, e.width, f))),
    engine.on('locationselect', (e) => setTempPin({ x: e.x, y: e.y, region: store.mapRegion, floor: store.floor })),
    // Pages' requests (map-commands.ts) go to this engine; which tool is on stays the engine's own.
    attachMapEngine(engine),
  ];
  sync();

  return () => {
    disposed = true;
    last = {};
    for (const off of offs) off();
  };
}
