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

/** The box of the drawn pins, and whether every one of them has a position (NaN and infinities make none). */
interface PinBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  allPlaced: boolean;
}

/**
 * At most this many cells (4 bytes each) a level's grid is indexed directly, and at most DENSE_CELLS_A_PIN a pin (a few
 * pins over a region would fill millions of cells at every level: 4.5 ms for 2 pins, where hashing takes 0.04 ms);
 * past either, or with a pin without a position, hashed.
 */
const DENSE_CELLS_MAX = 1 << 23;
const DENSE_CELLS_A_PIN = 8;

/**
 * The cells of one grid: a cell (its column and row) to a dense number, in the order cells are first met. Indexed
 * directly by row and column when the pins' box spans few enough cells (one read a pin, 4 bytes a cell), else an
 * open-addressing table. Typed arrays, not a Map keyed by a float: a layout meets every drawn pin once a level, and
 * at 690,000 pins the Maps were most of the worker's answer (issue 21: about 0.6 s of its 0.9 s), and the table's
 * three arrays, missing the cache at every pin of the finest level, half of what was left.
 */
class CellTable {
  private cols = new Int32Array(0);
  private rows = new Int32Array(0);
  private slots = new Int32Array(0);
  private mask = 0;
  /** The direct index (cell numbers, -1 for none met), its first column and row and its width; null when hashed. */
  private grid: Int32Array | null = null;
  private gridMemory = new Int32Array(0);
  private col0 = 0;
  private row0 = 0;
  private width = 0;
  /** Cells met since the last reset. */
  count = 0;

  /**
   * Empties the table for the cells `size` wide over `box` of `pins` pins, with room for `most` cells when hashed (it
   * grows if more come).
   */
  reset(most: number, size: number, box: PinBox, pins: number): void {
    this.count = 0;
    const col0 = Math.floor(box.minX / size);
    const row0 = Math.floor(box.minY / size);
    const width = Math.floor(box.maxX / size) - col0 + 1;
    const height = Math.floor(box.maxY / size) - row0 + 1;
    const cells = width * height;
    if (box.allPlaced && width > 0 && height > 0 && cells <= DENSE_CELLS_MAX && cells <= DENSE_CELLS_A_PIN * pins) {
      if (this.gridMemory.length < cells) this.gridMemory = new Int32Array(cells);
      this.grid = this.gridMemory.subarray(0, cells).fill(-1);
      this.col0 = col0;
      this.row0 = row0;
      this.width = width;
      return;
    }
    this.grid = null;
    const capacity = 2 ** Math.ceil(Math.log2(Math.max(16, most * 2)));
    if (capacity > this.slots.length) {
      this.cols = new Int32Array(capacity);
      this.rows = new Int32Array(capacity);
      this.slots = new Int32Array(capacity);
    }
    this.mask = capacity - 1;
    this.slots.fill(-1, 0, capacity);
  }

  /** The number of the cell at column `cx`, row `cy` (a new one when first met). */
  cell(cx: number, cy: number): number {
    const grid = this.grid;
    if (grid) {
      const g = (cy - this.row0) * this.width + (cx - this.col0);
      const c = grid[g]!;
      if (c >= 0) return c;
      grid[g] = this.count;
      return this.count++;
    }
    let h = this.hash(cx, cy);
    for (;;) {
      const c = this.slots[h]!;
      if (c < 0) {
        if (this.count * 2 >= this.mask) return this.grow(cx, cy);
        this.cols[h] = cx;
        this.rows[h] = cy;
        this.slots[h] = this.count;
        return this.count++;
      }
      if (this.cols[h] === cx && this.rows[h] === cy) return c;
      h = (h + 1) & this.mask;
    }
  }

  private hash(cx: number, cy: number): number {
    const h = (Math.imul(cx, 0x9e3779b1) ^ Math.imul(cy, 0x85ebca6b)) >>> 0;
    return (h ^ (h >>> 15)) & this.mask;
  }

  /** Doubles the table (more cells came than it was made for), then adds the cell. */
  private grow(cx: number, cy: number): number {
    const { cols, rows, slots } = this;
    // The arrays may be longer than the table in use (a reset for fewer cells keeps them): only its slots move.
    const used = this.mask + 1;
    const capacity = used * 2;
    this.cols = new Int32Array(capacity);
    this.rows = new Int32Array(capacity);
    this.slots = new Int32Array(capacity).fill(-1);
    this.mask = capacity - 1;
    for (let h = 0; h < used; h++) {
      if (slots[h]! < 0) continue;
      let g = this.hash(cols[h]!, rows[h]!);
      while (this.slots[g]! >= 0) g = (g + 1) & this.mask;
      this.cols[g] = cols[h]!;
      this.rows[g] = rows[h]!;
      this.slots[g] = slots[h]!;
    }
    return this.cell(cx, cy);
  }
}

