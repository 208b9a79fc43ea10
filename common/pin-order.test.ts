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
});
