// What every map tool is: a small state class that hears the gestures the recogniser decided
// (tools/gesture.ts) for the one pointer it is given, and what it may do to the engine
// (ToolContext). Two-finger pinch, the wheel and the fling belong to the controller, for every tool.
import type { Viewport } from '../camera';
import type { DrawnShape } from '../OverlayLayer';
import type { AggregateInfo, CameraState, EngineEvents, MapMode } from '../types';
import type { Press } from './gesture';

/** What a tool may read and do (EngineFrame and the InputController provide it). */
export interface ToolContext {
  camera(): CameraState;
  viewport(): Viewport;
  /** A screen point (CSS px in the canvas) in world units. */
  world(p: { x: number; y: number }): { x: number; y: number };
  /** A drag pans the camera by (dx, dy) screen px at time t; a fling follows the release if it was quick. */
  pan(dx: number, dy: number, t: number): void;
  /** The pan ended at time t (a rest before it means no fling). */
  panEnd(t: number): void;
  /** An animated zoom by `factor` about a screen point. */
  zoomAbout(p: { x: number; y: number }, factor: number): void;
  /** The pin drawn at a screen point, or null. */
  pick(x: number, y: number): number | null;
  aggregateAt(x: number, y: number): AggregateInfo | null;
  /** Zooms in on an aggregate, where its pins become dots or icons. */
  openAggregate(agg: AggregateInfo): void;
  emit<K extends keyof EngineEvents>(type: K, e: EngineEvents[K]): void;
  /** Right-click or long press at a screen point: a pin's menu, or what an aggregate holds. */
  contextMenu(x: number, y: number): void;
  /** The shape being drawn (null clears it); `done` hands it to the tool's event. */
  shape(s: DrawnShape | null, done: boolean): void;
  /** The route tool's corridor width (world units). */
  routeWidth(): number;
}

/**
 * A map tool. The base is the map's plain behaviour (a drag pans, a long press opens the menu);
 * a tool overrides what it does differently. One instance lives while the tool is on.
 */
export abstract class MapTool {
  /** The selection mode the tool belongs to (the banner speaks in modes): each tool class says its own. */
  static readonly mode: MapMode = 0;

  /** This tool's selection mode (its class's). */
  get mode(): MapMode {
    return (this.constructor as typeof MapTool).mode;
  }
  /** The canvas cursor while no pin is under the mouse. */
  readonly cursor: string = 'crosshair';
  /** Pins and aggregates react to the mouse over them. */
  readonly hover: boolean = true;
  /** A double-click zooms in (Shift: out). */
  readonly zoomOnDoubleClick: boolean = true;
  /** The arrow keys move between pins (keyboard mode); otherwise they pan. */
  readonly arrowsFocusPins: boolean = false;

  constructor(protected readonly ctx: ToolContext) {}

  /** A press released within the tap slop. */
  onTap(_p: Press): void {}

  /** A touch held still for LONG_PRESS_MS. */
  onLongPress(p: Press): void {
    this.ctx.contextMenu(p.x, p.y);
  }

  /** The press went past the tap slop: (startX, startY) is where it began; onDrag follows with the step. */
  onDragStart(_p: Press): void {}

  /** The dragging pointer moved by (dx, dy) (first with the step that made it a drag). */
  onDrag(p: Press, dx: number, dy: number): void {
    this.ctx.pan(dx, dy, p.lastT);
  }

  onDragEnd(p: Press): void {
    this.ctx.panEnd(p.lastT);
  }

  /** The gesture was taken away (a second finger, pointercancel, ESC, the tool left): drop what it began. */
  onCancel(): void {}
}
