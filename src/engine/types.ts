// The engine's public types: everything the bridge, the pages and the tracker code against.

import type { ToolId } from './tools';

/** World (map) coordinates: one unit is one pixel of a scale-100 tile; y grows downwards. */
export type WorldPoint = { readonly x: number; readonly y: number; readonly __space: 'world' };
/** Screen coordinates: CSS pixels from the top-left corner of the map's container. */
export type ScreenPoint = { readonly x: number; readonly y: number; readonly __space: 'screen' };

/** The map's input modes (SPEC §2's selection modes): one definition, used by the engine and the store. */
export const MapMode = { Default: 0, LocationSelection: 1, RangeSelection: 2, RouteSelection: 3 } as const;
/** One of the values of `MapMode`. */
export type MapMode = (typeof MapMode)[keyof typeof MapMode];

/** The camera: world point at the centre of the view, and zoom (1 = scale-100 tile pixels at CSS px 1:1). */
export interface CameraState {
  x: number;
  y: number;
  zoom: number;
}

/**
 * The pins to draw as parallel typed arrays (index i is one pin), declared once in the pin
 * buffer layout (common/pin-buffers.ts); the engine honours its `flags` byte (1 = checked, 2 = highlighted).
 */
export type { PinBuffers } from '../../common/pin-buffers';

/** The performance mark set when the first frame with pins is drawn (detail: { pins }). */
export const FIRST_PINS_MARK = 'map:first-pins';

/** Per-pin state bits (setPinFlags); combined freely. */
export const PinFlag = { Checked: 1, Hidden: 2, Highlighted: 4, Selected: 8, Hover: 16, OtherFloor: 32, Focused: 64 } as const;

/** An overview aggregate marker as the map reads it: where, how many pins, how many found, and its top categories. */
export interface AggregateInfo {
  x: number;
  y: number;
  count: number;
  found: number;
  level: number;
  /** The cell's most common categories, most pins first (up to three). */
  top: { categoryId: number; count: number; found: number }[];
}

/** The events the engine emits (`engine.on(type, fn)`). */
export interface EngineEvents {
  pinhover: { id: number | null };
  pinclick: { id: number; screenX: number; screenY: number };
  /** Right-click, or long-press on touch. */
  pincontextmenu: { id: number; screenX: number; screenY: number };
  /** A click on the map in LocationSelection mode (world units). */
  locationselect: { x: number; y: number };
  /** RangeSelection: the drawn shape as world x,y pairs (a rectangle is 4 corners). */
  rangeselect: { shape: 'rect' | 'lasso'; polygon: Float64Array };
  /** RouteSelection: the drawn polyline (world x,y pairs) and the corridor width (world units). */
  routeselect: { polyline: Float64Array; width: number };
  /**
   * The overview aggregate under the mouse (hover) or a long-pressed finger (`pressed`), at a
   * screen point; null when the pointer left it (or the camera moved it away).
   */
  aggregatehover: { aggregate: AggregateInfo | null; screenX: number; screenY: number; pressed: boolean };
  /** Keyboard mode: the pin the arrow keys reached (null when the map lost focus). */
  pinfocus: { id: number | null };
  /** Keyboard mode: F on the focused pin (mark it found or not found). */
  pinmark: { id: number };
  /** ESC in a selection mode: the engine has gone back to Default. */
  modecancel: Record<string, never>;
  camera: CameraState;
  /** Follow mode turned on or off (a pan by hand turns it off; the UI offers to turn it back on). */
  follow: { on: boolean };
  /** The camera came to rest (no drag, fling or tween moved it for SETTLE_MS): write the URL now, not per frame. */
  camerasettle: CameraState;
}

/** What React reads through useSyncExternalStore; a new object only when something changed. */
export interface EngineSnapshot {
  readonly camera: Readonly<CameraState>;
  readonly mode: MapMode;
  /** The map tool on (the engine owns it; tools/index.ts names them). */
  readonly tool: ToolId;
  readonly hoverPinId: number | null;
  readonly follow: boolean;
  readonly floor: number | null;
  readonly regionId: number;
  readonly tilesLoading: number;
  /**
   * The camera is moving: a tween (250 ms) or a gesture under way, until it has rested for
   * 150 ms ('camerasettle'). Set at the tween's start, before its first frame.
   */
  readonly moving: boolean;
}

/** Options of MapEngine.create. */
export interface MapEngineOptions {
  container: HTMLElement;
  preference?: 'webgl' | 'webgpu';
  /** Device pixels per CSS pixel; defaults to window.devicePixelRatio. */
  resolution?: number;
  /** Prefix for tile paths (default '' = same origin `/map/...`). */
  tileBaseUrl?: string;
  background?: number | 'transparent';
}

/** Options of setTool. */
export interface ToolOptions {
  /** The route tool's corridor width in world units (default 120). */
  routeWidth?: number;
}

/** The player (tracker) marker: world position and heading in degrees (0 = north/up, clockwise). */
export interface PlayerState {
  x: number;
  y: number;
  heading: number;
}
