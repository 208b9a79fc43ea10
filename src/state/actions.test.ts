import { beforeEach, describe, expect, it } from 'vitest';
import { store } from './store';
import { chooseTool, currentTool, endTool } from './map-commands';
import { checkChangesSince, checkRevision } from './check-log';
import { applyChecks, reconcileChecks, resetStore, setChecks, setRegion, setSelectionIds, toggleCategory } from './actions';

beforeEach(resetStore);

/** How many entries `fn` put into new Sets (a copy of the found set is counted by its size). */
function copiedIntoSets(fn: () => void): number {
  const Native = globalThis.Set;
  let copied = 0;
  globalThis.Set = class Counted<T> extends Native<T> {
    constructor(items?: Iterable<T> | null) {
      super(items);
      copied += this.size;
    }
  } as SetConstructor;
  try {
    fn();
  } finally {
    globalThis.Set = Native;
  }
  return copied;
}

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

  it('checks are one Set changed in place; its revision moves on every change (so snapshots see it)', () => {
    setChecks([1, 2]);
    const one = store.checks;
    const seq = store.checksSeq;
    applyChecks([3], true);
    applyChecks([1], false);
    expect(store.checks).toBe(one);
    expect([...store.checks].sort()).toEqual([2, 3]);
    expect(store.checksSeq).toBe(seq + 2);
    expect(store.checksSeq).toBe(checkRevision());
    applyChecks([3], true);
    expect(store.checksSeq).toBe(seq + 2);
    setChecks(store.checks);
    expect([...store.checks].sort()).toEqual([2, 3]);
  });

  it('a tick on 20,000 found pins copies no set and logs only its pin (counted: entries put into new Sets)', () => {
    const many = Array.from({ length: 20_000 }, (_, k) => k + 1);
    setChecks(many);
    const r0 = checkRevision();
    // Before: 20,000 entries copied per tick (a new Set of the whole set each time), and as many for a pushed change.
    expect(copiedIntoSets(() => applyChecks([30_000], true))).toBe(0);
    expect(copiedIntoSets(() => applyChecks([5], false))).toBe(0);
    const pushed = new Set(many);
    pushed.add(30_000);
    pushed.add(30_001);
    pushed.delete(5);
    expect(copiedIntoSets(() => reconcileChecks(pushed, true))).toBe(0);
    expect(store.checks.size).toBe(20_001);
    expect(checkChangesSince(r0)).toEqual(
      new Map([
        [30_000, true],
        [5, false],
        [30_001, true],
      ]),
    );
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
