import { beforeEach, describe, expect, it } from 'vitest';
import { MapMode, store } from './store';
import { checkChangesSince, checkRevision } from './check-log';
import {
  applyChecks,
  reconcileChecks,
  endSelection,
  resumeSelection,
  resetStore,
  setChecks,
  setMapMode,
  setRegion,
  setSelectionIds,
  toggleCategory,
} from './actions';

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

  it('every change of the found set is logged as the pins it changed; a whole new set as a reset', () => {
    setChecks([1, 2]);
    const r0 = checkRevision();
    applyChecks([2, 3], true);
    applyChecks([4], false);
    expect(checkRevision()).toBe(r0 + 1);
    expect(checkChangesSince(r0)).toEqual(new Map([[3, true]]));
    reconcileChecks(new Set([1, 3, 5]));
    expect(checkChangesSince(r0)).toEqual(
      new Map([
        [3, true],
        [5, true],
        [2, false],
      ]),
    );
    const same = store.checks;
    reconcileChecks(new Set([5, 3, 1]));
    expect(store.checks).toBe(same);
    expect(checkChangesSince(r0 - 1)).toBeNull();
    setChecks([7]);
    expect(checkChangesSince(r0)).toBeNull();
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
