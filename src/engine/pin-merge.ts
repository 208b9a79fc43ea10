// The live-change merge (PinsWorkerApi.changesSince): the touched pins leave, the changed ones
// come in at their places; every other pin keeps its draw slot's vertices, flags and layout level.
import { PinDataFlag, emptyPins, type PinSetChange } from '../../common/pin-buffers';
import { PinFlag, type PinBuffers } from './types';
import type { IdLookup } from '../../common/id-index';

/** Copies pin `from` of `a` to pin `to` of `b`. */
function copyPin(a: PinBuffers, from: number, b: PinBuffers, to: number): void {
  b.ids[to] = a.ids[from]!;
  b.x[to] = a.x[from]!;
  b.y[to] = a.y[from]!;
  b.z[to] = a.z[from]!;
  b.icon[to] = a.icon[from]!;
  b.category[to] = a.category[from]!;
  b.region[to] = a.region[from]!;
  b.flags[to] = a.flags[from]!;
}

/** The pins as PinLayer holds them: buffers, per-pin flags and levels, and the draw order. */
export interface PinSlots {
  buffers: PinBuffers;
  /** Per pin: PinFlag bits. */
  flags: Uint8Array<ArrayBuffer>;
  /** Per pin: the first layout level it is drawn at. */
  minLevel: Uint8Array;
  /** Draw slot → pin index, and back. */
  pinOfSlot: Int32Array<ArrayBuffer>;
  slotOf: Int32Array<ArrayBuffer>;
}

/**
 * Applies `change` to the pins `cur` (whose version the caller checked): the new pins, with
 * newOfOld mapping each old pin index to its new one (-1: it left) and oldSlotOfSlot each new draw
 * slot to the old slot whose vertices it keeps (-1: an incoming pin, to be styled). Null when the
 * change is for another pin set.
 */
export function mergePinChange(
  cur: PinSlots,
  indexOfId: IdLookup,
  change: PinSetChange,
  focusedId: number | null,
): (PinSlots & { newOfOld: Int32Array; oldSlotOfSlot: Int32Array }) | null {
  const old = cur.buffers;
  const removed = new Set<number>();
  const selected = new Set<number>();
  for (const id of change.removed) {
    const i = indexOfId.get(id);
    if (i === undefined) continue;
    removed.add(i);
    if (cur.flags[i]! & PinFlag.Selected) selected.add(id);
  }
  const oldN = old.ids.length;
  const added = change.pins;
  const n = oldN - removed.size + added.ids.length;
  const b = emptyPins(n);
  const flags = new Uint8Array(n);
  const minLevel = new Uint8Array(n);
  const newOfOld = new Int32Array(oldN).fill(-1);
  let o = 0;
  let j = 0;
  for (let k = 0; k < n; k++) {
    if (j < added.ids.length && change.at[j] === k) {
      copyPin(added, j, b, k);
      const id = added.ids[j]!;
      flags[k] =
        (added.flags[j]! & PinDataFlag.Checked ? PinFlag.Checked : 0) |
        (added.flags[j]! & PinDataFlag.Highlighted ? PinFlag.Highlighted : 0) |
        (selected.has(id) ? PinFlag.Selected : 0) |
        (id === focusedId ? PinFlag.Focused : 0);
      j++;
      continue;
    }
    while (o < oldN && removed.has(o)) o++;
    // A change made for another pin set (other filters): take every pin instead.
    if (o >= oldN) return null;
    copyPin(old, o, b, k);
    flags[k] = cur.flags[o]!;
    minLevel[k] = cur.minLevel[o]!;
    newOfOld[o++] = k;
  }
  while (o < oldN && removed.has(o)) o++;
  if (o !== oldN || j !== added.ids.length) return null;
  b.version = change.version;

  // Draw order: the kept pins stay in theirs, the changed ones are merged in by y.
  const keptSlots: number[] = [];
  const keptPins: number[] = [];
  for (let s = 0; s < oldN; s++) {
    const k = newOfOld[cur.pinOfSlot[s]!]!;
    if (k >= 0) {
      keptSlots.push(s);
      keptPins.push(k);
    }
  }
  const incoming = Array.from(change.at).sort((p, q) => b.y[p]! - b.y[q]! || p - q);
  const oldSlotOfSlot = new Int32Array(n);
  const pinOfSlot = new Int32Array(n);
  let a = 0;
  let c = 0;
  for (let s = 0; s < n; s++) {
    if (c < incoming.length && (a >= keptPins.length || b.y[incoming[c]!]! < b.y[keptPins[a]!]!)) {
      pinOfSlot[s] = incoming[c++]!;
      oldSlotOfSlot[s] = -1;
    } else {
      oldSlotOfSlot[s] = keptSlots[a]!;
      pinOfSlot[s] = keptPins[a++]!;
    }
  }
  const slotOf = new Int32Array(n);
  for (let s = 0; s < n; s++) slotOf[pinOfSlot[s]!] = s;
  return { buffers: b, flags, minLevel, pinOfSlot, slotOf, newOfOld, oldSlotOfSlot };
}
