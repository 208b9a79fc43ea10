import type { Db } from '../db';

/**
 * SQLSTATEs that mean the database's storage failed, not the query: class 58 (system error: I/O, a file
 * gone) and 53100 (disk full). On the embedded database nothing can recover from them in-process.
 */
export function isStorageFailure(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('58') || code === '53100');
}

/** Wraps a Db so every storage failure, in any query or transaction, is reported to `onFailure` (then rethrown). */
export function guardStorage(db: Db, onFailure: (e: Error) => void): Db {
  const watch = <T>(p: Promise<T>): Promise<T> =>
    p.catch((e: unknown) => {
      if (isStorageFailure(e)) onFailure(e as Error);
      throw e;
    });
  return {
    kind: db.kind,
    query: <R>(sql: string, params?: readonly unknown[]) => watch(db.query<R>(sql, params)),
    exec: (sql) => watch(db.exec(sql)),
    transaction: (fn) => watch(db.transaction((tx) => fn(guardStorage(tx, onFailure)))),
    bulk: (rows, fn) => db.bulk(rows, fn),
    listen: (channel, handler, onGap) => db.listen(channel, handler, onGap),
    notify: (channel, payload) => watch(db.notify(channel, payload)),
    close: () => db.close(),
    ...(db.poolStats ? { poolStats: () => db.poolStats!() } : {}),
    ...(db.bulkStats ? { bulkStats: () => db.bulkStats!() } : {}),
  };
}
