/** How many live changes can be looked back over (a map further behind takes every pin again). */
const CHANGE_LOG_SIZE = 1024;

/**
 * The pin-set version and the pin ids each change touched (a live edit, or a category load: the
 * pins it had and the pins it has), so a map holding an older pin set can be told only what
 * changed (PinStore.changesSince).
 */
export class PinChangeLog {
  /** The pin-set version: bumped whenever pins come or go (a load, upsert or removal). */
  version = 0;
  /** Ids per change, oldest first; entry k made version start + k + 1. */
  private entries: ArrayLike<number>[] = [];
  private start = 0;

  /** A change no list of ids describes: sets before it take every pin again. */
  bulk(): void {
    this.version++;
    this.entries = [];
    this.start = this.version;
  }

  /** A change of these pins: an upsert, a removal, or a category's load. */
  live(ids: ArrayLike<number>): void {
    this.version++;
    this.entries.push(ids);
    if (this.entries.length > CHANGE_LOG_SIZE) {
      this.entries.shift();
      this.start++;
    }
  }

  /** The ids touched since version `since`, or null when that is before a bulk change or unknown. */
  touchedSince(since: number): Set<number> | null {
    if (since < this.start || since > this.version) return null;
    const touched = new Set<number>();
    for (let k = since - this.start; k < this.entries.length; k++) {
      const ids = this.entries[k]!;
      for (let i = 0; i < ids.length; i++) touched.add(ids[i]!);
    }
    return touched;
  }
}
