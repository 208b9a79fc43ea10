import { beforeEach, describe, expect, it } from 'vitest';
import { MapMode, store } from './store';
import { applyChecks, endSelection, resumeSelection, resetStore, setChecks, setMapMode, setRegion, setSelectionIds, toggleCategory } from './actions';

beforeEach(resetStore);

describe('store actions', () => {
  it('setRegion moves the map and the home filter together, ignores unknown ids, and leaves the floor', () => {
    store.floor = -1;
    setRegion(3);
    expect([store.mapRegion, store.homeFilters.region, store.floor]).toEqual([3, 3, null]);
    setRegion(7);
    setRegion(-1);
    expect(store.mapRegion).toBe(3);
  });

  it('toggleCategory adds once and removes', () => {
    toggleCategory(4);
    toggleCategory(4, true);
    expect(store.homeFilters.categories).toEqual([4]);
    toggleCategory(4);
    expect(store.homeFilters.categories).toEqual([]);
  });

  it('checks are replaced by a new Set on every change (so snapshots see it)', () => {
    setChecks([1, 2]);
    const before = store.checks;
    applyChecks([3], true);
    applyChecks([1], false);
    expect(store.checks).not.toBe(before);
    expect([...store.checks].sort()).toEqual([2, 3]);
    expect([...before].sort()).toEqual([1, 2]);
  });

  it('range and route share a selection; leaving for another mode clears it', () => {
    setMapMode(MapMode.RangeSelection);
    setSelectionIds([5, 6]);
    setMapMode(MapMode.RangeSelection);
    expect(store.selection.ids).toEqual([5, 6]);
    setMapMode(MapMode.RouteSelection);
    expect(store.selection).toEqual({ mode: MapMode.RouteSelection, ids: [5, 6] });
    setMapMode(MapMode.LocationSelection);
    expect(store.selection).toEqual({ mode: MapMode.LocationSelection, ids: [] });
  });

  it('ending a selection keeps its pins for the confirmation', () => {
    setMapMode(MapMode.RangeSelection);
    setSelectionIds([5, 6]);
    endSelection();
    expect(store.selection).toEqual({ mode: MapMode.Default, ids: [5, 6] });
    resumeSelection(MapMode.RangeSelection);
    expect(store.selection).toEqual({ mode: MapMode.RangeSelection, ids: [5, 6] });
  });
});
