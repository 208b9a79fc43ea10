// What a page asks of the map: the one path from a page to the engine (issue 24 item 1): its tool, the camera, the
// opened pin's mark, the planned route's line, the lassos drawn. Pages and map components hold no engine (a lint
// rule keeps it so: eslint.config.js); only the map host (src/map/MapStage.tsx) does.
// The engine owns which tool is on and so the selection mode and the shape drawn (its snapshot's `tool`
// and `mode`, which React reads through useMapSnapshot, src/map/use-engine-snapshot.ts); the store holds no copy of them. A page asks
// here; the bridge (engine-bridge.ts) attaches the engine it connects. When the engine ends a tool itself
// (ESC on the map), its snapshot says so and every page follows with no write back to the store.
import type { CameraState, EngineEvents, MapEngine, RouteOverlay } from '../engine';
import { modeOfTool, type ToolId } from '../engine/tools';
import { MapMode } from '../engine/types';
import { store } from './store';

/** The engine commands a page's request uses (MapEngine satisfies it). */
export type CommandEngine = Pick<
  MapEngine,
  'setTool' | 'getSnapshot' | 'getCamera' | 'showAt' | 'setFocusedPin' | 'canvas' | 'screenToWorld' | 'setRoute' | 'on'
>;

let engine: CommandEngine | null = null;
// The lassos and rectangles drawn on the map, heard by pages whatever engine runs.
const rangeListeners = new Set<(e: EngineEvents['rangeselect']) => void>();
// The tool asked for while no engine runs: the next engine attached starts with it.
let waiting: ToolId = 'pan';

// The pins chosen end with the selection (a new array: the bridge's late answers for the old one are dropped).
const clearSelection = () => {
  store.selection.ids = [];
};

const isMultiSelect = (m: MapMode) => m === MapMode.RangeSelection || m === MapMode.RouteSelection;

/** The tool on: the engine's, or the one waiting for an engine. */
export function currentTool(): ToolId {
  return engine ? engine.getSnapshot().tool : waiting;
}

/**
 * Asks the map for a tool. Moving between the range tools (rectangle, lasso) and the route tool keeps the
 * pins chosen so far, and so does `keepSelection` ("keep selecting" after the confirmation); any other
 * change clears them.
 */
export function chooseTool(tool: ToolId, opts: { keepSelection?: boolean } = {}): void {
  const before = modeOfTool(currentTool());
  if (engine) engine.setTool(tool);
  else waiting = tool;
  const after = modeOfTool(tool);
  const keep = opts.keepSelection || after === before || (isMultiSelect(after) && isMultiSelect(before));
  if (!keep && store.selection.ids.length) clearSelection();
}

/**
 * Ends the tool on (only when it is `only`, where given), keeping the pins it chose, so the page asks
 * what to do with them (the banner, the tool's button pressed again).
 */
export function endTool(only?: ToolId): void {
  if (only && currentTool() !== only) return;
  chooseTool('pan', { keepSelection: true });
}

/** The map's box on the page (CSS px), or null while no map runs. */
export function mapBox(): DOMRect | null {
  return engine ? engine.canvas.getBoundingClientRect() : null;
}

/**
 * Brings world point `p` into view at screen point `at` (the map's centre when left out), at `zoom`, or at the
 * current zoom but no less than `minZoom`. Nothing while no map runs.
 */
export function showOnMap(
  p: { x: number; y: number },
  opts: { zoom?: number; minZoom?: number; at?: { x: number; y: number }; animate?: boolean },
): void {
  if (!engine) return;
  const zoom = opts.zoom ?? Math.max(engine.getCamera().zoom, opts.minZoom ?? 0);
  engine.showAt(p, { zoom, at: opts.at, animate: opts.animate });
}

const runWaiters = new Set<(runs: boolean) => void>();

/**
 * Resolves true once a map runs (at once when one does), or false after `timeoutMs`: a command given while the
 * renderer still starts (a shortcut pressed right after the page opened) waits for it instead of doing nothing.
 */
export function whenMapRuns(timeoutMs = 15_000): Promise<boolean> {
  if (engine) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (runs: boolean) => {
      clearTimeout(timer);
      runWaiters.delete(done);
      resolve(runs);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    runWaiters.add(done);
  });
}

/** The map's camera now, or null while no map runs. */
export function mapCamera(): Readonly<CameraState> | null {
  return engine ? engine.getCamera() : null;
}

/** The world rectangle the map shows [x0, y0, x1, y1], or null while no map runs. */
export function mapViewBounds(): [number, number, number, number] | null {
  if (!engine) return null;
  const { clientWidth: width, clientHeight: height } = engine.canvas;
  const a = engine.screenToWorld({ x: 0, y: 0 });
  const b = engine.screenToWorld({ x: width, y: height });
  return [a.x, a.y, b.x, b.y];
}

/** Draws the planned route's line (null clears it). Nothing while no map runs. */
export function showRoute(route: RouteOverlay | null): void {
  engine?.setRoute(route);
}

/** Calls `fn` for each range (rectangle or lasso) drawn on the map; returns the stop function. */
export function onRangeDrawn(fn: (e: EngineEvents['rangeselect']) => void): () => void {
  rangeListeners.add(fn);
  return () => rangeListeners.delete(fn);
}

/** Marks a pin on the map so it stands out: the opened pin, the nearest unfound one flown to (null clears it). */
export function markOpenedPin(id: number | null): void {
  engine?.setFocusedPin(id);
}

/** The bridge's: requests go to `e` until the returned function detaches it (the next engine starts with the tool on). */
export function attachMapEngine(e: CommandEngine): () => void {
  engine = e;
  if (e.getSnapshot().tool !== waiting) e.setTool(waiting);
  for (const done of [...runWaiters]) done(true);
  const offRange = e.on('rangeselect', (r) => {
    for (const fn of rangeListeners) fn(r);
  });
  return () => {
    offRange();
    if (engine !== e) return;
    waiting = e.getSnapshot().tool;
    engine = null;
  };
}
