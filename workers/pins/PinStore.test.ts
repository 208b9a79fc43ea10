import { beforeEach, describe, expect, it } from 'vitest';
import { PinDataFlag } from '../../common/pin-buffers';
import { drawOrder } from '../../common/pin-order';
import { IdIndex } from '../../common/id-index';
import { PinStore } from './PinStore';
import { gridCategories } from './test-pins';
import { encodeSnapshot, SnapshotStreamReader, type SnapshotPin } from '../../common/pin-snapshot';
import { PinList } from '../../proto';
import type { PinFilter } from './api';

const sorted = (a: Int32Array) => [...a].sort((p, q) => p - q);
const range = (from: number, to: number, step = 1) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, k) => from + k * step);
const ALL: [number, number, number, number] = [-1, -1, 91, 91]; // every pin but 1010 at x = 95

describe('PinStore on the grid set', () => {
  let store: PinStore;
  beforeEach(() => {
    const { cat1, cat2 } = gridCategories();
    store = new PinStore();
    expect(store.load(1, cat1, 3).count).toBe(100);
    expect(store.load(2, cat2).lastEdited).toBe(1763700000002);
  });

  it('pinsWithLayout: the pins of the filters and their layout at one pin-set version; any pin change bumps it', () => {
    const { pins, layout } = store.pinsWithLayout([{ region: 0 }, { region: 2 }]);
    expect(pins.ids).toHaveLength(110);
    expect(layout.count).toBe(110);
    expect(Array.from(pins.ids.slice(0, 3))).toEqual(Array.from(store.getPins({ region: 0 }).ids.slice(0, 3)));
    expect(layout.version).toBe(pins.version);
    // With the draw order, so the map sorts no pin.
    expect(Array.from(pins.order!)).toEqual(Array.from(drawOrder(pins.y)));
    // And the ids' index, which the map takes as it is.
    const index = new IdIndex(pins.ids, pins.index);
    for (let i = 0; i < pins.ids.length; i++) expect(index.get(pins.ids[i]!)).toBe(i);
    expect(index.get(-5)).toBeUndefined();
    const v = layout.version!;
    store.removePins([5]);
    expect(store.layout([{ region: 0 }]).version).toBe(v + 1);
    store.load(2, gridCategories().cat2);
    expect(store.pinsWithLayout([{}]).pins.version).toBe(v + 2);
    store.setChecked([1, 2]);
    expect(store.layout([{}]).version).toBe(v + 2);
  });

  it('placesOf: category and region per id, a live edit where it now counts, (-1, -1) for a pin not held', () => {
    store.upsertPin({ id: 3, coordX: 70, coordY: 5, catNum: 1, tagIds: [], region: 2, categoryId: 1 });
    expect([...store.placesOf([1, 6, 1001, 3, 99_999])]).toEqual([1, 0, 1, 2, 2, 0, 1, 2, -1, -1]);
    store.removePins([6]);
    expect([...store.placesOf([6])]).toEqual([-1, -1]);
  });

  it('changesSince: taking out the touched ids and putting the changed pins at their places gives the new pin set', () => {
    const filters = [{ region: 0 }, { region: 2 }];
    const before = store.pinsWithLayout(filters);
    const v = before.pins.version!;
    store.upsertPin({ id: 3, coordX: 70, coordY: 5, catNum: 1, tagIds: [], region: 2, categoryId: 1 }); // moved to region 2
    store.upsertPin({ id: 5000, coordX: 12, coordY: 12, catNum: 9, tagIds: [], region: 0, categoryId: 2 }); // created
    store.removePins([1005]);
    const change = store.changesSince(v, filters)!;
    const after = store.pinsWithLayout(filters);
    expect(change.version).toBe(after.pins.version);
    expect(sorted(change.removed)).toEqual([3, 1005, 5000]);
    expect(Array.from(change.pins.ids)).toEqual([5000, 3]);
    expect(Array.from(change.pins.x)).toEqual([12, 70]);
    const gone = new Set(change.removed);
    const ids = Array.from(before.pins.ids).filter((id) => !gone.has(id));
    change.at.forEach((at, k) => ids.splice(at, 0, change.pins.ids[k]!));
    expect(ids).toEqual(Array.from(after.pins.ids));
    expect(Array.from(change.layout.minLevel)).toEqual(Array.from(after.layout.minLevel));
    // A load between: the map must take every pin again.
    store.load(2, gridCategories().cat2);
    expect(store.changesSince(v, filters)).toBeNull();
    expect(store.changesSince(store.version, filters)!.removed).toHaveLength(0);
  });

  // Issue 25 item 6: a bare link to a pin whose category is off drew no marker.
  it('getPins: alsoPins come when their category is off or they are found and hidden, in their region and floor only', () => {
    const only1 = { categories: [1], region: 0 };
    expect(Array.from(store.getPins(only1).ids)).not.toContain(1003);
    const withLinked = store.getPins({ ...only1, alsoPins: [1003] });
    expect(Array.from(withLinked.ids)).toContain(1003);
    expect(withLinked.ids).toHaveLength(store.getPins(only1).ids.length + 1);
    expect(withLinked.category[withLinked.ids.indexOf(1003)]).toBe(2);
    // Already shown: not twice.
    expect(store.getPins({ region: 0, alsoPins: [1003] }).ids.filter((id) => id === 1003)).toHaveLength(1);
    // Found and hide-found on.
    store.setChecked([2]);
    expect(Array.from(store.getPins({ ...only1, hideChecked: true }).ids)).not.toContain(2);
    expect(Array.from(store.getPins({ ...only1, hideChecked: true, alsoPins: [2] }).ids)).toContain(2);
    // Another region's filter leaves it out; so does another floor.
    expect(Array.from(store.getPins({ categories: [1], region: 2, alsoPins: [1003] }).ids)).not.toContain(1003);
    expect(Array.from(store.getPins({ categories: [1], region: 0, floor: -1, alsoPins: [1003] }).ids)).not.toContain(1003);
    // A live pin of a category that is off.
    store.upsertPin({ id: 5000, coordX: 12, coordY: 12, catNum: 9, tagIds: [], region: 0, categoryId: 2 });
    expect(Array.from(store.getPins({ ...only1, alsoPins: [5000] }).ids)).toContain(5000);
    expect(Array.from(store.getPins(only1).ids)).not.toContain(5000);
  });

  it('selects exactly the pins in a rectangle, edges included', async () => {
    expect(sorted(await store.queryRect(0, 0, 20, 10))).toEqual([1, 2, 3, 11, 12, 13, 1001, 1002]);
    expect(sorted(await store.queryRect(0, 0, 20, 10, { categories: [1] }))).toEqual([1, 2, 3, 11, 12, 13]);
    expect(await store.queryRect(200, 200, 300, 300)).toHaveLength(0);
  });

  it('selects exactly the pins in a triangle lasso and a concave one', async () => {
    const tri = new Float64Array([-1, -1, 45, -1, -1, 45]);
    expect(sorted(await store.queryLasso(tri))).toEqual([1, 2, 3, 4, 5, 11, 12, 13, 14, 21, 22, 23, 31, 32, 41, 1001, 1002, 1003, 1004]);
    // A U whose notch (x 29..61, y 21..91) leaves out columns 30..60 below row 20.
    const u = new Float64Array([-1, -1, 91, -1, 91, 91, 61, 91, 61, 21, 29, 21, 29, 91, -1, 91]);
    const inU = range(1, 100).filter((id) => {
      const x = 10 * ((id - 1) % 10),
        y = 10 * Math.floor((id - 1) / 10);
      return !(x >= 30 && x <= 60 && y >= 30);
    });
    expect(inU).toHaveLength(72);
    expect(sorted(await store.queryLasso(u))).toEqual([...inU, ...range(1001, 1009)]);
    expect(await store.queryLasso(new Float64Array([0, 0, 10, 10]))).toHaveLength(0);
  });

  it('selects the route corridor ordered along the route', async () => {
    const route = new Float64Array([0, 0, 90, 0, 90, 90]);
    expect([...(await store.queryRoute(route, 2))]).toEqual([...range(1, 10), ...range(20, 100, 10)]);
    // Base map only: pin 60 sits on floor -1.
    expect([...(await store.queryRoute(route, 2, { floor: null }))]).toEqual([...range(1, 10), 20, 30, 40, 50, 70, 80, 90, 100]);
    // Wider: category 2's row at y = 5 interleaves; 1009 is as near to both legs and keeps the first.
    const wide = [...(await store.queryRoute(route, 12))];
    expect(wide).toEqual([...range(1, 9).flatMap((id) => [id, 1000 + id]), 10, 1010, ...range(20, 100, 10)]);
    // One vertex is a disc; every pin is at route distance 0, so ids order them.
    expect([...(await store.queryRoute(new Float64Array([10, 10]), 21))]).toEqual([2, 11, 12, 13, 22, 1001, 1002]);
  });

  it('applies region, category, found, floor and tag filters', async () => {
    const q = (f: Parameters<PinStore['queryRect']>[4]) => store.queryRect(...ALL, f).then(sorted);
    expect(await q({ region: 2 })).toEqual(range(1, 100).filter((id) => (id - 1) % 10 >= 5));
    expect(await q({ categories: [2] })).toEqual(range(1001, 1009));
    expect(await q({ regions: [0, 2] })).toHaveLength(109);
    expect(await q({ regions: [2, 5] })).toEqual(range(1, 100).filter((id) => (id - 1) % 10 >= 5));
    expect(await q({ regions: [] })).toEqual([]);
    expect(await q({ categories: [] })).toEqual([]);
    expect(await q({ floor: -1 })).toEqual(range(51, 60));
    expect(await q({ floor: null })).toHaveLength(109 - 10);
    expect(await q({ tags: [6] })).toEqual([...range(7, 98, 7), ...range(1001, 1009)]);
    store.setChecked(new Int32Array([1, 2, 3, 1001]));
    expect(await q({ hideChecked: true })).toHaveLength(109 - 4);
    expect(await q({ hideChecked: true, region: 0, categories: [1], tags: [5], floor: null })).toEqual(
      range(1, 100).filter((id) => (id - 1) % 10 < 5 && id % 3 === 0 && id !== 3 && (id < 51 || id > 60)),
    );
  });

  it('picks the nearest pin within the radius', () => {
    expect(store.queryPoint(11, 10.5, 3)).toBe(12);
    expect(store.queryPoint(11, 10.5, 0.5)).toBeNull();
    expect(store.queryPoint(7, 5, 5)).toBe(1001);
    expect(store.queryPoint(7, 5, 5, { categories: [1] })).toBeNull();
    // Pins 2 (10, 0) and 12 (10, 10) are equally near: the later one is drawn on top and wins.
    expect(store.queryPoint(7, 5, 9, { categories: [1] })).toBe(12);
    expect(store.queryPoint(7, 5, 5.8, { categories: [1] })).toBeNull();
    store.setChecked(new Int32Array([1001, 12]));
    expect(store.queryPoint(7, 5, 9, { hideChecked: true })).toBe(2);
  });

  it('hands out typed arrays in load order with icons, floors and flags', () => {
    store.setChecked(new Int32Array([2, 1005]));
    store.setHighlightedTags([5]);
    const b = store.getPins();
    expect(b.ids).toBeInstanceOf(Int32Array);
    expect([...b.ids]).toEqual([...range(1, 100), ...range(1001, 1010)]);
    expect([b.x[41], b.y[41], b.icon[41], b.icon[0], b.icon[100], b.category[0], b.category[100]]).toEqual([10, 40, 7, 3, 0, 1, 2]);
    expect(Number.isNaN(b.z[0])).toBe(true);
    expect(b.z[50]).toBe(-1);
    expect([b.region[0], b.region[9]]).toEqual([0, 2]);
    expect(b.flags[41]).toBe(PinDataFlag.HasImage | PinDataFlag.Highlighted);
    expect(b.flags[1]).toBe(PinDataFlag.Checked);
    expect(b.flags[2]).toBe(PinDataFlag.Highlighted);
    expect(b.flags[104]).toBe(PinDataFlag.Checked);
    const f = store.getPins({ hideChecked: true, floor: -1 });
    expect([...f.ids]).toEqual(range(51, 60));
    expect(f.x).toHaveLength(10);
    expect([f.flags[0], f.flags[1]]).toEqual([PinDataFlag.Highlighted, 0]);
  });

  it('highlightedIn: the pins of the filters carrying a highlighted tag, as getPins flags them', () => {
    expect([...store.highlightedIn([{}])]).toEqual([]);
    store.setHighlightedTags([5]);
    const filters = [{ region: 0 }, { region: 2 }];
    const flagged: number[] = [];
    for (const f of filters) {
      const b = store.getPins(f);
      b.ids.forEach((id, i) => b.flags[i]! & PinDataFlag.Highlighted && flagged.push(id));
    }
    expect(flagged.length).toBeGreaterThan(0);
    expect([...store.highlightedIn(filters)]).toEqual(flagged);
    expect([...store.highlightedIn([{ categories: [2] }])]).toEqual([]);
  });

  it('materialises records and updates found state', () => {
    store.updateChecked(new Int32Array([42]), true);
    expect(store.getPin(42)).toEqual({
      id: 42,
      coordX: 10,
      coordY: 40,
      catNum: 42,
      tags: [
        { id: 5, name: '상자' },
        { id: 6, name: '퍼즐' },
      ],
      tagIds: [5, 6],
      checked: true,
      categoryId: 1,
      description: '격자 42',
      image: '/images/42.webp',
      icon: 7,
      region: 0,
      categoryName: '보물 상자',
    });
    store.updateChecked(new Int32Array([42]), false);
    expect(store.getPin(42)?.checked).toBe(false);
    expect(store.getPin(9999)).toBeNull();
  });

  it('reloads a category in place, keeping the found set', () => {
    store.setChecked(new Int32Array([1005]));
    store.load(2, gridCategories().cat2);
    expect(store.loaded()).toEqual([1, 2]);
    expect(store.size).toBe(110);
    expect(store.getPin(1005)?.checked).toBe(true);
  });

  it('keeps pins created, moved and deleted after load in the live index until the category reloads', async () => {
    store.upsertPin({ id: 5000, coordX: 15, coordY: 15, catNum: 101, tagIds: [6], categoryId: 1, region: 0, description: '새 핀' });
    store.upsertPin({ id: 12, coordX: 200, coordY: 200, catNum: 12, tagIds: [], categoryId: 1, region: 2, checked: true });
    store.removePins(new Int32Array([13]));
    expect(store.size).toBe(110);
    expect(sorted(await store.queryRect(0, 0, 20, 20))).toEqual([1, 2, 3, 11, 21, 22, 23, 1001, 1002, 5000]);
    expect([...(await store.queryRect(190, 190, 210, 210))]).toEqual([12]);
    expect(await store.queryRect(190, 190, 210, 210, { hideChecked: true })).toHaveLength(0);
    expect(store.queryPoint(14, 14, 3)).toBe(5000);
    expect(sorted(await store.queryLasso(new Float64Array([9, 9, 21, 9, 21, 21, 9, 21])))).toEqual([22, 23, 5000]);
    expect([...(await store.queryRoute(new Float64Array([0, 15, 30, 15]), 2))]).toEqual([5000]);
    expect(sorted(await store.queryRect(0, 0, 20, 20, { tags: [6] }))).toEqual([21, 1001, 1002, 5000]);
    const b = store.getPins({ categories: [1] });
    expect(b.ids).toHaveLength(100);
    expect([...b.ids.slice(-2)]).toEqual([5000, 12]);
    expect([b.icon[98], b.flags[99], b.region[99]]).toEqual([3, PinDataFlag.Checked, 2]);
    expect(store.getPin(12)).toMatchObject({ coordX: 200, checked: true });
    expect(store.getPin(13)).toBeNull();
    expect(b.flags.filter((f) => f & PinDataFlag.Checked)).toHaveLength(1);
    // The fresh list from the server supersedes every local change.
    store.load(1, gridCategories().cat1, 3);
    expect(sorted(await store.queryRect(0, 0, 20, 20))).toEqual([1, 2, 3, 11, 12, 13, 21, 22, 23, 1001, 1002]);
    expect(store.getPin(5000)).toBeNull();
    expect(store.size).toBe(110);
  });
});

