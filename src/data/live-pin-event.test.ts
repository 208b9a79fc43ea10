import { describe, expect, it } from 'vitest';
import type { PinInput } from '../../workers/pins/api';
import { applyPinEvent, type LivePinDeps } from './live-pin-event';
import type { PinDetail } from './types';

const detail = (over: Partial<PinDetail> = {}): PinDetail => ({
  id: 5, coordX: 40, coordY: 10, coordZ: null, tags: [{ id: 2, name: '정밀', flag: null }], tagIds: [2], categoryId: 4, isChecked: false, region: 0, icon: null,
  description: null, image: null, catNum: 0, flag: null, registererId: null, registererNickname: null, categoryName: '', categoryIcon: 0,
  totalChecks: 0, commentCount: 0, createdAt: '', updatedAt: '', hidden: false, mergedInto: null, ...over,
});

function deps(loaded: number[], pin: PinDetail | null) {
  const calls: { upsert: PinInput[]; remove: number[][]; fetched: number } = { upsert: [], remove: [], fetched: 0 };
  const d: LivePinDeps = {
    worker: { upsertPin: async (p) => void calls.upsert.push(p), removePins: async (ids) => void calls.remove.push([...ids]) },
    loaded: (id) => loaded.includes(id),
    fetchPin: async () => { calls.fetched++; return pin; },
  };
  return { d, calls };
}

describe('applyPinEvent', () => {
  it('puts an edited pin of a loaded category into the live index, fetching only that pin', async () => {
    const { d, calls } = deps([4], detail());
    expect(await applyPinEvent({ pinId: 5, categoryIds: [3, 4], kind: 'edit' }, d)).toBe(true);
    expect(calls.upsert).toEqual([{ id: 5, coordX: 40, coordY: 10, catNum: 4, categoryId: 4, region: 0, tagIds: [2], tags: [{ id: 2, name: '정밀' }], totalChecks: 0 }]);
    expect(calls.remove).toEqual([]);
  });

  it('ignores a pin whose categories are not loaded, without a fetch', async () => {
    const { d, calls } = deps([1], detail());
    expect(await applyPinEvent({ pinId: 5, categoryIds: [3, 4], kind: 'edit' }, d)).toBe(false);
    expect(calls.fetched).toBe(0);
  });

  it('removes a pin that is gone, hidden (merged) or moved to a category not loaded', async () => {
    for (const [pin, loaded] of [[null, [4]], [detail({ hidden: true }), [4]], [detail({ categoryId: 9 }), [4]]] as const) {
      const { d, calls } = deps([...loaded], pin);
      expect(await applyPinEvent({ pinId: 5, categoryIds: [4], kind: 'hide' }, d)).toBe(true);
      expect(calls.remove).toEqual([[5]]);
      expect(calls.upsert).toEqual([]);
    }
  });
});
