// Load on loopback with autocannon, shared by the server benchmarks.
import autocannon from 'autocannon';

/** Seconds per case (BENCH_SECONDS, default 5). */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** The PostgreSQL to measure beside PGlite, if any (its public schema is dropped and recreated!). */
export const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';

export interface RequestSetup {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}
export interface Load {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/** Keeps `connections` requests in flight for SECONDS, each shaped by `next()`. */
export async function load(url: string, next: () => RequestSetup, connections = 10): Promise<Load> {
  const r = await autocannon({ url, connections, duration: SECONDS, requests: [{ setupRequest: (req) => ({ ...req, ...next() }) }] });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}
