import { beforeEach, describe, expect, it } from 'vitest';
import { store } from './store';
import { chooseTool, currentTool, endTool } from './map-commands';
import { checkChangesSince, checkRevision } from './check-log';
import { applyChecks, reconcileChecks, resetStore, setChecks, setRegion, setSelectionIds, toggleCategory } from './actions';

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

  it('range and route share a selection; leaving for another tool clears it (no map: the request waits for one)', () => {
    chooseTool('rect');
    setSelectionIds([5, 6]);
    chooseTool('rect');
    expect(store.selection.ids).toEqual([5, 6]);
    chooseTool('location');
    expect(currentTool()).toBe('location');
    expect(store.selection).toEqual({ ids: [] });
  });

  it('ending a tool keeps its pins for the confirmation, and "keep selecting" goes back with them', () => {
    chooseTool('rect');
    setSelectionIds([5, 6]);
    endTool();
    expect(currentTool()).toBe('pan');
    expect(store.selection.ids).toEqual([5, 6]);
    chooseTool('lasso', { keepSelection: true });
    expect(store.selection.ids).toEqual([5, 6]);
    endTool('location');
    expect(currentTool()).toBe('lasso');
  });
});
