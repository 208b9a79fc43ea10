/**
 * One database operation at a time, each starting on a fresh turn of the event loop.
 *
 * PGlite runs queries synchronously (WebAssembly) and resolves them through promises, so a queue of operations
 * runs as one long chain of microtasks: the event loop never reaches its poll phase until the queue is empty, and
 * no socket is read and no connection accepted meanwhile. Under a crowd that is unfair in a way the database's own
 * FIFO cannot see: the players whose connections are open keep the queue full, and a new connection waits in the
 * kernel's accept queue (measured: 166 connections queued, about one accepted a second, first answers after 17 s).
 * Starting each operation from `setImmediate` lets the poll phase run between any two, so every waiting socket
 * is read and every new connection is accepted in turn.
 */
export class LoopTurns {
  private tail: Promise<unknown> = Promise.resolve();
  /** Operations run since start (for tests). */
  ran = 0;

  /** Runs `fn` after the operations queued before it, from a new event-loop turn. */
  run<T>(fn: () => Promise<T>): Promise<T> {
    const turn = this.tail
      .then(() => new Promise<void>((r) => setImmediate(r)))
      .then(() => {
        this.ran++;
        return fn();
      });
    this.tail = turn.catch(() => undefined);
    return turn;
  }
}
