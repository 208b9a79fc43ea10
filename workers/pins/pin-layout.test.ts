import { describe, expect, it } from 'vitest';
import { AGGREGATE_LEVELS, ALL_PINS_LEVEL, LEVEL_NEVER, cellWorldSize } from '../../common/pin-levels';
import { AGGREGATE_TOP, PinDataFlag, emptyPins } from '../../common/pin-buffers';
import { layoutPins, type LayoutInput } from './pin-layout';

function input(list: { id: number; x: number; y: number; cat?: number; found?: boolean; z?: number }[]): LayoutInput {
  const p: LayoutInput = emptyPins(list.length);
  list.forEach((q, i) => {
    p.ids[i] = q.id;
    p.x[i] = q.x;
    p.y[i] = q.y;
    p.z[i] = q.z ?? NaN;
    p.category[i] = q.cat ?? 1;
    p.icon[i] = q.cat ?? 1;
    p.flags[i] = q.found ? PinDataFlag.Checked : 0;
  });
  return p;
}

describe('layoutPins', () => {
  it('shows the unfound pin before the found one and counts both in the overview aggregate', () => {
    const l = layoutPins(
      input([
        { id: 1, x: 10, y: 10, found: true },
        { id: 2, x: 11, y: 10 },
        { id: 3, x: 50_000, y: 50_000 },
      ]),
    );
    expect(l.minLevel[1]).toBeLessThan(l.minLevel[0]!);
    expect(l.minLevel[0]).toBe(ALL_PINS_LEVEL);
    // The lone pin is drawn at every level (as a dot at the overview).
    expect(l.minLevel[2]).toBe(0);
    const at0 = [...l.aggregates.level.keys()].filter((m) => l.aggregates.level[m] === 0);
    expect(at0.map((m) => [l.aggregates.count[m], l.aggregates.found[m]])).toEqual([[2, 1]]);
    // Hide-found: the found pin is never drawn and no aggregate is needed.
    const h = layoutPins(
      input([
        { id: 1, x: 10, y: 10, found: true },
        { id: 2, x: 11, y: 10 },
      ]),
      { hideChecked: true },
    );
    expect([h.minLevel[0], h.minLevel[1]]).toEqual([LEVEL_NEVER, 0]);
    expect(h.aggregates.count.length).toBe(0);
  });

  // Issue 25, finding 5: a bubble was coloured by one category and said nothing of the rest.
  it("names an aggregate's top categories with their pins and found pins, most pins first", () => {
    const l = layoutPins(
      input([
        { id: 1, x: 10, y: 10, cat: 5, found: true },
        { id: 2, x: 11, y: 10, cat: 5 },
        { id: 3, x: 12, y: 10, cat: 5 },
        { id: 4, x: 10, y: 11, cat: 9, found: true },
        { id: 5, x: 11, y: 11, cat: 9 },
        { id: 6, x: 12, y: 11, cat: 2 },
        { id: 7, x: 12, y: 12, cat: 4 },
      ]),
    );
    const a = l.aggregates;
    const m = [...a.level.keys()].find((k) => a.level[k] === 0)!;
    expect(a.count[m]).toBe(7);
    const top = [0, 1, 2].map((j) => [
      a.topCategory[m * AGGREGATE_TOP + j],
      a.topCount[m * AGGREGATE_TOP + j],
      a.topFound[m * AGGREGATE_TOP + j],
    ]);
    // Categories 2 and 4 tie at one pin: the lower id comes first.
    expect(top).toEqual([
      [5, 3, 1],
      [9, 2, 1],
      [2, 1, 0],
    ]);
    expect(a.icon[m]).toBe(5);
    // A cell of one category names only that one.
    const one = layoutPins(
      input([
        { id: 1, x: 10, y: 10, cat: 3 },
        { id: 2, x: 11, y: 10, cat: 3 },
      ]),
    ).aggregates;
    expect([...one.topCategory.slice(0, AGGREGATE_TOP)]).toEqual([3, -1, -1]);
  });

  it('puts rarer categories first, then the lower id; off-floor pins last and out of aggregates', () => {
    const common = Array.from({ length: 5 }, (_, k) => ({ id: 10 + k, x: 20 + k * 0.1, y: 20, cat: 7 }));
    const l = layoutPins(input([...common, { id: 99, x: 20.2, y: 20, cat: 3 }]));
    const shownAt5 = [...l.minLevel].map((m, i) => (m <= 5 ? i : -1)).filter((i) => i >= 0);
    expect(shownAt5).toEqual([5]);
    const f = layoutPins(
      input([
        { id: 1, x: 0, y: 0, z: -6 },
        { id: 2, x: 0.5, y: 0 },
        { id: 3, x: 0.7, y: 0 },
      ]),
      { floor: -6 },
    );
    expect(f.minLevel[0]).toBe(0); // alone on its floor: a dot even at the overview
    expect([...f.aggregates.count]).toEqual([]);
    expect([f.minLevel[1], f.minLevel[2]]).toEqual([ALL_PINS_LEVEL, ALL_PINS_LEVEL]);
  });

  it('keeps at most one pin per cell, nests levels, and accounts for every pin at the overview', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const list = Array.from({ length: 4000 }, (_, i) => ({
      id: i + 1,
      x: rnd() * 20_000,
      y: rnd() * 12_000,
      cat: 1 + Math.floor(rnd() * 40),
      found: rnd() < 0.3,
    }));
    const l = layoutPins(input(list));
    for (let k = AGGREGATE_LEVELS; k < ALL_PINS_LEVEL; k++) {
      const s = cellWorldSize(k);
      const cells = new Set<string>();
      list.forEach((p, i) => {
        if (l.minLevel[i]! > k) return;
        const c = `${Math.floor(p.x / s)},${Math.floor(p.y / s)}`;
        expect(cells.has(c)).toBe(false);
        cells.add(c);
      });
    }
    for (let k = 0; k < AGGREGATE_LEVELS; k++) {
      const dots = [...l.minLevel].filter((m) => m <= k).length;
      let aggregated = 0,
        found = 0;
      l.aggregates.level.forEach((lv, m) => {
        if (lv === k) {
          aggregated += l.aggregates.count[m]!;
          found += l.aggregates.found[m]!;
        }
      });
      expect(dots + aggregated).toBe(list.length);
      const foundDots = list.filter((p, i) => p.found && l.minLevel[i]! <= k).length;
      expect(found + foundDots).toBe(list.filter((p) => p.found).length);
    }
  });
});
