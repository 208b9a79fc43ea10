import { type PinInput, type PinFilter, type PinRecord } from './api';
import { PinDataFlag, emptyPins, joinPins, type PinBuffers, type PinLayout, type PinSetChange } from '../../common/pin-buffers';
import { CategoryPins } from './CategoryPins';
import { LivePins } from './LivePins';
import { PinChangeLog } from './PinChangeLog';
import { layoutPins, type LayoutOptions } from './pin-layout';
import { drawOrder } from '../../common/pin-order';
import { IdIndex } from '../../common/id-index';
import { compile, passes, passesLive, type Compiled } from './pin-filter';
import { flagsOf, pick } from './pin-buffers';
import { queryLasso, queryPoint, queryRect, queryRoute, type Checkpoint, type QueryScope } from './spatial-queries';
import type { SnapshotBlock } from '../../common/pin-snapshot';
import { NO_ICON, type DecodedPins } from './decode-pins';

/** Key of a region snapshot's part in PinStore.categories (a whole category's key is its id). */
const partKey = (region: number, categoryId: number, block: number) => `${region}:${categoryId}:${block}`;

/**
 * Every loaded category's pins, the user's found set and highlighted tags, and the queries
 * over them. Plain TypeScript (runs in the worker and in node tests); ids only cross out.
 */
export class PinStore {
  /** Whole categories (key: the id, from a PinList) and parts of region snapshots (key: partKey), in load order. */
  private readonly categories = new Map<number | string, CategoryPins>();
  /** Per region held from a snapshot: its version and how many blocks came. */
  private readonly snapshots = new Map<number, { version: number; blocks: number }>();
  private readonly categoryIcons = new Map<number, number>();
  /** Pins created or changed since their category loaded (RBush), drawn after the bulk. */
  private readonly live = new LivePins();
  /** The found set: the worker's one copy, shared by every category (CategoryPins.isFound) and the live pins. */
  private readonly checkedIds = new Set<number>();
  private highlighted: Set<number> | null = null;
  private readonly changes = new PinChangeLog();

  /** The pin-set version: bumped whenever pins come or go (a load, upsert or removal). */
  get version(): number {
    return this.changes.version;
  }

  /** Decodes and indexes a category's PinList bytes, replacing its previous pins. */
  load(categoryId: number, bytes: Uint8Array, categoryIcon = 0): CategoryPins {
    const c = new CategoryPins(bytes, categoryIcon, categoryId, this.checkedIds);
    this.changes.bulk();
    // The whole list supersedes the category's pins from region snapshots.
    for (const [k, part] of this.categories) if (typeof k === 'string' && part.categoryId === categoryId) this.categories.delete(k);
    this.categories.set(categoryId, c);
    this.categoryIcons.set(categoryId, categoryIcon);
    // The fresh list already holds every change made before it was sent.
    this.live.removeCategory(categoryId);
    return c;
  }

  /**
   * Starts taking a region's snapshot: the region's pins of an earlier snapshot go, and live pins of the region
   * except those of whole categories (the snapshot holds every change up to its version).
   */
  beginSnapshot(region: number, version: number): void {
    for (const [k, c] of this.categories) if (typeof k === 'string' && k.startsWith(`${region}:`) && c) this.categories.delete(k);
    this.live.removeRegion(region, new Set(this.wholeCategories()));
    this.snapshots.set(region, { version, blocks: 0 });
    this.changes.bulk();
  }

  /**
   * Adds one block of a region snapshot (pins ordered by category): a part per category run; pins of categories
   * loaded whole stay as that list has them. `icons` fills pins without their own icon. Says which categories came.
   */
  addSnapshotBlock(region: number, block: SnapshotBlock, icons: ReadonlyMap<number, number> = new Map()): number[] {
    const snap = this.snapshots.get(region) ?? { version: 0, blocks: 0 };
    this.snapshots.set(region, snap);
    const b = snap.blocks++;
    const whole = new Set(this.wholeCategories());
    const came: number[] = [];
    for (let s = 0; s < block.count;) {
      const cat = block.category[s]!;
      let e = s;
      while (e < block.count && block.category[e] === cat) e++;
      came.push(cat);
      if (!whole.has(cat)) {
        const c = new CategoryPins(columnsOf(block, s, e, region, cat), icons.get(cat) ?? 0, cat, this.checkedIds);
        this.categories.set(partKey(region, cat, b), c);
        this.categoryIcons.set(cat, icons.get(cat) ?? 0);
      }
      s = e;
    }
    this.changes.bulk();
    return came;
  }

  /** The version of the region's snapshot held, or null. */
  snapshotVersion(region: number): number | null {
    return this.snapshots.get(region)?.version ?? null;
  }

