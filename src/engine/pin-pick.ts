// Picking pins: the static index (flatbush over the pin coordinates) and the pins live changes
// put outside it, hit-tested by marker box (hover, clicks) or searched by distance (arrow keys).
import Flatbush from 'flatbush';
import { LARGE_PIN_FACTOR, styleSizeFactor, type PinStyle } from './pin-style';
import { PinFlag, type PinBuffers } from './types';

// The marker's hit box inside its 32-px cell, relative to the tip at (16, 32).
const HIT_HALF_WIDTH = 12;
const HIT_HEIGHT = 31;
// Half the dot's hit box (CSS px): a little larger than the 10-px dot, for fingers.
const DOT_HIT_HALF = 8;
// Live changes put pins outside the static index; past this many it is built again.
const MAX_UNINDEXED = 256;

/** The pin index: the static flatbush and the pins tested one by one. */
export interface PinIndex {
  index: Flatbush | null;
  /** Static index item → pin index (-1: the pin changed or left since the index was built). */
  indexPin: Int32Array;
  /** Pins a live change added or moved since the static index was built (tested one by one). */
  unindexed: number[];
}

/** The static index over every pin as it stands now. */
export function buildPinIndex(b: PinBuffers | null): PinIndex {
  const n = b?.ids.length ?? 0;
  const ix: PinIndex = { index: null, indexPin: new Int32Array(n), unindexed: [] };
  if (!b || n === 0) return ix;
  const index = new Flatbush(n);
  for (let i = 0; i < n; i++) {
    index.add(b.x[i]!, b.y[i]!);
    ix.indexPin[i] = i;
  }
  index.finish();
  ix.index = index;
  return ix;
}

/**
 * The index after a live change: its items map to the new pin order (newOfOld) and the changed
 * pins `at` are tested one by one, until there are too many and the index over `b` is built again.
 */
export function remapPinIndex(ix: PinIndex, b: PinBuffers, newOfOld: Int32Array, at: ArrayLike<number>): PinIndex {
  for (let k = 0; k < ix.indexPin.length; k++) {
    const i = ix.indexPin[k]!;
    ix.indexPin[k] = i < 0 ? -1 : newOfOld[i]!;
  }
  ix.unindexed = [...ix.unindexed.map((i) => newOfOld[i]!).filter((i) => i >= 0), ...Array.from(at)];
  return ix.unindexed.length > MAX_UNINDEXED ? buildPinIndex(b) : ix;
}

/**
 * The topmost pin (by `slotOf`, picked pins first) that `drawn` accepts and whose marker of
 * `style` covers world point (wx, wy) at `zoom`: the pin's tip is at its coordinate, so its
 * marker spans up from there. A pin index, or -1.
 */
export function pickPin(
  ix: PinIndex,
  b: PinBuffers,
  flags: Uint8Array,
  slotOf: Int32Array,
  drawn: (i: number) => boolean,
  style: PinStyle,
  large: boolean,
  wx: number,
  wy: number,
  zoom: number,
  screen = 1,
): number {
  const s = (styleSizeFactor(style, zoom, large) * screen) / zoom;
  let best = -1;
  let bestRank = -1;
  // The opened or selected pin wins over pins that overlap it (it comes first in the declutter order too).
  const pickedBonus = slotOf.length + 1;
  const test = (i: number) => {
    if (!drawn(i)) return false;
    const rank = slotOf[i]! + (flags[i]! & (PinFlag.Selected | PinFlag.Focused) ? pickedBonus : 0);
    if (rank > bestRank) {
      bestRank = rank;
      best = i;
    }
    return false;
  };
  let minX: number, minY: number, maxX: number, maxY: number;
  if (style === 'dot') {
    const r = (DOT_HIT_HALF * (large ? LARGE_PIN_FACTOR : 1) * screen) / zoom;
    minX = wx - r;
    minY = wy - r;
    maxX = wx + r;
    maxY = wy + r;
  } else {
    const hw = HIT_HALF_WIDTH * s;
    minX = wx - hw;
    minY = wy;
    maxX = wx + hw;
    maxY = wy + HIT_HEIGHT * s;
  }
  const indexPin = ix.indexPin;
  ix.index?.search(minX, minY, maxX, maxY, (k) => {
    const i = indexPin[k]!;
    return i >= 0 ? test(i) : false;
  });
  for (const i of ix.unindexed) {
    const x = b.x[i]!,
      y = b.y[i]!;
    if (x >= minX && x <= maxX && y >= minY && y <= maxY) test(i);
  }
  return best;
}

/**
 * The pin `usable` accepts nearest to world point (wx, wy); with a direction, only pins within
 * 45° of it (else 80°), for the arrow keys. A pin index, or -1.
 */
export function nearestPin(
  ix: PinIndex,
  b: PinBuffers,
  usable: (i: number) => boolean,
  wx: number,
  wy: number,
  dir: { dx: number; dy: number } | null,
): number {
  if (!ix.index) return -1;
  const { x, y } = b;
  const within = (cos: number) => (i: number) => {
    if (!usable(i)) return false;
    if (!dir) return true;
    const vx = x[i]! - wx,
      vy = y[i]! - wy;
    const len = Math.hypot(vx, vy);
    return len > 0 && vx * dir.dx + vy * dir.dy >= cos * len;
  };
  for (const cos of dir ? [Math.SQRT1_2, 0.17] : [-1]) {
    const [i] = ix.index.neighbors(wx, wy, 1, Infinity, within(cos));
    if (i !== undefined) return i;
  }
  return -1;
}
