import { describe, expect, it } from 'vitest';
import { drawOrder } from './pin-order';

describe('drawOrder', () => {
  it('sorts pins by y, ties by index, as the comparator sort did', () => {
    const y = Float32Array.from([5, -3.5, 0, 5, -0, 1e-30, -1e30, 2.25, -3.5, 1e30]);
    const expected = Array.from(y.keys()).sort((a, c) => y[a]! - y[c]! || a - c);
    expect(Array.from(drawOrder(y))).toEqual(expected);
  });

  it('agrees with the comparator sort on random coordinates', () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 20000 - 10000;
    const y = Float32Array.from({ length: 5000 }, (_, i) => (i % 7 === 0 ? 100 : Math.round(rand() * 4) / 4));
    const expected = Array.from(y.keys()).sort((a, c) => y[a]! - y[c]! || a - c);
    expect(Array.from(drawOrder(y))).toEqual(expected);
  });

  it('agrees with the comparator sort on floats of every magnitude and sign (each digit of the key varies)', () => {
    let seed = 11;
    const next = () => (seed = (seed * 48271) % 2147483647);
    const bits = new Uint32Array(20_000);
    for (let i = 0; i < bits.length; i++) {
      // Any float32 bit pattern but NaN (a comparator sort has no order for it), infinities among them; every tenth
      // repeats one before it.
      let b = ((next() << 1) ^ next()) >>> 0;
      if ((b & 0x7f800000) === 0x7f800000) b = i % 2 ? 0x7f800000 : 0xff800000;
      bits[i] = i % 10 === 9 ? bits[i - 5]! : b;
    }
    const y = new Float32Array(bits.buffer);
    const expected = Array.from(y.keys()).sort((a, c) => y[a]! - y[c]! || a - c);
    expect(Array.from(drawOrder(y))).toEqual(expected);
  });

  it('orders a subarray of a larger buffer by its own values', () => {
    const whole = Float32Array.from([9, 3, -1, 2, 8]);
    expect(Array.from(drawOrder(whole.subarray(1, 4)))).toEqual([1, 2, 0]);
  });

  it('sorts keys that share some digits (a pass with one digit for every key moves nothing) and the smallest sets', () => {
    // Small positive integers share the key's top digits; multiples of 2^14 (exact in a float32) its low ones.
    for (const values of [
      Array.from({ length: 3000 }, (_, i) => (i * 7919) % 1000),
      Array.from({ length: 3000 }, (_, i) => ((i * 104729) % 50) * 16384),
      [],
      [3.5],
    ]) {
      const y = Float32Array.from(values);
      const expected = Array.from(y.keys()).sort((a, c) => y[a]! - y[c]! || a - c);
      expect(Array.from(drawOrder(y))).toEqual(expected);
    }
  });
});
