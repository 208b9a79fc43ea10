// Whether a kept region snapshot is still current (issue 21): region versions are values of the world's sequence.
import { describe, expect, it } from 'vitest';
import { keptIsCurrent, regionVersionOf } from './pin-snapshot';

describe('keptIsCurrent', () => {
  const v = { version: 40, regions: { 0: 12, 2: 40, 6: 31 } };

  it('keeps a copy read at or after the region last changed, and no later than now', () => {
    expect(keptIsCurrent(v, 0, 12)).toBe(true);
    expect(keptIsCurrent(v, 6, 31)).toBe(true);
    expect(keptIsCurrent(v, 2, 40)).toBe(true);
    // A copy kept under the world version (before per-region versions) while the region has not moved since.
    expect(keptIsCurrent(v, 0, 35)).toBe(true);
  });

  it('refuses a copy older than the region, or newer than the server knows', () => {
    expect(keptIsCurrent(v, 6, 30)).toBe(false);
    expect(keptIsCurrent(v, 2, 39)).toBe(false);
    expect(keptIsCurrent(v, 0, 41)).toBe(false);
  });

  it('a region absent is at 0; a server without per-region versions puts every region at the world version', () => {
    expect(regionVersionOf(v, 5)).toBe(0);
    expect(keptIsCurrent(v, 5, 0)).toBe(true);
    expect(regionVersionOf({ version: 40 }, 0)).toBe(40);
    expect(keptIsCurrent({ version: 40 }, 0, 39)).toBe(false);
    expect(keptIsCurrent({ version: 40 }, 0, 40)).toBe(true);
  });
});
