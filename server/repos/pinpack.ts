/**
 * A set of pin ids packed for the undo history: the sorted ids as runs of consecutive ids, each run two unsigned
 * LEB128 varints, the gap from the end of the previous run (the first run: from 0) and the run's length minus one.
 * A 50,000-pin batch of one category (consecutive ids) packs into a few bytes; scattered ids into 1–3 bytes each
 * (the 16-byte table row and 16-byte index entry of each pin it replaces). Migration 007 writes the same bytes in SQL.
 */

/** Packs `ids` (any order, no duplicates) into runs. */
export function packIds(ids: readonly number[]): Uint8Array {
  const sorted = Int32Array.from(ids).sort();
  const out: number[] = [];
  const put = (v: number) => {
    while (v >= 0x80) {
      out.push((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    out.push(v);
  };
  let next = 0;
  for (let i = 0; i < sorted.length;) {
    const start = sorted[i]!;
    let end = i + 1;
    while (end < sorted.length && sorted[end] === sorted[end - 1]! + 1) end++;
    put(start - next);
    put(end - i - 1);
    next = start + (end - i);
    i = end;
  }
  return Uint8Array.from(out);
}

/** The ids of a packed set, ascending. */
export function unpackIds(bytes: Uint8Array | null | undefined): number[] {
  if (!bytes) return [];
  const ids: number[] = [];
  let at = 0;
  const get = () => {
    let v = 0;
    let scale = 1;
    for (;;) {
      const b = bytes[at++];
      if (b === undefined) throw new RangeError('truncated pin set');
      v += (b & 0x7f) * scale;
      if (b < 0x80) return v;
      scale *= 0x80;
    }
  };
  let next = 0;
  while (at < bytes.length) {
    const start = next + get();
    const len = get() + 1;
    for (let k = 0; k < len; k++) ids.push(start + k);
    next = start + len;
  }
  return ids;
}
