import Flatbush from 'flatbush';
import { Pin } from '../../proto';
import type { PinRecord } from './api';
import { decodePinList, NO_ICON, NO_REGION, type DecodedPins } from './decode-pins';

/**
 * One loaded category: its pins as typed arrays, a packed static spatial index over them
 * (flatbush: 2–4× faster to build than RBush's bulk load, see bench/worker), and the raw bytes from which full records are decoded on demand.
 */
export class CategoryPins {
  readonly categoryId: number;
  readonly lastEdited: number;
  readonly count: number;
  readonly data: DecodedPins;
  /** Icon of each pin with the category icon filled in where the pin has none. */
  readonly icon: Uint16Array;
  /** The worker's one found set (PinStore's, shared, never copied): pin i is found when its id is in it. */
  private readonly found: ReadonlySet<number>;
  readonly index: Flatbush | null;
  /** 1 where the pin was replaced or removed after load (it lives in LivePins now, or nowhere). */
  dead: Uint8Array | null = null;
  /**
   * The region value (data.region: NO_REGION for none) every pin here shares, or -1 when they differ or there are
   * none: a region snapshot's parts are of one region, so a region filter takes or skips them whole (PinStore.getPins).
   */
  readonly oneRegion: number;
  private idToIndex: Map<number, number> | null = null;

  /**
   * Decodes PinList bytes (or takes pins already decoded: a part of a region snapshot) and indexes them;
   * `categoryIcon` fills pins without an icon.
   */
  constructor(bytes: Uint8Array | DecodedPins, categoryIcon = 0, expectedCategoryId?: number, found: ReadonlySet<number> = new Set()) {
    const data = bytes instanceof Uint8Array ? decodePinList(bytes) : bytes;
    // An empty PinList encodes categoryId 0 (proto3 default); the caller's id is authoritative.
    this.categoryId = expectedCategoryId ?? data.categoryId;
    this.lastEdited = data.lastEdited;
    this.count = data.count;
    this.data = data;
    this.icon = data.icon;
    for (let i = 0; i < data.count; i++) if (this.icon[i] === NO_ICON) this.icon[i] = categoryIcon;
    this.found = found;
    let one = data.count ? data.region[0]! : -1;
    for (let i = 1; i < data.count && one >= 0; i++) if (data.region[i] !== one) one = -1;
    this.oneRegion = one;
    if (data.count === 0) {
      this.index = null;
      return;
    }
    const index = new Flatbush(data.count, 16, Float32Array);
    const { x, y } = data;
    for (let i = 0; i < data.count; i++) index.add(x[i]!, y[i]!, x[i]!, y[i]!);
    index.finish();
    this.index = index;
  }

  /** Marks pin i replaced or removed: queries and getPins skip it from now on. */
  kill(i: number): void {
    (this.dead ??= new Uint8Array(this.count))[i] = 1;
  }

  /** Index of a live (not killed) pin id in this category, or -1. */
  indexOf(id: number): number {
    if (!this.idToIndex) {
      this.idToIndex = new Map();
      const ids = this.data.ids;
      for (let i = 0; i < ids.length; i++) this.idToIndex.set(ids[i]!, i);
    }
    const i = this.idToIndex.get(id) ?? -1;
    return i >= 0 && this.dead?.[i] === 1 ? -1 : i;
  }

  /** Whether pin i carries any of the tags. */
  hasAnyTag(i: number, tags: Set<number>): boolean {
    const { tagStart, tagList } = this.data;
    for (let k = tagStart[i]!; k < tagStart[i + 1]!; k++) if (tags.has(tagList[k]!)) return true;
    return false;
  }

  /** Whether the user found pin i. */
  isFound(i: number): boolean {
    return this.found.has(this.data.ids[i]!);
  }

  /** Pin i as a plain object (decoded from its bytes now; a snapshot's pin has no texts: those are fetched on demand). */
  record(i: number): PinRecord {
    const { bytes, start, end } = this.data;
    if (bytes.length === 0) return this.columnRecord(i);
    const p = Pin.decode(bytes.subarray(start[i]!, end[i]!));
    const has = (k: string) => Object.prototype.hasOwnProperty.call(p, k);
    const rec: PinRecord = {
      id: p.id,
      coordX: p.coordX,
      coordY: p.coordY,
      catNum: p.catNum,
      tags: p.tags.map((t) =>
        t.flag == null ? { id: t.id ?? 0, name: t.name ?? '' } : { id: t.id ?? 0, name: t.name ?? '', flag: t.flag },
      ),
      tagIds: p.tagIds.length ? [...p.tagIds] : p.tags.map((t) => t.id ?? 0),
      checked: this.isFound(i),
      categoryId: has('categoryId') ? p.categoryId! : this.categoryId,
    };
    if (has('coordZ')) rec.coordZ = p.coordZ!;
    if (has('description')) rec.description = p.description!;
    if (has('image')) rec.image = p.image!;
    if (has('icon')) rec.icon = p.icon!;
    if (has('flag')) rec.flag = p.flag!;
    if (has('registererId')) rec.registererId = p.registererId!;
    if (has('region')) rec.region = p.region!;
    if (has('categoryName')) rec.categoryName = p.categoryName!;
    if (has('totalChecks')) rec.totalChecks = p.totalChecks!;
    return rec;
  }

  private columnRecord(i: number): PinRecord {
    const d = this.data;
    const rec: PinRecord = {
      id: d.ids[i]!,
      coordX: d.x[i]!,
      coordY: d.y[i]!,
      catNum: this.categoryId,
      tags: [],
      tagIds: Array.from(d.tagList.subarray(d.tagStart[i]!, d.tagStart[i + 1]!)),
      checked: this.isFound(i),
      categoryId: this.categoryId,
    };
    if (!Number.isNaN(d.z[i]!)) rec.coordZ = d.z[i]!;
    if (d.flag && d.flag[i]! >= 0) rec.flag = d.flag[i]!;
    if (d.region[i] !== NO_REGION) rec.region = d.region[i]!;
    return rec;
  }

  /** Region of pin i, or -1 when it has none. */
  regionOf(i: number): number {
    const r = this.data.region[i]!;
    return r === NO_REGION ? -1 : r;
  }
}
