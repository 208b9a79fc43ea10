import pg from 'pg';
import type { Db, QueryResult } from './Db';
import { PgGate } from './PgGate';
import { PgListener } from './PgListener';
import { isDbUnavailable } from './unavailable';

pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/*
 * PostgreSQL may restart or drop a connection at any time. A dropped connection fails the queries on it (a 503 for
 * their requests, see unavailable.ts) and is replaced; while the database cannot be reached at all PgGate answers
 * every query at once; the LISTEN connection (PgListener) opens itself again. The process never exits for it.
 */

/** What every handle on one database shares. */
interface Shared {
  pool: pg.Pool;
  gate: PgGate;
  listener: PgListener;
}

/** A client of the pool for `fn`, given back afterwards; one whose connection broke under it is dropped, not pooled. */
async function withClient<T>(s: Shared, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  s.gate.enter();
  let c: pg.PoolClient;
  try {
    c = await s.pool.connect();
  } catch (e) {
    s.gate.failed(e);
    throw e;
  }
  // A checked-out client whose connection drops emits 'error': with no listener that would end the process.
  let broken: Error | undefined;
  const onError = (e: Error) => (broken ??= e);
  c.on('error', onError);
  try {
    return await fn(c);
  } catch (e) {
    if (isDbUnavailable(e)) broken ??= e as Error;
    throw e;
  } finally {
    c.off('error', onError);
    c.release(broken);
  }
}

/** `tx` is the transaction's client inside `transaction`, null outside (each call then takes a pooled client). */
function wrap(tx: pg.PoolClient | null, s: Shared): Db {
  const run = <T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> => (tx ? fn(tx) : withClient(s, fn));
  return {
    kind: 'postgres',
    async query<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      const r = await run((c) => c.query(sql, params as unknown[]));
      return { rows: r.rows as R[], rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql: string) {
      await run((c) => c.query(sql));
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      if (tx) return fn(wrap(tx, s));
      return withClient(s, async (c) => {
        await c.query('begin');
        try {
          const out = await fn(wrap(c, s));
          await c.query('commit');
          return out;
        } catch (e) {
          await c.query('rollback').catch(() => undefined);
          throw e;
        }
      });
    },
    // Each transaction has its own connection: a large write stalls nobody else.
    bulk: (_rows, fn) => fn(),
    listen: (channel, handler, onGap) => s.listener.listen(channel, handler, onGap),
    async notify(channel: string, payload: string) {
      await run((c) => c.query('select pg_notify($1, $2)', [channel, payload]));
    },
    poolStats: () => ({
      total: s.pool.totalCount,
      idle: s.pool.idleCount,
      waiting: s.pool.waitingCount,
      listenReconnects: s.listener.reconnects,
      reachable: s.gate.up,
      outages: s.gate.outages,
    }),
    async close() {
      s.gate.close();
      await s.listener.close();
      await s.pool.end();
    },
  };
}

/** Connects to PostgreSQL at `url`, failing fast with the driver's error when it cannot be reached. */
export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000, keepAlive: true });
  // An idle client whose connection drops (a restart, pg_terminate_backend) is removed by the pool, which then
  // emits 'error': with no listener that would end the process. The next query opens a new connection.
  pool.on('error', () => undefined);
  const c = await pool.connect();
  c.release();
  return wrap(null, { pool, gate: new PgGate(url), listener: new PgListener(url) });
}
