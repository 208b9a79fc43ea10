import pg from 'pg';
import type { Db, QueryResult } from './Db';

pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/**
 * One dedicated connection per process carries every LISTEN; handlers are kept per channel. It is opened on the
 * first `listen` and closed with the pool. When the connection drops (a database restart, a network blip) it is
 * opened again with backoff and every channel is listened to again; notifications sent meanwhile are lost, as
 * PostgreSQL keeps none for a listener that is not connected.
 */
class Listener {
  private client: pg.Client | undefined;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private closed = false;
  private retryMs = 100;
  /** Times the connection was opened again after dropping (for /metrics). */
  reconnects = 0;

  constructor(private readonly url: string) {}

  async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    const client = await this.connect();
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    }
    set.add(handler);
    return async () => {
      const s = this.handlers.get(channel);
      if (!s?.delete(handler) || s.size > 0) return;
      this.handlers.delete(channel);
      await this.client?.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
    };
  }

  private async connect(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = new pg.Client({ connectionString: this.url });
    this.client = client;
    client.on('notification', (m) => {
      for (const h of this.handlers.get(m.channel) ?? []) h(m.payload ?? '');
    });
    const lost = () => {
      if (this.client !== client || this.closed) return;
      this.client = undefined;
      setTimeout(() => void this.reconnect(), this.retryMs).unref();
      this.retryMs = Math.min(this.retryMs * 2, 5_000);
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    return client;
  }

  private async reconnect(): Promise<void> {
    if (this.closed || this.client) return;
    try {
      const client = await this.connect();
      for (const channel of this.handlers.keys()) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      this.retryMs = 100;
      this.reconnects++;
    } catch {
      const c = this.client as pg.Client | undefined;
      this.client = undefined;
      await c?.end().catch(() => undefined);
      if (!this.closed) setTimeout(() => void this.reconnect(), this.retryMs).unref();
      this.retryMs = Math.min(this.retryMs * 2, 5_000);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const c = this.client;
    this.client = undefined;
    this.handlers.clear();
    await c?.end().catch(() => undefined);
  }
}

function wrap(client: pg.Pool | pg.PoolClient, pool: pg.Pool, inTx: boolean, listener: Listener): Db {
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
      if (inTx) return fn(wrap(client, pool, true, listener));
      const c = await pool.connect();
      try {
        await c.query('begin');
        const out = await fn(wrap(c, pool, true, listener));
        await c.query('commit');
        return out;
      } catch (e) {
        await c.query('rollback').catch(() => undefined);
        throw e;
      } finally {
        c.release();
      }
    },
    // Each transaction has its own connection: a large write stalls nobody else.
    bulk: (_rows, fn) => fn(),
    listen: (channel, handler) => listener.listen(channel, handler),
    async notify(channel: string, payload: string) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, listenReconnects: listener.reconnects }),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/** Connects to PostgreSQL at `url`, failing fast with the driver's error when it cannot be reached. */
export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  const c = await pool.connect();
  c.release();
  return wrap(pool, pool, false, new Listener(url));
}
