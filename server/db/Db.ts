/** One database interface for the embedded PGlite and a real PostgreSQL: the same SQL runs on both. */
export interface Db {
  readonly kind: 'pglite' | 'postgres';
  /** One parameterised statement ($1, $2 …). int8 and numeric come back as JavaScript numbers. */
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
  /** Several statements without parameters (migrations, bulk seeding). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in one transaction: all of it commits or none of it does. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}
