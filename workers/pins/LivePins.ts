import RBush from 'rbush';
import type { PinRecord } from './api';

/** One pin added or changed after its category's bulk load, as an RBush entry. */
export interface LivePin {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  rec: PinRecord;
  /** Icon index with the category icon filled in. */
  icon: number;
}

/**
 * Pins created, moved or edited since their category was loaded, in a dynamic RBush: the
 * packed per-category indexes are static, so changes land here until the category reloads.
 */
export class LivePins {
  private readonly tree = new RBush<LivePin>();
  private readonly byId = new Map<number, LivePin>();

  get size(): number {
    return this.byId.size;
  }

  /** Adds or replaces a pin. */
  upsert(rec: PinRecord, icon: number): void {
    this.remove(rec.id);
    const item: LivePin = { minX: rec.coordX, minY: rec.coordY, maxX: rec.coordX, maxY: rec.coordY, rec, icon };
    this.byId.set(rec.id, item);
    this.tree.insert(item);
  }

  /** Removes a pin; true when it was here. */
  remove(id: number): boolean {
    const item = this.byId.get(id);
    if (!item) return false;
    this.tree.remove(item);
    this.byId.delete(id);
    return true;
  }

  /** Drops every pin of a category (its fresh bulk load supersedes them). */
  removeCategory(categoryId: number): void {
    for (const item of [...this.byId.values()]) if (item.rec.categoryId === categoryId) this.remove(item.rec.id);
  }

  /** Drops every pin of a region but those of the kept categories (a fresh region snapshot supersedes them). */
  removeRegion(region: number, keep: ReadonlySet<number>): void {
    for (const item of [...this.byId.values()])
      if (item.rec.region === region && !keep.has(item.rec.categoryId ?? -1)) this.remove(item.rec.id);
  }

  get(id: number): LivePin | undefined {
    return this.byId.get(id);
  }

  /** All live pins in insertion order. */
  all(): IterableIterator<LivePin> {
    return this.byId.values();
  }

  /** Live pins inside a box. */
  search(minX: number, minY: number, maxX: number, maxY: number): LivePin[] {
    return this.tree.search({ minX, minY, maxX, maxY });
  }
}