  private wholeCategories(): number[] {
    return [...this.categories.keys()].filter((k): k is number => typeof k === 'number');
  }

  /** Adds a pin created after its category loaded, or replaces a pin that was moved or edited. */
  upsertPin(pin: PinInput): void {
    this.changes.live([pin.id]);
    const at = this.locate(pin.id);
    if (at) at[0].kill(at[1]);
    const { checked, ...rec } = pin;
    if (checked !== undefined) this.updateChecked([pin.id], checked);
    this.live.upsert({ ...rec, tags: rec.tags ?? [], checked: false }, pin.icon ?? this.categoryIcons.get(pin.categoryId ?? -1) ?? 0);
  }

  /** Removes pins (deleted on the server) until their category reloads. */
  removePins(ids: ArrayLike<number>): void {
    this.changes.live(Array.from(ids));
    for (let k = 0; k < ids.length; k++) {
      const at = this.locate(ids[k]!);
      if (at) at[0].kill(at[1]);
      this.live.remove(ids[k]!);
    }
  }

  /** Ids of the loaded categories (whole or in part) in load order. */
  loaded(): number[] {
    return [...new Set([...this.categories.values()].map((c) => c.categoryId))];
  }

  /** Total number of loaded pins. */
  get size(): number {
    let n = this.live.size;
    for (const c of this.categories.values()) {
      n += c.count;
      if (c.dead) for (let i = 0; i < c.count; i++) n -= c.dead[i]!;
    }
    return n;
  }

  /** Replaces the found set. */
  setChecked(ids: ArrayLike<number>): void {
    this.checkedIds.clear();
    for (let k = 0; k < ids.length; k++) this.checkedIds.add(ids[k]!);
  }

  /** Marks some pins found or not found. */
  updateChecked(ids: ArrayLike<number>, checked: boolean): void {
    for (let k = 0; k < ids.length; k++) {
      const id = ids[k]!;
      if (checked) this.checkedIds.add(id);
      else this.checkedIds.delete(id);
    }
  }

  /** Tags whose pins get PinDataFlag.Highlighted in getPins. */
  setHighlightedTags(tags: readonly number[]): void {
    this.highlighted = tags.length ? new Set(tags) : null;
  }

  /** Ids of the pins of getPins(filters[0]), getPins(filters[1]), … that carry a highlighted tag. */
  highlightedIn(filters: readonly PinFilter[]): Int32Array {
    const hl = this.highlighted;
    // A fresh array each time: the answer's buffer is transferred (a shared empty one would be detached).
    if (!hl) return new Int32Array(0);
    const out: number[] = [];
    for (const filter of filters) {
      const f = compile(filter);
      for (const c of this.selected(f))
        for (let i = 0; i < c.count; i++) if (c.hasAnyTag(i, hl) && passes(c, i, f)) out.push(c.data.ids[i]!);
      for (const p of this.live.all()) if (p.rec.tagIds.some((t) => hl.has(t)) && passesLive(p, f, this.checkedIds)) out.push(p.rec.id);
    }
    return Int32Array.from(out);
  }

  private *selected(f: Compiled): Iterable<CategoryPins> {
    for (const c of this.categories.values()) if (c.count && (!f.categories || f.categories.has(c.categoryId))) yield c;
  }

  private locate(id: number): [CategoryPins, number] | null {
    for (const c of this.categories.values()) {
      const i = c.indexOf(id);
      if (i >= 0) return [c, i];
    }
    return null;
  }

