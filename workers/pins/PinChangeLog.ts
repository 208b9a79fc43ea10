/** How many live changes can be looked back over (a map further behind takes every pin again). */
const CHANGE_LOG_SIZE = 1024;

/**
 * The pin-set version and the pin ids each live change touched, so a map holding an older pin
 * set can be told only what changed (PinStore.changesSince).
 */
export class PinChangeLog {
  /** The pin-set version: bumped whenever pins come or go (a load, upsert or removal). */
  version = 0;
  /** Ids per live change, oldest first; entry k made version start + k + 1. */
  private entries: number[][] = [];
  private start = 0;

  /** A load: no list of ids describes it, so sets before it take every pin again. */
  bulk(): void {
    this.version++;
    this.entries = [];
    this.start = this.version;
  }

  /** An upsert or removal of these pins. */
  live(ids: number[]): void {
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
    for (let k = since - this.start; k < this.entries.length; k++) for (const id of this.entries[k]!) touched.add(id);
    return touched;
  }
}
