import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { BULK_MIN_ROWS, BulkLane } from './BulkLane';
import type { Db, QueryResult } from './Db';
import { LoopTurns } from './LoopTurns';
import { UserTurns } from './UserTurns';

const parsers = {
  [types.INT8]: (v: string) => Number(v),
  [types.NUMERIC]: (v: string) => Number(v),
};

type Queryable = Pick<PGlite, 'query' | 'exec'> | Transaction;

/** What every handle on one embedded database shares: the bulk lane and the turns of its one connection. */
interface Shared {
  lane: BulkLane;
  turns: LoopTurns;
  users: UserTurns;
}

function wrap(q: Queryable, root: PGlite, shared: Shared): Db {
  const { lane, turns, users } = shared;
  // Outside a transaction each operation takes its turn (see LoopTurns); inside one the connection is ours.
  const inTurn = <T>(fn: () => Promise<T>): Promise<T> => (q === root ? turns.run(fn) : fn());
  return {
    kind: 'pglite',
    async query<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      // The parsers were given at open: passing them again would copy the whole parser table on every query.
      const r = await inTurn(() => q.query<R>(sql, params as unknown[]));
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    async exec(sql: string) {
      await inTurn(() => q.exec(sql));
    },
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      // PGlite has one connection: a nested transaction runs inside the outer one.
      if (q !== root) return fn(wrap(q, root, shared));
      return turns.run(() => root.transaction((tx) => fn(wrap(tx, root, shared))));
    },
    // Inside a transaction the connection is already ours: waiting for a turn would wait for ourselves.
    bulk: (rows, fn) => (q !== root || rows < BULK_MIN_ROWS ? fn() : lane.run(fn)),
    async listen(channel: string, handler: (payload: string) => void) {
      const unlisten = await root.listen(channel, handler);
      return () => unlisten();
    },
    async notify(channel: string, payload: string) {
      await inTurn(() => q.query('select pg_notify($1, $2)', [channel, payload]));
    },
    userTurn: (userId, fn) => users.run(userId, fn),
    userIdle: (userId) => users.idle(userId),
    close: () => root.close(),
    bulkStats: () => ({ ...lane.stats }),
  };
}

/**
 * Opens (or creates) the embedded database in `dir`; `undefined` keeps it in memory (tests). `from`: a database
 * `dumpOf` made, to start from instead of an empty one.
 */
export async function openPglite(dir?: string, from?: Blob): Promise<Db> {
  // One options object: PGlite's (folder, options) form drops the options when the folder is undefined (in memory).
  const pg = new PGlite({ dataDir: dir, parsers, ...(from ? { loadDataDir: from } : {}) });
  await pg.waitReady;
  return wrap(pg, pg, { lane: new BulkLane(), turns: new LoopTurns(), users: new UserTurns() });
}

/**
 * A new in-memory database after `fill` (migrations, say), as a tarball `openPglite` starts from: opening one takes
 * about 1 s here, making an empty database (PGlite's initdb) about 4 s (server/test-helper.ts's template).
 */
export async function dumpOf(fill: (db: Db) => Promise<void>): Promise<Blob> {
  const pg = new PGlite({ parsers });
  await pg.waitReady;
  try {
    await fill(wrap(pg, pg, { lane: new BulkLane(), turns: new LoopTurns(), users: new UserTurns() }));
    return await pg.dumpDataDir('none');
  } finally {
    await pg.close();
  }
}
