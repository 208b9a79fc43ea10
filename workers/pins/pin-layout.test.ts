import { describe, expect, it } from 'vitest';
import { AGGREGATE_LEVELS, ALL_PINS_LEVEL, LEVEL_NEVER, cellWorldSize } from '../../common/pin-levels';
import { AGGREGATE_TOP, PinDataFlag, emptyPins } from '../../common/pin-buffers';
import Alea from 'alea';
import { allocAggregates, concatAggregates, layoutPins, type LayoutInput, type LayoutOptions } from './pin-layout';
import type { PinAggregates, PinLayout } from '../../common/pin-buffers';

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

// The Map-based layout this module's typed one replaced (issue 21), kept as the oracle the typed one must match.
const OFFSET = 2 ** 20;
const SPAN = 2 ** 21;

function cellKey(x: number, y: number, size: number): number {
  return (Math.floor(x / size) + OFFSET) * SPAN + (Math.floor(y / size) + OFFSET);
}

/**
 * The priority of every pin (lower draws first): on the chosen floor before other floors, not
 * found before found, rarer categories before common ones, then by id so the order is stable.
 */
function priorities(p: LayoutInput, active: Uint8Array, onFloor: Uint8Array): Float64Array {
  const n = p.ids.length;
  const perCategory = new Map<number, number>();
  for (let i = 0; i < n; i++) if (active[i]) perCategory.set(p.category[i]!, (perCategory.get(p.category[i]!) ?? 0) + 1);
  const rank = new Map<number, number>();
  [...perCategory.entries()].sort((a, b) => a[1] - b[1] || a[0] - b[0]).forEach(([c], r) => rank.set(c, r));
  const key = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const found = p.flags[i]! & PinDataFlag.Checked ? 1 : 0;
    key[i] = ((onFloor[i] ? 0 : 2) + found) * 2 ** 43 + (rank.get(p.category[i]!) ?? 0) * 2 ** 26 + (p.ids[i]! & 0x3ffffff);
  }
  return key;
}

function referenceLayout(p: LayoutInput, opts: LayoutOptions = {}): PinLayout {
  const n = p.ids.length;
  const active = new Uint8Array(n);
  const onFloor = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    active[i] = opts.hideChecked && p.flags[i]! & PinDataFlag.Checked ? 0 : 1;
    const z = p.z[i]!;
    onFloor[i] = opts.floor === undefined ? 1 : opts.floor === null ? (z !== z ? 1 : 0) : z === opts.floor ? 1 : 0;
  }
  const key = priorities(p, active, onFloor);
  const minLevel = new Uint8Array(n);
  for (let i = 0; i < n; i++) minLevel[i] = active[i] ? ALL_PINS_LEVEL : LEVEL_NEVER;

  // Declutter levels, closest first: a pin stays drawn one level further out when it is the
  // first by priority in its cell there. The cell's best pin is always among the pins still
  // drawn at the closer level (cells nest), so only those compete.
  const best = new Map<number, number>();
  for (let k = ALL_PINS_LEVEL - 1; k >= AGGREGATE_LEVELS; k--) {
    const size = cellWorldSize(k);
    best.clear();
    for (let i = 0; i < n; i++) {
      if (minLevel[i] !== k + 1) continue;
      const c = cellKey(p.x[i]!, p.y[i]!, size);
      const b = best.get(c);
      if (b === undefined || key[i]! < key[b]!) best.set(c, i);
    }
    for (const i of best.values()) minLevel[i] = k;
  }

  // Overview levels: a pin alone in its cell is drawn (as a dot); a cell with several pins on
  // the floor becomes one aggregate marker with its count, found share and dominant category.
  const aggregates = allocAggregates(0);
  const parts: PinAggregates[] = [];
  for (let k = AGGREGATE_LEVELS - 1; k >= 0; k--) {
    const size = cellWorldSize(k);
    const cells = new Map<number, Cell>();
    for (let i = 0; i < n; i++) {
      if (!active[i] || !onFloor[i]) continue;
      const c = cellKey(p.x[i]!, p.y[i]!, size);
      let cell = cells.get(c);
      if (!cell) cells.set(c, (cell = { first: i, count: 0, found: 0, sx: 0, sy: 0, categories: new Map() }));
      cell.count++;
      if (p.flags[i]! & PinDataFlag.Checked) cell.found++;
      cell.sx += p.x[i]!;
      cell.sy += p.y[i]!;
      const cat = p.category[i]!;
      const found = p.flags[i]! & PinDataFlag.Checked ? 1 : 0;
      const e = cell.categories.get(cat);
      if (e) {
        e.count++;
        e.found += found;
      } else cell.categories.set(cat, { count: 1, found, icon: p.icon[i]! });
    }
    const out = allocAggregates(cells.size);
    let m = 0;
    for (const cell of cells.values()) {
      if (cell.count === 1) {
        if (minLevel[cell.first] === k + 1) minLevel[cell.first] = k;
        continue;
      }
      // The cell's categories by pins, most first (then the lower id): the first colours the marker.
      const top = [...cell.categories.entries()].sort((a, b) => b[1].count - a[1].count || a[0] - b[0]);
      out.x[m] = cell.sx / cell.count;
      out.y[m] = cell.sy / cell.count;
      out.level[m] = k;
      out.count[m] = cell.count;
      out.found[m] = cell.found;
      out.icon[m] = top[0]![1].icon;
      for (let j = 0; j < AGGREGATE_TOP; j++) {
        const e = top[j];
        out.topCategory[m * AGGREGATE_TOP + j] = e ? e[0] : -1;
        out.topCount[m * AGGREGATE_TOP + j] = e ? e[1].count : 0;
        out.topFound[m * AGGREGATE_TOP + j] = e ? e[1].found : 0;
      }
      m++;
    }
    parts.push(sliceAggregates(out, m));
  }
  return { count: n, minLevel, aggregates: parts.length ? concatAggregates(parts) : aggregates };
}

