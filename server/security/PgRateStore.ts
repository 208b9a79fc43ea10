import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db';

/** How often (at most) a process deletes windows that ended. */
const SWEEP_MS = 60_000;

/**
 * A @fastify/rate-limit store whose counts live in PostgreSQL (`rate_limit_hits`), so a limit holds across every
 * server process on the database: one upsert per counted request opens or advances a fixed window.
 */
export function pgRateStore(db: Db): FastifyRateLimitStoreCtor {
  let lastSweep = 0;
  let children = 0;
  const sweep = () => {
    if (Date.now() - lastSweep < SWEEP_MS) return;
    lastSweep = Date.now();
    void db.query('delete from rate_limit_hits where reset_at < $1', [Date.now()]).catch(() => undefined);
  };
  class PgRateStore implements FastifyRateLimitStore {
    constructor(private readonly prefix = '') {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const now = Date.now();
      db.query<{ hits: number; reset_at: number }>(
        `insert into rate_limit_hits as r (key, hits, reset_at) values ($1, 1, $2::bigint + $3::bigint)
         on conflict (key) do update set
           hits = case when r.reset_at <= $2::bigint then 1 else r.hits + 1 end,
           reset_at = case when r.reset_at <= $2::bigint then $2::bigint + $3::bigint else r.reset_at end
         returning hits, reset_at`,
        [this.prefix + key, now, timeWindow],
      ).then(
        ({ rows }) => {
          sweep();
          callback(null, { current: rows[0]!.hits, ttl: Math.max(0, rows[0]!.reset_at - now) });
        },
        (e: Error) => callback(e),
      );
    }

    /**
     * A route with its own limit counts apart, as the library's in-memory store does. The plugin passes the route as
     * `routeInfo`; a limiter made by `fastify.rateLimit()` has none, and gets a number in order of creation, which is
     * the same in every process.
     */
    child(params: object): FastifyRateLimitStore {
      // Typed as route options, but at run time the merged limit params with the route under `routeInfo`.
      const r = (params as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new PgRateStore(r?.url !== undefined ? `${String(r.method)} ${String(r.url)}|` : `limiter${++children}|`);
    }
  }
  return PgRateStore as unknown as FastifyRateLimitStoreCtor;
}
