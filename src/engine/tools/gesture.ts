// The map's gesture recogniser: one pointer's press, decided from its timestamps and how far it has
// gone (tap, long press, drag), in the way MapLibre's handlers decide theirs. No timers: the frame
// loop asks `longPressDue` each frame while a finger is down (tools/README.md).

/** A press that moves less than this (CSS px) from where it went down is a tap; farther, a drag. */
export const TAP_SLOP_PX = 5;
/** A touch held this long (ms) without going farther than LONG_PRESS_SLOP_PX is a long press. */
export const LONG_PRESS_MS = 550;
export const LONG_PRESS_SLOP_PX = TAP_SLOP_PX * 2;
/** A drag released after resting this long (ms) does not fling. */
export const FLING_REST_MS = 60;

/** One pointer from its pointerdown: where it is, where and when it began, how far it has been. */
export interface Press {
  readonly id: number;
  x: number;
  y: number;
  readonly startX: number;
  readonly startY: number;
  /** When its pointerdown was handled (ms, the performance.now() clock). */
  readonly t: number;
  /** When its last pointermove was handled. */
  lastT: number;
  readonly button: number;
  readonly type: string;
  /** The farthest it has been from where it went down (px): past the tap slop it is a drag, wherever it ends. */
  reach: number;
  /** The press has become a drag (the tool heard onDragStart). */
  dragging: boolean;
  /** A long press fired: nothing more comes of this press. */
  spent: boolean;
}

export function startPress(id: number, x: number, y: number, t: number, button: number, type: string): Press {
  return { id, x, y, startX: x, startY: y, t, lastT: t, button, type, reach: 0, dragging: false, spent: false };
}

/** Moves a press to (x, y) at time t; returns the step. */
export function movePress(p: Press, x: number, y: number, t: number): { dx: number; dy: number } {
  const step = { dx: x - p.x, dy: y - p.y };
  p.x = x;
  p.y = y;
  p.lastT = t;
  p.reach = Math.max(p.reach, Math.hypot(x - p.startX, y - p.startY));
  return step;
}

/** Whether the press has gone far enough to be a drag. */
export const isDrag = (p: Press): boolean => p.reach >= TAP_SLOP_PX;

/** Whether a press released now is a tap (primary button, never past the slop, no long press). */
export const isTap = (p: Press): boolean => !p.spent && p.button === 0 && p.reach < TAP_SLOP_PX;

/** Whether a touch press has been held long enough, close enough to its start, to be a long press at `now`. */
export const longPressDue = (p: Press, now: number): boolean =>
  !p.spent && p.type === 'touch' && p.reach < LONG_PRESS_SLOP_PX && now - p.t >= LONG_PRESS_MS;