interface Cell {
  first: number;
  count: number;
  found: number;
  sx: number;
  sy: number;
  categories: Map<number, { count: number; found: number; icon: number }>;
}

function sliceAggregates(a: PinAggregates, m: number): PinAggregates {
  return {
    x: a.x.slice(0, m),
    y: a.y.slice(0, m),
    level: a.level.slice(0, m),
    count: a.count.slice(0, m),
    found: a.found.slice(0, m),
    icon: a.icon.slice(0, m),
    topCategory: a.topCategory.slice(0, m * AGGREGATE_TOP),
    topCount: a.topCount.slice(0, m * AGGREGATE_TOP),
    topFound: a.topFound.slice(0, m * AGGREGATE_TOP),
  };
}

describe('layoutPins on bad coordinates', () => {
  it('ends, and draws every pin, when positions are not numbers (more cells than the table was made for)', () => {
    // The box of the pins with positions is one cell: the table is made for one cell at every level.
    const placed = Array.from({ length: 10 }, (_, i) => ({ id: 1000 + i, x: i, y: i }));
    const l = layoutPins(input([...placed, ...Array.from({ length: 190 }, (_, i) => ({ id: i + 1, x: NaN, y: i, cat: 1 + (i % 5) }))]));
    expect(l.minLevel.length).toBe(200);
    for (const level of l.minLevel) expect(level).toBeLessThanOrEqual(ALL_PINS_LEVEL);
  });
});

describe('layoutPins against the Map-based layout it replaced', () => {
  it('gives every pin the same level and the same aggregates, in the same order, on random worlds', () => {
    const rnd = Alea('layout');
    for (const [n, spread, cats] of [
      [1, 100, 1],
      [500, 2_000, 7],
      [5_000, 40_000, 60],
      // Indexed directly at every level (the 40,000- and 200,000-wide worlds are hashed at their finest levels).
      [20_000, 20_000, 100],
      [20_000, 200_000, 300],
    ] as const) {
      const list = Array.from({ length: n }, (_, i) => ({
        // Runs of a category, then strays: pins do not always come grouped.
        id: 1 + Math.floor(rnd() * 1e7),
        x: (rnd() - 0.5) * spread,
        y: (rnd() - 0.5) * spread,
        cat: rnd() < 0.8 ? 1 + Math.floor((i / n) * cats) : 1 + Math.floor(rnd() * cats),
        found: rnd() < 0.3,
        z: rnd() < 0.1 ? -1 : undefined,
      }));
      const p = input(list);
      for (const opts of [{}, { hideChecked: true }, { floor: null }, { floor: -1 }] as LayoutOptions[]) {
        const got = layoutPins(p, opts);
        const want = referenceLayout(p, opts);
        expect(got.count).toBe(want.count);
        expect(got.minLevel).toEqual(want.minLevel);
        expect(got.aggregates).toEqual(want.aggregates);
      }
    }
  });
});
