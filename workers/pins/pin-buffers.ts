// Pin sets as parallel typed arrays: built, picked from and joined (PinStore's handoff).
import { PinDataFlag, emptyPins, type PinBuffers } from '../../common/pin-buffers';
import type { CategoryPins } from './CategoryPins';

/** The flags byte of pin i of a category (found, highlighted tag, has image). */
export function flagsOf(c: CategoryPins, i: number, hl: Set<number> | null): number {
  let fl = c.data.staticFlags[i]!;
  if (c.isFound(i)) fl |= PinDataFlag.Checked;
  if (hl && c.hasAnyTag(i, hl)) fl |= PinDataFlag.Highlighted;
  return fl;
}

/** The ids of a category's pins at these indices. */
export function idsOf(c: CategoryPins, hits: number[]): Int32Array {
  const out = new Int32Array(hits.length);
  for (let k = 0; k < hits.length; k++) out[k] = c.data.ids[hits[k]!]!;
  return out;
}

/** Id arrays one after another. */
export function concat(parts: Int32Array[]): Int32Array {
  if (parts.length === 1) return parts[0]!;
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Int32Array(n);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** The pins at these positions of a pin set, in that order. */
export function pick(b: PinBuffers, at: readonly number[]): PinBuffers {
  const out = emptyPins(at.length);
  at.forEach((i, k) => {
    out.ids[k] = b.ids[i]!;
    out.x[k] = b.x[i]!;
    out.y[k] = b.y[i]!;
    out.z[k] = b.z[i]!;
    out.icon[k] = b.icon[i]!;
    out.category[k] = b.category[i]!;
    out.region[k] = b.region[i]!;
    out.flags[k] = b.flags[i]!;
  });
  return out;
}
