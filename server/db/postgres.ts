import pg from 'pg';
import type { Db, QueryResult } from './Db';

pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

function wrap(client: pg.Pool | pg.PoolClient, pool: pg.Pool, inTx: boolean): Db {
  return {
    kind: 'postgres',
    async query<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      const r = await client.query(sql, params as unknown[]);
      return { rows: r.rows as R[], rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      if (inTx) return fn(wrap(client, pool, true));
      const c = await pool.connect();
      try {
        await c.query('begin');
        const out = await fn(wrap(c, pool, true));
        await c.query('commit');
        return out;
      } catch (e) {
        await c.query('rollback').catch(() => undefined);
        throw e;
      } finally {
        c.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Connects to PostgreSQL at `url`, failing fast with the driver's error when it cannot be reached. */
export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  const c = await pool.connect();
  c.release();
  return wrap(pool, pool, false);
}
