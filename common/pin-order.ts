// The pins' draw order (the pins worker makes it with a whole pin set; the map's PinLayer otherwise): by y (southern
// pins overlap northern ones), ties by index. Each pin's y, its float32 bits made order-preserving (an unsigned 32-bit
// key), is sorted by a least-significant-digit radix sort of three 11-bit digits: linear, and stable, so ties keep
// index order. At 690,000 pins it takes a fifth of the time of sorting packed float64 keys natively (the previous way:
// 70 ms median in node), and it has no limit on the pin count (the packed keys held 2^21 indexes).

const DIGIT_BITS = 11;
const DIGITS = 1 << DIGIT_BITS;

/** Pin indexes sorted by y, then index (the order PinLayer draws them in). */
export function drawOrder(y: Float32Array): Int32Array<ArrayBuffer> {
  const n = y.length;
  const bits = new Uint32Array(y.buffer, y.byteOffset, n);
  let keys = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    // -0 draws with 0 (a comparator sees them equal); a NaN goes last, or first with its sign bit set (as it always did).
    const b = bits[i] === 0x80000000 ? 0 : bits[i]!;
    // Negative floats: all bits flipped; positive: the sign bit set. Unsigned order is then numeric order.
    keys[i] = b & 0x80000000 ? ~b >>> 0 : (b | 0x80000000) >>> 0;
  }
  let order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  let nextKeys = new Uint32Array(n);
  let nextOrder = new Int32Array(n);
  const count = new Uint32Array(DIGITS);
  for (let shift = 0; shift < 32; shift += DIGIT_BITS) {
    count.fill(0);
    for (let i = 0; i < n; i++) count[(keys[i]! >>> shift) & (DIGITS - 1)]!++;
    // A digit every key shares moves nothing: skip its pass.
    if (count[(keys[0]! >>> shift) & (DIGITS - 1)] === n) continue;
    for (let d = 0, at = 0; d < DIGITS; d++) {
      const c = count[d]!;
      count[d] = at;
      at += c;
    }
    for (let i = 0; i < n; i++) {
      const k = keys[i]!;
      const to = count[(k >>> shift) & (DIGITS - 1)]!++;
      nextKeys[to] = k;
      nextOrder[to] = order[i]!;
    }
    [keys, nextKeys] = [nextKeys, keys];
    [order, nextOrder] = [nextOrder, order];
  }
  return order;
}
