import { describe, expect, it } from 'vitest';
import { chooseScale, coverRange, emptyRange, rangeSize, tileAtScale, type Pyramid } from './tile-cover';
import { visibleWorldRect } from './camera';
import { baseTileRange, regionById, subTileRange } from '../../common/regions';

const huanglong = regionById(0).info;
const base: Pyramid = { blockSize: huanglong.blockSize, origin: [0, 0], extent: huanglong.extent };

describe('tile cover', () => {
  it('chooses the scale by device pixels per world unit', () => {
    expect(chooseScale(1)).toBe(100);
    expect(chooseScale(0.5)).toBe(50);
    expect(chooseScale(0.5, 2)).toBe(100);
    expect(chooseScale(0.25)).toBe(25);
    expect(chooseScale(1 / 32)).toBe(25);
    expect(chooseScale(0.4)).toBe(50);
  });

  it('covers exactly the tiles a viewport touches', () => {
    const rect = visibleWorldRect({ x: 0, y: 0, zoom: 1 }, { width: 1024, height: 768 });
    expect(coverRange(base, 100, rect, emptyRange())).toEqual({ minCol: -1, minRow: -1, maxCol: 0, maxRow: 0 });
    // Half a tile of margin on each side reaches one more column on each side.
    const grown = visibleWorldRect({ x: 0, y: 0, zoom: 1 }, { width: 1024, height: 768 }, 600);
    expect(coverRange(base, 100, grown, emptyRange())).toEqual({ minCol: -2, minRow: -1, maxCol: 1, maxRow: 0 });
  });

  it('stays inside the tile set and matches the regions module at every scale', () => {
    const everything = [-1e6, -1e6, 1e6, 1e6];
    for (const scale of [100, 50, 25] as const) {
      const r = coverRange(base, scale, everything, emptyRange());
      expect(r).toEqual(baseTileRange(huanglong, scale));
    }
    const sub = huanglong.subs[0]!;
    const p: Pyramid = { blockSize: sub.blockSize, origin: sub.origin, extent: sub.extent };
    expect(coverRange(p, 100, everything, emptyRange())).toEqual(subTileRange(sub, 100));
  });

  it('is empty away from the imagery and fewer tiles at coarser scales', () => {
    expect(rangeSize(coverRange(base, 100, [1e5, 1e5, 1e5 + 10, 1e5 + 10], emptyRange()))).toBe(0);
    const rect = visibleWorldRect({ x: 5000, y: 5000, zoom: 0.2 }, { width: 1920, height: 1080 });
    const n = [100, 50, 25].map((s) => rangeSize(coverRange(base, s as 100 | 50 | 25, rect, emptyRange())));
    expect(n[0]).toBeGreaterThan(n[1]!);
    expect(n[1]).toBeGreaterThan(n[2]!);
  });

  it('finds the coarser tile under a finer one', () => {
    expect(tileAtScale(base, 100, 3, -3, 50)).toEqual([1, -2]);
    expect(tileAtScale(base, 100, -1, 0, 25)).toEqual([-1, 0]);
    expect(tileAtScale(base, 50, 1, 1, 100)).toEqual([2, 2]);
  });
});
