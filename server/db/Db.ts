/** One database interface for the embedded PGlite and a real PostgreSQL: the same SQL runs on both. */
export interface Db {
  readonly kind: 'pglite' | 'postgres';
  /** One parameterised statement ($1, $2 …). int8 and numeric come back as JavaScript numbers. */
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
  /** Several statements without parameters (migrations, bulk seeding). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in one transaction: all of it commits or none of it does. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Runs `fn`, a write of about `rows` rows, so that it cannot stall everyone else: on the embedded PGlite (one
   * connection) large writes take turns with a pause after each (BulkLane); on PostgreSQL it just runs.
   */
  bulk<T>(rows: number, fn: () => Promise<T>): Promise<T>;
  /**
   * PostgreSQL `LISTEN`: `handler` gets the payload of every `NOTIFY` on `channel`, from this process or any other
   * on the same database. Resolves once listening; the returned function stops it. `onGap` runs when the channel is
   * heard again after the connection dropped: notifications sent meanwhile were lost (PostgreSQL only).
   */
  listen(channel: string, handler: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
  /** PostgreSQL `NOTIFY` (`pg_notify`): every listener on `channel`, in every process, gets `payload` (< 8000 bytes). */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Embedded database only: runs `fn`, a change of the player's checks, after the player's earlier ones (large
   * changes there are written in several short transactions; see UserTurns). Absent on PostgreSQL, where the
   * player's row lock inside one transaction does this.
   */
  userTurn?<T>(userId: number, fn: () => Promise<T>): Promise<T>;
  /** Embedded database only: resolves once the player's changes queued so far are whole. */
  userIdle?(userId: number): Promise<void>;
  close(): Promise<void>;
  /** Large writes that took their turn in the bulk lane, and the milliseconds they waited (PGlite; /metrics). */
  bulkStats?(): { ran: number; waitedMs: number };
  /** Connection-pool gauges for /metrics (PostgreSQL; PGlite has one connection and none to report). */
  poolStats?(): { total: number; idle: number; waiting: number; listenReconnects: number; reachable: boolean; outages: number };
}

export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}
