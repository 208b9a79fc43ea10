/** Writes of fewer rows than this run at once; bigger ones take turns in the lane. */
export const BULK_MIN_ROWS = 1_000;

/**
 * Large writes on a database with one connection (the embedded PGlite) take turns: one at a time, and after one
 * that held the connection for d ms the next one waits d ms. Large writes then hold the connection at most half of
 * the time and every other request runs in the gaps, while each write stays one transaction (all or nothing, one
 * undoable action). Without the pause, a player looping 20,000-pin batches queues the next one before anyone
 * else's request reaches the connection, and every other player waits seconds per call.
 */
export class BulkLane {
  private tail: Promise<unknown> = Promise.resolve();
  private freeAt = 0;
  /** Large writes run, and milliseconds they waited for their turn, since start (for /metrics and tests). */
  readonly stats = { ran: 0, waitedMs: 0 };

  /** Runs `fn` once the writes queued before it are done and the last one's pause is over. */
  run<T>(fn: () => Promise<T>): Promise<T> {
    const turn = this.tail.then(async () => {
      const wait = this.freeAt - Date.now();
      if (wait > 0) {
        this.stats.waitedMs += wait;
        await new Promise((r) => setTimeout(r, wait));
      }
      const t0 = Date.now();
      try {
        return await fn();
      } finally {
        this.stats.ran++;
        this.freeAt = Date.now() + (Date.now() - t0);
      }
    });
    this.tail = turn.catch(() => undefined);
    return turn;
  }
}
