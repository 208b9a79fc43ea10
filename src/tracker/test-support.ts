import type { Timers } from './timers';

interface Pending {
  id: number;
  due: number;
  fn: () => void;
  every: number | null;
}

/**
 * A clock that moves only when told (stands in for the platform's timers, which we do not
 * own): tests skip the 5 s reconnect interval and the 60 s timeout while sockets stay real.
 */
export class ManualClock implements Timers {
  private t = 1_000_000;
  private seq = 0;
  private pending: Pending[] = [];

  now(): number {
    return this.t;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.pending.push({ id, due: this.t + ms, fn, every: null });
    return id;
  }
  setInterval(fn: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.pending.push({ id, due: this.t + ms, fn, every: ms });
    return id;
  }
  clearTimeout(h: unknown): void {
    this.pending = this.pending.filter((p) => p.id !== h);
  }
  clearInterval(h: unknown): void {
    this.clearTimeout(h);
  }

  /** Moves time forward, running every timer that falls due on the way, in order. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const next = this.pending.filter((p) => p.due <= end).sort((a, b) => a.due - b.due || a.id - b.id)[0];
      if (!next) break;
      this.t = next.due;
      if (next.every !== null) next.due += next.every;
      else this.pending = this.pending.filter((p) => p !== next);
      next.fn();
    }
    this.t = end;
  }
}

/** Waits (real time) until `pred` holds; fails with `what` after `ms`. */
export async function until(pred: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
