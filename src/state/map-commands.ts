// What a page asks of the map: the one path from a page to the engine (issue 24 item 1): its tool, the camera, the
// opened pin's mark.
// The engine owns which tool is on and so the selection mode and the shape drawn (its snapshot's `tool`
// and `mode`, which React reads through useEngineSnapshot); the store holds no copy of them. A page asks
// here; the bridge (engine-bridge.ts) attaches the engine it connects. When the engine ends a tool itself
// (ESC on the map), its snapshot says so and every page follows with no write back to the store.
import type { MapEngine } from '../engine';
import { modeOfTool, type ToolId } from '../engine/tools';
import { MapMode } from '../engine/types';
import { store } from './store';

/** The engine commands a page's request uses (MapEngine satisfies it). */
export type CommandEngine = Pick<MapEngine, 'setTool' | 'getSnapshot' | 'getCamera' | 'showAt' | 'setFocusedPin' | 'canvas'>;

let engine: CommandEngine | null = null;
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

/** Marks the opened pin on the map so it stands out (null clears it). */
export function markOpenedPin(id: number | null): void {
  engine?.setFocusedPin(id);
}

/** The bridge's: requests go to `e` until the returned function detaches it (the next engine starts with the tool on). */
export function attachMapEngine(e: CommandEngine): () => void {
  engine = e;
  if (e.getSnapshot().tool !== waiting) e.setTool(waiting);
  return () => {
    if (engine !== e) return;
    waiting = e.getSnapshot().tool;
    engine = null;
  };
}
