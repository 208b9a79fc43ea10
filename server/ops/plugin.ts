import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { ok, fail } from '../http/envelope';
import { ErrClazz } from '../http/errors';
import { retryStats } from '../repos/tx';
import { stepStats } from '../repos/checks';

/** Whether this process should get traffic: false once it is shutting down or its storage failed. */
export interface Readiness {
  ready: boolean;
  /** Why it is not ready (logged by /readyz, never shown). */
  reason: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
    /** This app's Prometheus registry (/metrics); plugins add their own gauges to it. */
    metrics: Registry;
  }
}

const DB_PROBE_MS = 2_000;

/**
 * Operations endpoints at the top level (not /api): `/healthz` (the process answers), `/readyz` (the database
 * answers and migrations ran, and the process is not shutting down) and `/metrics` (Prometheus text, prom-client):
 * request latency by route, the database pool, transaction retries, plus what other plugins register.
 */
export async function registerOps(app: FastifyInstance): Promise<void> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  app.decorate('metrics', registry);
  app.decorate('readiness', { ready: true, reason: null } as Readiness);

  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    latency.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections by state (PostgreSQL)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const s = app.db.poolStats?.();
      if (!s) return;
      this.set({ state: 'total' }, s.total);
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'waiting' }, s.waiting);
    },
  });
  new Gauge({
    name: 'db_reachable',
    help: 'Whether the database takes connections (PostgreSQL: 0 while an outage lasts and every query is answered 503)',
    registers: [registry],
    collect() {
      this.set(app.db.poolStats?.().reachable === false ? 0 : 1);
    },
  });
  new Counter({
    name: 'db_outages_total',
    help: 'Times the database could not be reached and queries were answered 503 until it came back',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(app.db.poolStats?.().outages ?? 0);
    },
  });
  new Counter({
    name: 'db_listen_reconnects_total',
    help: 'Times the LISTEN connection was opened again after dropping',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(app.db.poolStats?.().listenReconnects ?? 0);
    },
  });
  new Counter({
    name: 'db_bulk_lane_writes_total',
    help: "Steps of large writes (batch checks, imports, undos of 1,000 pins or more) that took their turn in the embedded database's bulk lane",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(app.db.bulkStats?.().ran ?? 0);
    },
  });
  new Counter({
    name: 'db_bulk_lane_wait_seconds_total',
    help: 'Seconds large writes waited for their turn in the bulk lane',
    registers: [registry],
    collect() {
      this.reset();
      this.inc((app.db.bulkStats?.().waitedMs ?? 0) / 1000);
    },
  });
  new Gauge({
    name: 'db_bulk_step_longest_seconds',
    help: 'Longest single step (one transaction) of a large change written in steps on the embedded database',
    registers: [registry],
    collect() {
      this.set(stepStats.longestMs / 1000);
    },
  });
  new Counter({
    name: 'db_bulk_rolled_back_total',
    help: 'Large changes on the embedded database rolled back from their journal (a step failed, or at start-up)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(stepStats.rolledBack);
    },
  });
  new Counter({
    name: 'db_transaction_retries_total',
    help: 'Transactions retried after a serialization failure or deadlock',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(retryStats.retries);
    },
  });

  // While shutting down, a keep-alive connection whose request was in flight must close after its answer: left
  // open and idle it would hold the shutdown until SHUTDOWN_TIMEOUT_MS and the exit would read as a failure.
  app.addHook('onSend', async (_request, reply) => {
    if (!app.readiness.ready) reply.header('connection', 'close');
  });
  app.get('/healthz', async () => ok({ alive: true }));
  // Only ready or not: a reason or a database error (`password authentication failed for user …`) goes to the log.
  const notReady = fail(503, 'not_ready', '서버가 요청을 받을 준비가 되지 않았습니다.', 'not ready');
  app.get('/readyz', async (request, reply) => {
    const r = app.readiness;
    if (!r.ready) {
      request.log.warn({ reason: r.reason }, 'readyz: not ready');
      return reply.status(503).send(notReady);
    }
    try {
      await Promise.race([
        app.db.query('select 1 from schema_migrations where version = (select max(version) from schema_migrations)'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('database did not answer in time')), DB_PROBE_MS).unref()),
      ]);
    } catch (e) {
      request.log.warn({ err: e }, 'readyz: the database did not answer');
      return reply.status(503).send(notReady);
    }
    // The probe may have waited behind a write (PGlite's one connection) while a SIGTERM arrived: ask again.
    if (!r.ready) {
      request.log.warn({ reason: r.reason }, 'readyz: not ready');
      return reply.status(503).send(notReady);
    }
    return ok({ ready: true });
  });
  const token = app.config.metricsToken ? Buffer.from(`Bearer ${app.config.metricsToken}`) : null;
  app.get('/metrics', async (request, reply) => {
    if (!isLoopbackRequest(request) && !(token && sameBytes(request.headers.authorization, token)))
      return reply
        .status(403)
        .send(
          fail(403, ErrClazz.forbidden, '지표는 서버 안에서만 볼 수 있습니다.', 'metrics answer on loopback or with METRICS_TOKEN only'),
        );
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

function sameBytes(header: string | undefined, expected: Buffer): boolean {
  const got = Buffer.from(header ?? '');
  return got.length === expected.length && timingSafeEqual(got, expected);
}

/** 127.0.0.0/8, ::1 and their IPv4-mapped form. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.replace(/^::ffff:/i, '');
  return a === '::1' || (isIP(a) === 4 && a.startsWith('127.'));
}

/**
 * The socket's peer is loopback and no forwarded client address says otherwise (whatever TRUST_PROXY says: a local
 * reverse proxy that is not configured as trusted still forwards requests from anywhere).
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  if (!isLoopback(request.socket.remoteAddress)) return false;
  const h = request.headers;
  const forwarded: string[] = [];
  for (const v of [h['x-forwarded-for'], h['x-real-ip']]) if (v) forwarded.push(...String(v).split(','));
  if (h.forwarded) for (const m of String(h.forwarded).matchAll(/for=("?)\[?([^\]";,\s]+)/gi)) forwarded.push(m[2]!.replace(/:\d+$/, ''));
  return forwarded.every((f) => isLoopback(f.trim()));
}
