/**
 * One large change per player at a time, in this process (the embedded database). A large change there is written
 * in several short transactions (server/repos/checks.ts), so the database no longer keeps the player's other writes
 * out meanwhile: they wait here instead, and their reads wait for the change to be whole (`idle`).
 */
export class UserTurns {
  private tails = new Map<number, Promise<unknown>>();

  /** Runs `fn` once the player's earlier turns are done. */
  run<T>(userId: number, fn: () => Promise<T>): Promise<T> {
    const before = this.tails.get(userId) ?? Promise.resolve();
    const turn = before.then(fn);
    const tail = turn.catch(() => undefined);
    this.tails.set(userId, tail);
    void tail.then(() => {
      if (this.tails.get(userId) === tail) this.tails.delete(userId);
    });
    return turn;
  }

  /** Resolves once the player's turns queued so far are done. */
  idle(userId: number): Promise<void> {
    const tail = this.tails.get(userId);
    return tail ? tail.then(() => undefined) : Promise.resolve();
  }
}
