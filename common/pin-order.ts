// The pins' draw order (the pins worker makes it with a whole pin set; the map's PinLayer otherwise): by y (southern pins overlap northern ones), ties by index. A comparator sort of a
// million indexes takes hundreds of ms of the main thread; this packs each pin's y (its float32 bits made
// order-preserving: 32 bits) and its index (21 bits) into one exact float64 key and sorts the keys natively.

const INDEX_BITS = 2 ** 21;
const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** Pin indexes sorted by y, then index (the order PinLayer draws them in). */
export function drawOrder(y: Float32Array): Int32Array<ArrayBuffer> {
  const n = y.length;
  const order = new Int32Array(n);
  if (n >= INDEX_BITS) {
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort((a, c) => y[a]! - y[c]! || a - c);
    return order;
  }
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    // -0 draws with 0 (a comparator sees them equal); NaN last.
    f32[0] = y[i]! === 0 ? 0 : y[i]!;
    const bits = u32[0]!;
    // Negative floats: all bits flipped; positive: the sign bit set. Unsigned order is then numeric order.
    const ordered = bits & 0x80000000 ? ~bits >>> 0 : (bits | 0x80000000) >>> 0;
    keys[i] = ordered * INDEX_BITS + i;
  }
  keys.sort();
  for (let s = 0; s < n; s++) order[s] = keys[s]! % INDEX_BITS;
  return order;
}
