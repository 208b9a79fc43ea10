// Declutter and aggregation of the drawn pins, once per change of pins, filter or checks (never
// per frame): for every pin the first zoom level from which it is drawn, and for the overview
// levels one aggregate marker per crowded cell. The engine's shader compares a pin's level with
// the camera's, so zooming and panning change one uniform and upload nothing.
import { AGGREGATE_LEVELS, ALL_PINS_LEVEL, LEVEL_NEVER, cellWorldSize } from '../../common/pin-levels';
import { AGGREGATE_TOP, PinDataFlag, type PinAggregates, type PinLayout } from '../../common/pin-buffers';

/** What the layout reads of the drawn pins (the buffers the engine draws, in its order). */
export interface LayoutInput {
  ids: Int32Array;
  x: Float32Array;
  y: Float32Array;
  z: Float32Array;
  icon: Uint16Array;
  category: Int32Array;
  flags: Uint8Array;
}

/** How the drawn pins are filtered beyond their categories. */
export interface LayoutOptions {
  /** Found pins are not drawn at all. */
  hideChecked?: boolean;
  /** The chosen floor (null = base map, undefined = every floor): other floors' pins come last and are left out of aggregates. */
  floor?: number | null;
}

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

/** Lays out the drawn pins: each pin's first visible level, and the aggregates of the overview levels. */
export function layoutPins(p: LayoutInput, opts: LayoutOptions = {}): PinLayout {
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

function allocAggregates(n: number): PinAggregates {
  return {
    x: new Float32Array(n),
    y: new Float32Array(n),
    level: new Uint8Array(n),
    count: new Uint32Array(n),
    found: new Uint32Array(n),
    icon: new Uint16Array(n),
    topCategory: new Int32Array(n * AGGREGATE_TOP),
    topCount: new Uint32Array(n * AGGREGATE_TOP),
    topFound: new Uint32Array(n * AGGREGATE_TOP),
  };
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

function concatAggregates(parts: PinAggregates[]): PinAggregates {
  const out = allocAggregates(parts.reduce((s, p) => s + p.x.length, 0));
  let o = 0;
  for (const p of parts) {
    out.x.set(p.x, o);
    out.y.set(p.y, o);
    out.level.set(p.level, o);
    out.count.set(p.count, o);
    out.found.set(p.found, o);
    out.icon.set(p.icon, o);
    out.topCategory.set(p.topCategory, o * AGGREGATE_TOP);
    out.topCount.set(p.topCount, o * AGGREGATE_TOP);
    out.topFound.set(p.topFound, o * AGGREGATE_TOP);
    o += p.x.length;
  }
  return out;
}

/** The buffers of a layout, for Comlink.transfer. */
export function layoutTransferList(l: PinLayout): ArrayBuffer[] {
  const a = l.aggregates;
  return [l.minLevel, a.x, a.y, a.level, a.count, a.found, a.icon, a.topCategory, a.topCount, a.topFound].map(
    (b) => b.buffer as ArrayBuffer,
  );
}
