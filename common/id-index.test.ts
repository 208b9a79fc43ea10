import { describe, expect, it } from 'vitest';
import { IdIndex } from './id-index';

describe('IdIndex', () => {
  it('answers as a Map of id → index would, later indexes winning', () => {
    let seed = 11;
    const rand = () => (seed = (seed * 16807) % 2147483647);
    const ids = Int32Array.from({ length: 3000 }, (_, i) => (i % 10 === 0 ? -(rand() % 50) : rand() % 4000));
    const map = new Map<number, number>();
    ids.forEach((id, i) => map.set(id, i));
    const index = new IdIndex(ids);
    for (let id = -60; id < 4100; id++) expect(index.get(id)).toBe(map.get(id));
    expect(index.get(2 ** 31 - 1)).toBeUndefined();
    expect(new IdIndex([]).get(0)).toBeUndefined();
  });
});