/** How many cells `size` wide the box of every pin spans at most (a table of that many stays in the cache). */
function gridCells(p: LayoutInput, size: number, box: PinBox): number {
  const w = Math.floor(box.maxX / size) - Math.floor(box.minX / size) + 1;
  const h = Math.floor(box.maxY / size) - Math.floor(box.minY / size) + 1;
  return w > 0 && h > 0 ? w * h : p.ids.length;
}

/** Each pin's category as a dense number (0..categories.length-1), and the categories in the order first met. */
function denseCategories(category: Int32Array): { of: Int32Array; categories: number[] } {
  const of = new Int32Array(category.length);
  const number = new Map<number, number>();
  const categories: number[] = [];
  // Pins come in runs of one category (snapshots and lists are ordered by category): one Map lookup a run.
  let last = NaN;
  let lastNumber = 0;
  for (let i = 0; i < category.length; i++) {
    const c = category[i]!;
    if (c !== last) {
      let k = number.get(c);
      if (k === undefined) {
        k = categories.length;
        number.set(c, k);
        categories.push(c);
      }
      last = c;
      lastNumber = k;
    }
    of[i] = lastNumber;
  }
  return { of, categories };
}

/**
 * The priority of every pin (lower draws first): on the chosen floor before other floors, not
 * found before found, rarer categories before common ones, then by id so the order is stable.
 */
function priorities(p: LayoutInput, active: Uint8Array, onFloor: Uint8Array, dense: ReturnType<typeof denseCategories>): Float64Array {
  const n = p.ids.length;
  const perCategory = new Int32Array(dense.categories.length);
  for (let i = 0; i < n; i++) if (active[i]) perCategory[dense.of[i]!]!++;
  const rank = new Int32Array(dense.categories.length);
  [...dense.categories.keys()]
    .filter((k) => perCategory[k]! > 0)
    .sort((a, b) => perCategory[a]! - perCategory[b]! || dense.categories[a]! - dense.categories[b]!)
    .forEach((k, r) => (rank[k] = r));
  const key = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const found = p.flags[i]! & PinDataFlag.Checked ? 1 : 0;
    key[i] = ((onFloor[i] ? 0 : 2) + found) * 2 ** 43 + rank[dense.of[i]!]! * 2 ** 26 + (p.ids[i]! & 0x3ffffff);
  }
  return key;
}

/** Pin indices ordered by dense category, each category's pins in pin order (a counting sort). */
function byCategory(dense: ReturnType<typeof denseCategories>): { order: Int32Array; start: Int32Array } {
  const n = dense.of.length;
  const start = new Int32Array(dense.categories.length + 1);
  for (let i = 0; i < n; i++) start[dense.of[i]! + 1]!++;
  for (let k = 0; k < dense.categories.length; k++) start[k + 1]! += start[k]!;
  const at = start.slice(0, dense.categories.length);
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[at[dense.of[i]!]!++] = i;
  return { order, start };
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
  const dense = denseCategories(p.category);
  const key = priorities(p, active, onFloor, dense);
  const minLevel = new Uint8Array(n);
  for (let i = 0; i < n; i++) minLevel[i] = active[i] ? ALL_PINS_LEVEL : LEVEL_NEVER;
  const table = new CellTable();
  const box: PinBox = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity, allPlaced: true };
  for (let i = 0; i < n; i++) {
    const x = p.x[i]!;
    const y = p.y[i]!;
    if (!Number.isFinite(x) || !Number.isFinite(y)) box.allPlaced = false;
    if (x < box.minX) box.minX = x;
    if (x > box.maxX) box.maxX = x;
    if (y < box.minY) box.minY = y;
    if (y > box.maxY) box.maxY = y;
  }

  // Declutter levels, closest first: a pin stays drawn one level further out when it is the
  // first by priority in its cell there. The cell's best pin is always among the pins still
  // drawn at the closer level (cells nest), so only those compete.
  const best = new Int32Array(n);
  // The best pin's key beside it: one read a pin, not a second one at a pin anywhere in the arrays.
  const bestKey = new Float64Array(n);
  for (let k = ALL_PINS_LEVEL - 1; k >= AGGREGATE_LEVELS; k--) {
    const size = cellWorldSize(k);
    table.reset(Math.min(n, gridCells(p, size, box)), size, box, n);
    for (let i = 0; i < n; i++) {
      if (minLevel[i] !== k + 1) continue;
      const met = table.count;
      const c = table.cell(Math.floor(p.x[i]! / size), Math.floor(p.y[i]! / size));
      if (c === met || key[i]! < bestKey[c]!) {
        best[c] = i;
        bestKey[c] = key[i]!;
      }
    }
    for (let c = 0; c < table.count; c++) minLevel[best[c]!] = k;
  }

  // Overview levels: a pin alone in its cell is drawn (as a dot); a cell with several pins on
  // the floor becomes one aggregate marker with its count, found share and dominant categories.
  const parts: PinAggregates[] = [];
  const cellOf = new Int32Array(n);
  const pinsByCategory = byCategory(dense);
  const first = new Int32Array(n);
  const count = new Uint32Array(n);
  const found = new Uint32Array(n);
  const sx = new Float64Array(n);
  const sy = new Float64Array(n);
  for (let k = AGGREGATE_LEVELS - 1; k >= 0; k--) {
    const size = cellWorldSize(k);
    table.reset(Math.min(n, gridCells(p, size, box)), size, box, n);
    // In pin order: each cell's first pin, count, found count and centre.
    for (let i = 0; i < n; i++) {
      cellOf[i] = -1;
      if (!active[i] || !onFloor[i]) continue;
      const met = table.count;
      const c = table.cell(Math.floor(p.x[i]! / size), Math.floor(p.y[i]! / size));
      if (c === met) {
        first[c] = i;
        count[c] = found[c] = sx[c] = sy[c] = 0;
      }
      cellOf[i] = c;
      count[c]!++;
      if (p.flags[i]! & PinDataFlag.Checked) found[c]!++;
      sx[c]! += p.x[i]!;
      sy[c]! += p.y[i]!;
    }
    const cells = table.count;
    const top = topCategories(p, cellOf, count, cells, pinsByCategory, dense.categories);
    let markers = 0;
    for (let c = 0; c < cells; c++) if (count[c]! > 1) markers++;
    const out = allocAggregates(markers);
    let m = 0;
    for (let c = 0; c < cells; c++) {
      if (count[c] === 1) {
        if (minLevel[first[c]!] === k + 1) minLevel[first[c]!] = k;
        continue;
      }
      out.x[m] = sx[c]! / count[c]!;
      out.y[m] = sy[c]! / count[c]!;
      out.level[m] = k;
      out.count[m] = count[c]!;
      out.found[m] = found[c]!;
      out.icon[m] = top.icon[c * AGGREGATE_TOP]!;
      for (let j = 0; j < AGGREGATE_TOP; j++) {
        out.topCategory[m * AGGREGATE_TOP + j] = top.category[c * AGGREGATE_TOP + j]!;
        out.topCount[m * AGGREGATE_TOP + j] = top.count[c * AGGREGATE_TOP + j]!;
        out.topFound[m * AGGREGATE_TOP + j] = top.found[c * AGGREGATE_TOP + j]!;
      }
      m++;
    }
    parts.push(out);
  }
  return { count: n, minLevel, aggregates: concatAggregates(parts) };
}

