import { describe, expect, it } from 'vitest';
import { aggregateProgress } from './progress';

describe('aggregateProgress', () => {
  it('sums per category and per region, and keeps each region’s categories apart', () => {
    const p = aggregateProgress([
      { categoryId: 1, region: 0, total: 10, checked: 3 },
      { categoryId: 1, region: 2, total: 5, checked: 5 },
      { categoryId: 2, region: 0, total: 4, checked: 0 },
    ]);
    expect(p.byCategory[1]).toEqual({ total: 15, checked: 8 });
    expect(p.byRegion[0]).toEqual({ total: 14, checked: 3 });
    // The panel's and /mypage's counts for one region: not the category's total over every region.
    expect(p.byRegionCategory[0]).toEqual({ 1: { total: 10, checked: 3 }, 2: { total: 4, checked: 0 } });
    expect(p.byRegionCategory[2]).toEqual({ 1: { total: 5, checked: 5 } });
    expect(p.byRegionCategory[6]).toBeUndefined();
  });
});
