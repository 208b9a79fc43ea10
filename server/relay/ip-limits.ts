/** Why a socket from an address was refused, or null when it may go on. */
export type IpRefusal = 'sockets' | 'codes' | null;

const WINDOW_MS = 60_000;

/**
 * Per-address budgets of the relay in this process's memory (on PostgreSQL, RelayBus.admitAddress
 * also counts them across processes):
 * - open sockets at once (`maxSockets`);
 * - distinct codes touched in the last minute (`codesPerMin`): opening rooms and probing whether a
 *   code has a tracker both need a fresh code, so a sweep of a code's 46,656 random suffixes runs at
 *   typing speed instead of hundreds per second.
 */
export class RelayIpLimits {
  private readonly sockets = new Map<string, number>();
  private readonly codes = new Map<string, Map<string, number>>();

  constructor(
    private readonly maxSockets: number,
    private readonly codesPerMin: number,
  ) {}

  /** Admits a socket from `ip` to `code` (and counts it), or says why not. */
  admit(ip: string, code: string, now = Date.now()): IpRefusal {
    if ((this.sockets.get(ip) ?? 0) >= this.maxSockets) return 'sockets';
    let seen = this.codes.get(ip);
    if (!seen) this.codes.set(ip, (seen = new Map()));
    for (const [c, at] of seen) if (now - at >= WINDOW_MS) seen.delete(c);
    if (!seen.has(code) && seen.size >= this.codesPerMin) return 'codes';
    seen.set(code, now);
    this.sockets.set(ip, (this.sockets.get(ip) ?? 0) + 1);
    if (this.codes.size > 50_000) this.sweep(now);
    return null;
  }

  /** A socket admitted for `ip` closed. */
  release(ip: string): void {
    const n = (this.sockets.get(ip) ?? 1) - 1;
    if (n <= 0) this.sockets.delete(ip);
    else this.sockets.set(ip, n);
  }

  private sweep(now: number): void {
    for (const [ip, seen] of this.codes) {
      for (const [c, at] of seen) if (now - at >= WINDOW_MS) seen.delete(c);
      if (seen.size === 0 && !this.sockets.has(ip)) this.codes.delete(ip);
    }
  }
}
