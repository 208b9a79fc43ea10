// How the found set got to where it is: the store holds the set (store.checks), this log the
// changes, in order, so the engine and the pins worker are told only what changed
// (src/engine/LIFE-OF-A-CHECK.md). A reset (first load, another account, an import) means
// "take the whole set"; so does a reader that fell further behind than the log reaches.

/** One change of the found set: these pins found (on) or not found; or a reset. */
export type CheckChange = { reset: true } | { reset?: false; ids: readonly number[]; on: boolean };

/** Changes kept; a reader further behind takes the whole set. */
const LOG_SIZE = 64;

let revision = 0;
const log: CheckChange[] = [];

/** Records a change; returns the revision it made. */
export function logCheckChange(change: CheckChange): number {
  log.push(change);
  if (log.length > LOG_SIZE) log.shift();
  return ++revision;
}

/** The revision of the last change (0 before any). */
export function checkRevision(): number {
  return revision;
}

/** What changed in `(since, now]` as found (true) / not found (false) per pin id; null: take the whole set. */
export function checkChangesSince(since: number): Map<number, boolean> | null {
  if (since > revision || revision - since > log.length) return null;
  const net = new Map<number, boolean>();
  for (let k = log.length - (revision - since); k < log.length; k++) {
    const c = log[k]!;
    if (c.reset) return null;
    for (const id of c.ids) net.set(id, c.on);
  }
  return net;
}

/** The pin ids of a net change, split into the ones found and the ones not found. */
export function splitChanges(net: ReadonlyMap<number, boolean>): { on: Int32Array; off: Int32Array } {
  let n = 0;
  for (const v of net.values()) if (v) n++;
  const on = new Int32Array(n);
  const off = new Int32Array(net.size - n);
  let i = 0,
    j = 0;
  for (const [id, v] of net) {
    if (v) on[i++] = id;
    else off[j++] = id;
  }
  return { on, off };
}

/** Hands `to` the changes of the found set since revision `since` (null ids: take the whole set; since < 0: never told). */
export function checksSince(since: number, to: (ids: Int32Array | null, on: boolean) => void): void {
  if (since === revision) return;
  const net = since < 0 ? null : checkChangesSince(since);
  if (!net) return to(null, true);
  const { on, off } = splitChanges(net);
  if (on.length) to(on, true);
  if (off.length) to(off, false);
}
