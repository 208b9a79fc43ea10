import { describe, expect, it } from 'vitest';
import {
  REGIONS,
  SEED_REGIONS,
  SEED_TILE_SETS,
  buildWorld,
  floorAreaAt,
  floorAreaById,
  isKnownRegion,
  seedWorld,
  setWorld,
  TILE_SETS,
  UNIT_SIZE,
  baseTileRange,
  extentContains,
  gameToWorld,
  locateRegion,
  regionById,
  regionsSharingTileSet,
  subTileRange,
  tilePath,
  worldToGame,
} from './index';

describe('regions', () => {
  it('has the seven regions of SPEC §3 with ids 0–6 in order', () => {
    expect(REGIONS.map((r) => [r.id, r.name])).toEqual([
      [0, 'huanglong'],
      [1, 'blackshores'],
      [2, 'rinascita'],
      [3, 'vaultbase'],
      [4, 'avinullin'],
      [5, 'deepocean'],
      [6, 'septimont'],
    ]);
    for (const r of REGIONS) expect(r.label).toMatch(/[가-힣]/);
  });

  it('keeps the given centres', () => {
    const centres = REGIONS.map((r) => [r.regionInfo.centerX, r.regionInfo.centerY]);
    expect(centres).toEqual([
      [-487, 1005],
      [0, 0],
      [7240, 5810],
      [2200, 190],
      [0, 0],
      [0, 0],
      [12000, 11600],
    ]);
  });

  it('shares the huanglong tile set between regions 0, 2 and 6 only', () => {
    expect(regionsSharingTileSet(2).map((r) => r.id)).toEqual([0, 2, 6]);
    expect(regionsSharingTileSet(1).map((r) => r.id)).toEqual([1]);
    for (const r of REGIONS) expect(r.info.parts[0]!.path).toBe(`/map/${r.info.name}/100/tile_`);
  });

  it('has the region facts of SPEC §3', () => {
    const f = (id: number) => regionById(id).info;
    expect([f(0).blockSize, f(0).level, f(0).floor]).toEqual([1024, 3, 0]);
    expect(f(0).subs.length).toBeGreaterThanOrEqual(18);
    expect([f(1).level, f(1).subs.length]).toEqual([2, 3]);
    expect([f(3).level, f(3).subs.length]).toEqual([4, 4]);
    expect([f(4).level, f(4).floor, f(4).subs.map((s) => s.depth)]).toEqual([0, 6, [-6]]);
    expect([f(5).blockSize, f(5).level, f(5).subs.length]).toEqual([1024, 1, 1]);
    for (const t of TILE_SETS) expect(t.weight).toBe(2.41);
  });

  it('keeps extents on the 256 grid, containing centres, bounds and sub-maps', () => {
    for (const r of REGIONS) {
      const e = r.info.extent;
      for (const v of e) expect(Math.abs(v % UNIT_SIZE)).toBe(0);
      expect(extentContains(e, r.info.centerX, r.info.centerY)).toBe(true);
      expect(extentContains(r.bounds, r.regionInfo.centerX, r.regionInfo.centerY)).toBe(true);
      expect(extentContains(e, r.bounds[0], r.bounds[1]) && extentContains(e, r.bounds[2], r.bounds[3])).toBe(true);
      for (const s of r.info.subs) {
        expect(extentContains(e, s.extent[0], s.extent[1]) && extentContains(e, s.extent[2], s.extent[3])).toBe(true);
        expect(s.blockSize).toBe(512);
        expect(s.parts.map((p) => p.path)).toEqual([100, 50, 25].map((k) => `/map/${r.info.name}/${k}/sub/sub_${s.name}_`));
      }
    }
  });

  it('has unique sub-map names per tile set, safe for paths', () => {
    for (const t of TILE_SETS) {
      const names = t.subs.map((s) => s.name);
      expect(new Set(names).size).toBe(names.length);
      for (const n of names) expect(n).toMatch(/^[a-z0-9_]+$/);
    }
  });

  it('names tiles at the three scales with fewer tiles as the scale drops', () => {
    for (const t of TILE_SETS) {
      const counts = t.parts.map((p) => {
        const r = baseTileRange(t, p.scale);
        return (r.maxCol - r.minCol + 1) * (r.maxRow - r.minRow + 1);
      });
      expect(counts[0]).toBeGreaterThan(counts[1]!);
      expect(counts[1]).toBeGreaterThan(counts[2]!);
      for (const s of t.subs) expect(subTileRange(s, 100).minCol).toBe(0);
    }
    expect(tilePath(regionById(0).info.parts[1]!, -3, 2)).toBe('/map/huanglong/50/tile_-3_2.webp');
  });

  it('maps tracker game coordinates to the right region and back', () => {
    for (const r of REGIONS) {
      const g = worldToGame(r.game, r.regionInfo.centerX, r.regionInfo.centerY);
      expect(locateRegion(g.x, g.y)?.id).toBe(r.id);
      const w = gameToWorld(r.game, g.x, g.y);
      expect(w.x).toBeCloseTo(r.regionInfo.centerX, 6);
      expect(w.y).toBeCloseTo(r.regionInfo.centerY, 6);
    }
  });
});

describe('the world registry', () => {
  it('built from the seed world reads exactly like the seed constants (migration 014 writes the seed world)', () => {
    const { regions, tileSets } = buildWorld(seedWorld());
    expect(regions).toEqual(SEED_REGIONS);
    expect(tileSets).toEqual(SEED_TILE_SETS);
    expect(REGIONS).toEqual(SEED_REGIONS);
  });

  it('takes new regions and floor areas in place, with ids that need not be dense', () => {
    const seed = seedWorld();
    const held = REGIONS;
    try {
      const extra = { ...seed.regions[3]!, id: 9, key: 'mirror', name: 'mirror', label: '거울', floorAreas: [] };
      const caves = Array.from({ length: 13 }, (_, i) => ({
        id: 1000 + i,
        key: null,
        name: `cave_${i}`,
        label: `동굴 ${i + 1}`,
        depth: -1,
        extent: [0, 0, 512, 512] as const,
        origin: [0, 0] as const,
        parts: [],
      }));
      setWorld({ regions: [...seed.regions.map((r) => (r.id === 1 ? { ...r, floorAreas: [...r.floorAreas, ...caves] } : r)), extra] });
      expect(REGIONS).toBe(held);
      expect(regionById(9).label).toBe('거울');
      expect(isKnownRegion(8)).toBe(false);
      expect(isKnownRegion(9)).toBe(true);
      expect(REGIONS.filter(Boolean).map((r) => r.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 9]);
      expect(regionById(1).info.subs).toHaveLength(16);
      expect(floorAreaById(1005)?.label).toBe('동굴 6');
      expect(floorAreaAt(1, -1, 100, 100)?.name).toBe('cave_0');
      expect(locateRegion(0, 0)?.id).toBe(0);
    } finally {
      setWorld(seed);
    }
    expect(REGIONS).toEqual(SEED_REGIONS);
  });
});