  /** The pins passing the filter as fresh typed arrays (categories in load order, pins in data order). */
  getPins(filter?: PinFilter): PinBuffers {
    const f = compile(filter);
    // A part of one region (a snapshot's) is left out whole by a region filter it fails, and taken whole by one it
    // passes: the map's pins, a filter a region, do not go through the filter a pin at a time (690,000 pins, 3 times).
    const regional = f.region >= 0 || Boolean(f.regions);
    const inRegion = (c: CategoryPins) => (f.region < 0 || c.oneRegion === f.region) && (!f.regions || f.regions.has(c.oneRegion));
    const cats = [...this.selected(f)].filter((c) => !regional || c.oneRegion < 0 || inRegion(c));
    const trivial = !f.hideChecked && f.floorMode === 0 && !f.tags;
    const also = this.alsoPins(filter, f);
    const live = [...this.live.all()].filter((p) => passesLive(p, f, this.checkedIds) || also.live.has(p.rec.id));
    // A pass mask per category first, so the output arrays are allocated once at their size.
    const masks = cats.map((c) => {
      if (trivial && !c.dead && (!regional || c.oneRegion >= 0)) return null;
      const m = new Uint8Array(c.count);
      for (let i = 0; i < c.count; i++) m[i] = passes(c, i, f) ? 1 : 0;
      return m;
    });
    let n = live.length + also.loaded.length;
    cats.forEach((c, k) => {
      const m = masks[k];
      if (!m) n += c.count;
      else for (let i = 0; i < m.length; i++) n += m[i]!;
    });
    const out = emptyPins(n);
    const hl = this.highlighted;
    let o = 0;
    cats.forEach((c, k) => {
      const m = masks[k];
      const d = c.data;
      if (!m) {
        out.ids.set(d.ids, o);
        out.x.set(d.x, o);
        out.y.set(d.y, o);
        out.z.set(d.z, o);
        out.icon.set(c.icon, o);
        out.region.set(d.region, o);
        out.category.fill(c.categoryId, o, o + c.count);
        for (let i = 0; i < c.count; i++) out.flags[o + i] = flagsOf(c, i, hl);
        o += c.count;
        return;
      }
      for (let i = 0; i < c.count; i++) {
        if (!m[i]) continue;
        out.ids[o] = d.ids[i]!;
        out.x[o] = d.x[i]!;
        out.y[o] = d.y[i]!;
        out.z[o] = d.z[i]!;
        out.icon[o] = c.icon[i]!;
        out.region[o] = d.region[i]!;
        out.category[o] = c.categoryId;
        out.flags[o] = flagsOf(c, i, hl);
        o++;
      }
    });
    for (const [c, i] of also.loaded) {
      const d = c.data;
      out.ids[o] = d.ids[i]!;
      out.x[o] = d.x[i]!;
      out.y[o] = d.y[i]!;
      out.z[o] = d.z[i]!;
      out.icon[o] = c.icon[i]!;
      out.region[o] = d.region[i]!;
      out.category[o] = c.categoryId;
      out.flags[o] = flagsOf(c, i, hl);
      o++;
    }
    for (const p of live) {
      const r = p.rec;
      out.ids[o] = r.id;
      out.x[o] = r.coordX;
      out.y[o] = r.coordY;
      out.z[o] = r.coordZ ?? NaN;
      out.icon[o] = p.icon;
      out.region[o] = r.region ?? 255;
      out.category[o] = r.categoryId ?? 0;
      out.flags[o] =
        (r.image ? PinDataFlag.HasImage : 0) |
        (this.checkedIds.has(r.id) ? PinDataFlag.Checked : 0) |
        (hl && r.tagIds.some((t) => hl.has(t)) ? PinDataFlag.Highlighted : 0);
      o++;
    }
    return out;
  }

  /**
   * The filter's alsoPins that its categories or hide-found leave out but its region and floor keep:
   * pins of loaded categories (category and index), and ids of live pins.
   */
  private alsoPins(filter: PinFilter | undefined, f: Compiled): { loaded: [CategoryPins, number][]; live: Set<number> } {
    const loaded: [CategoryPins, number][] = [];
    const live = new Set<number>();
    if (!filter?.alsoPins?.length) return { loaded, live };
    const kept: Compiled = { ...f, categories: null, hideChecked: false, tags: null };
    for (const id of filter.alsoPins) {
      const p = this.live.get(id);
      if (p) {
        if (!passesLive(p, f, this.checkedIds) && passesLive(p, kept, this.checkedIds)) live.add(id);
        continue;
      }
      const at = this.locate(id);
      if (!at) continue;
      const [c, i] = at;
      const shown = (!f.categories || f.categories.has(c.categoryId)) && passes(c, i, f);
      if (!shown && passes(c, i, kept)) loaded.push(at);
    }
    return { loaded, live };
  }

  /** Declutter and aggregates of the pins of getPins(filters[0]), getPins(filters[1]), … in that order. */
  layout(filters: PinFilter[], opts: LayoutOptions = {}): PinLayout {
    return this.read(filters, opts).layout;
  }

  /**
   * The pins of getPins(filters[0]), getPins(filters[1]), … concatenated, and their layout: one pin set, one version;
   * with the pins' draw order and id index, made here off the map's thread (95 and 80 ms of its task at 690,000 pins).
   */
  pinsWithLayout(filters: PinFilter[], opts: LayoutOptions = {}): { pins: PinBuffers; layout: PinLayout } {
    const r = this.read(filters, opts);
    r.pins.order = drawOrder(r.pins.y);
    r.pins.index = new IdIndex(r.pins.ids).table;
    return r;
  }

  private read(filters: PinFilter[], opts: LayoutOptions): { pins: PinBuffers; layout: PinLayout } {
    const parts = filters.map((f) => this.getPins(f));
    const pins = joinPins(parts);
    const layout = layoutPins(pins, opts);
    layout.version = pins.version = this.version;
    return { pins, layout };
  }