describe('PinStore on region snapshots', () => {
  it('getPins over parts of one region gives what the same pins in whole categories give, for every filter', () => {
    // 3 regions × 4 categories; floors, found pins, tags and a pin replaced after load.
    const pins: (SnapshotPin & { region: number })[] = [];
    for (let k = 0; k < 600; k++)
      pins.push({
        id: k + 1,
        categoryId: 1 + (k % 4),
        region: k % 3,
        x: (k * 37) % 500,
        y: (k * 91) % 400,
        z: k % 5 === 0 ? -1 : null,
        icon: null,
        flag: null,
        hasImage: false,
        tagIds: k % 7 === 0 ? [9] : [],
      });
    const snapshots = new PinStore();
    const whole = new PinStore();
    for (const region of [0, 1, 2]) {
      const reader = new SnapshotStreamReader();
      const of = pins.filter((p) => p.region === region).sort((a, b) => a.categoryId - b.categoryId || a.id - b.id);
      snapshots.beginSnapshot(region, 1);
      for (const b of reader.push(encodeSnapshot(region, 1, of))) snapshots.addSnapshotBlock(region, b);
    }
    for (const cat of [1, 2, 3, 4]) {
      const list = pins
        .filter((p) => p.categoryId === cat)
        .map((p) => ({
          id: p.id,
          coordX: p.x,
          coordY: p.y,
          ...(p.z === null ? {} : { coordZ: p.z }),
          region: p.region,
          tagIds: [...p.tagIds],
          categoryId: cat,
        }));
      whole.load(cat, PinList.encode({ categoryId: cat, pins: list }).finish());
    }
    for (const store of [snapshots, whole]) {
      store.setChecked(Int32Array.from(range(1, 600, 4)));
      store.removePins([10]);
    }
    const filters: PinFilter[] = [
      {},
      { region: 1 },
      { regions: [0, 2] },
      { region: 2, categories: [1, 3] },
      { region: 0, hideChecked: true },
      { region: 1, floor: null },
      { region: 2, floor: -1 },
      { regions: [1], tags: [9] },
      { region: 7 },
    ];
    for (const f of filters) {
      const a = snapshots.getPins(f);
      const b = whole.getPins(f);
      expect(sorted(a.ids), JSON.stringify(f)).toEqual(sorted(b.ids));
      expect(a.ids.length, JSON.stringify(f)).toBeGreaterThanOrEqual(f.region === 7 ? 0 : 1);
    }
  });
});
