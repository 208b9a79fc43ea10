// Pin id → index in the pin buffers, built over every pin at each new pin set. A Map of 400,000 ids takes
// 0.4–0.7 s of the main thread here (its rehashes as it grows); this open-addressing table of two typed
// arrays, sized once, takes a few ms (80 ms at 690,000 pins, its 16 MB missing the cache: the pins worker builds it
// with a whole pin set and sends its table). Later indexes win over earlier ones for an id given twice, as Map.set.

export interface IdLookup {
  get(id: number): number | undefined;
}

/** An IdIndex's table: ids and their indexes by slot (a power of two of them), as it crosses to another thread. */
export interface IdTable {
  keys: Int32Array<ArrayBuffer>;
  /** Index per slot, -1 while the slot is empty. */
  vals: Int32Array<ArrayBuffer>;
}

export class IdIndex implements IdLookup {
  private readonly keys: Int32Array<ArrayBuffer>;
  private readonly vals: Int32Array<ArrayBuffer>;
  private readonly shift: number;
  private readonly mask: number;

  /**
   * The index of `ids`: over `table` when one an IdIndex of them made is given (sent by the pins worker), else built
   * here. A table that cannot be one of `ids` (a size not a power of two of at least twice them) is not taken.
   */
  constructor(ids: ArrayLike<number>, given?: IdTable) {
    const size = given?.keys.length ?? 0;
    const table = given && size >= 2 * ids.length && (size & (size - 1)) === 0 && given.vals.length === size ? given : undefined;
    const bits = table ? Math.log2(size) : Math.max(4, Math.ceil(Math.log2(ids.length * 2 + 1)));
    this.shift = 32 - bits;
    this.mask = (1 << bits) - 1;
    if (table) {
      this.keys = table.keys;
      this.vals = table.vals;
      return;
    }
    this.keys = new Int32Array(1 << bits);
    this.vals = new Int32Array(1 << bits).fill(-1);
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      let s = Math.imul(id, 0x9e3779b1) >>> this.shift;
      while (this.vals[s] !== -1 && this.keys[s] !== id) s = (s + 1) & this.mask;
      this.keys[s] = id;
      this.vals[s] = i;
    }
  }

  /** The table, to send with the ids (its arrays are this index's own). */
  get table(): IdTable {
    return { keys: this.keys, vals: this.vals };
  }

  get(id: number): number | undefined {
    let s = Math.imul(id, 0x9e3779b1) >>> this.shift;
    for (;;) {
      const v = this.vals[s]!;
      if (v === -1) return undefined;
      if (this.keys[s] === id) return v;
      s = (s + 1) & this.mask;
    }
  }
}

export const NO_IDS: IdLookup = new IdIndex([]);