  /**
   * The live changes since the pin set of version `since` read with these filters: the touched
   * pins' ids, those still in the set and where they now stand, and the new layout; null when a
   * load came between (or `since` is unknown). Untouched pins keep their relative order
   * (categories in load order, live pins in insertion order), so taking out the touched ids and
   * putting the present ones at `at` turns the old set into the new one.
   */
  changesSince(since: number, filters: PinFilter[], opts: LayoutOptions = {}): PinSetChange | null {
    const touched = this.changes.touchedSince(since);
    if (!touched) return null;
    const { pins: all, layout } = this.read(filters, opts);
    const at: number[] = [];
    for (let i = 0; i < all.ids.length; i++) if (touched.has(all.ids[i]!)) at.push(i);
    const pins = pick(all, at);
    pins.version = all.version;
    return { from: since, version: this.version, removed: Int32Array.from(touched), pins, at: Int32Array.from(at), layout };
  }

  /** What a query with this filter reads (see spatial-queries.ts). */
  private scope(filter?: PinFilter): QueryScope {
    const f = compile(filter);
    return { f, categories: this.selected(f), live: this.live, checked: () => this.checkedIds };
  }

  /** The pin nearest to (x, y) within `radius` passing the filter (later-loaded wins a tie), or null. */
  queryPoint(x: number, y: number, radius: number, filter?: PinFilter): number | null {
    return queryPoint(this.scope(filter), x, y, radius);
  }

  /** Ids of the pins inside the rectangle (edges included). */
  async queryRect(
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    filter?: PinFilter,
    checkpoint?: Checkpoint,
  ): Promise<Int32Array> {
    return queryRect(this.scope(filter), minX, minY, maxX, maxY, checkpoint);
  }

  /** Ids of the pins inside the polygon (x,y pairs, even-odd rule). */
  async queryLasso(polygon: ArrayLike<number>, filter?: PinFilter, checkpoint?: Checkpoint): Promise<Int32Array> {
    return queryLasso(this.scope(filter), polygon, checkpoint);
  }

  /**
   * Ids of the pins within width/2 of the polyline (x,y pairs), ordered by the route distance of
   * their nearest point on it (ties by id); one vertex selects a disc.
   */
  async queryRoute(polyline: ArrayLike<number>, width: number, filter?: PinFilter, checkpoint?: Checkpoint): Promise<Int32Array> {
    return queryRoute(this.scope(filter), polyline, width, checkpoint);
  }

  /** One pin as a plain object, or null. */
  getPin(id: number): PinRecord | null {
    const p = this.live.get(id);
    if (p) return { ...p.rec, tags: [...p.rec.tags], tagIds: [...p.rec.tagIds], checked: this.checkedIds.has(id) };
    const at = this.locate(id);
    return at ? at[0].record(at[1]) : null;
  }

  /** Pairs (category id, region) per id in order; (-1, -1) for a pin not held, region -1 for one without a region. */
  placesOf(ids: ArrayLike<number>): Int32Array {
    const out = new Int32Array(ids.length * 2).fill(-1);
    for (let k = 0; k < ids.length; k++) {
      const id = ids[k]!;
      const p = this.live.get(id);
      if (p) {
        out[2 * k] = p.rec.categoryId ?? -1;
        out[2 * k + 1] = p.rec.region ?? -1;
        continue;
      }
      const at = this.locate(id);
      if (!at) continue;
      out[2 * k] = at[0].categoryId;
      out[2 * k + 1] = at[0].regionOf(at[1]);
    }
    return out;
  }
}

/** Pins s..e of a snapshot block (one category) as the decoded pins CategoryPins takes. */
function columnsOf(b: SnapshotBlock, s: number, e: number, region: number, categoryId: number): DecodedPins {
  const n = e - s;
  const icon = new Uint16Array(n);
  const staticFlags = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const ic = b.icon[s + i]!;
    icon[i] = ic < 0 ? NO_ICON : ic & 0xffff;
    staticFlags[i] = b.bits[s + i]! & PinDataFlag.HasImage;
  }
  const t0 = b.tagStart[s]!;
  const tagStart = new Uint32Array(n + 1);
  for (let i = 0; i <= n; i++) tagStart[i] = b.tagStart[s + i]! - t0;
  return {
    categoryId,
    lastEdited: 0,
    count: n,
    ids: b.ids.subarray(s, e),
    x: b.x.subarray(s, e),
    y: b.y.subarray(s, e),
    z: b.z.subarray(s, e),
    icon,
    region: new Uint8Array(n).fill(region & 0xff),
    staticFlags,
    tagStart,
    tagList: b.tagList.subarray(t0, b.tagStart[e]!),
    start: new Uint32Array(0),
    end: new Uint32Array(0),
    bytes: new Uint8Array(0),
    flag: b.flag.subarray(s, e),
  };
}