/**
 * Each cell's AGGREGATE_TOP categories by pins, most first (then the lower id), with their found counts and the
 * icon of each one's first pin there (the first colours the marker): one category at a time, over its pins in pin
 * order, so a cell's count of a category is whole before it is ranked. Cells of one pin get none (-1).
 */
function topCategories(
  p: LayoutInput,
  cellOf: Int32Array,
  cellCount: Uint32Array,
  cells: number,
  pins: { order: Int32Array; start: Int32Array },
  categories: readonly number[],
): { category: Int32Array; count: Uint32Array; found: Uint32Array; icon: Uint16Array } {
  const K = AGGREGATE_TOP;
  const category = new Int32Array(cells * K).fill(-1);
  const count = new Uint32Array(cells * K);
  const found = new Uint32Array(cells * K);
  const icon = new Uint16Array(cells * K);
  const n = new Uint32Array(cells);
  const f = new Uint32Array(cells);
  const firstIcon = new Uint16Array(cells);
  const touched = new Int32Array(cells);
  for (let k = 0; k < categories.length; k++) {
    const cat = categories[k]!;
    let t = 0;
    for (let s = pins.start[k]!; s < pins.start[k + 1]!; s++) {
      const i = pins.order[s]!;
      const c = cellOf[i]!;
      if (c < 0 || cellCount[c]! < 2) continue;
      if (n[c] === 0) {
        touched[t++] = c;
        firstIcon[c] = p.icon[i]!;
      }
      n[c]!++;
      if (p.flags[i]! & PinDataFlag.Checked) f[c]!++;
    }
    for (let u = 0; u < t; u++) {
      const c = touched[u]!;
      const o = c * K;
      // Insert into the cell's ranked list where it beats the entry there.
      let j = 0;
      while (j < K && category[o + j]! >= 0 && (count[o + j]! > n[c]! || (count[o + j] === n[c] && category[o + j]! < cat))) j++;
      if (j < K) {
        for (let q = K - 1; q > j; q--) {
          category[o + q] = category[o + q - 1]!;
          count[o + q] = count[o + q - 1]!;
          found[o + q] = found[o + q - 1]!;
          icon[o + q] = icon[o + q - 1]!;
        }
        category[o + j] = cat;
        count[o + j] = n[c]!;
        found[o + j] = f[c]!;
        icon[o + j] = firstIcon[c]!;
      }
      n[c] = 0;
      f[c] = 0;
    }
  }
  return { category, count, found, icon };
}

/** Aggregate arrays for `n` markers, zeroed. */
export function allocAggregates(n: number): PinAggregates {
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

/** The aggregates of `parts`, one after another. */
export function concatAggregates(parts: PinAggregates[]): PinAggregates {
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
