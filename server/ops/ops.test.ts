import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../test-helper';

describe('/healthz, /readyz, /metrics', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it('answers alive and ready, and not ready once shutting down', async () => {
    expect((await t.app.inject('/healthz')).json()).toMatchObject({ status: 200, result: { alive: true } });
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
    t.app.readiness.ready = false;
    t.app.readiness.reason = 'shutting down';
    const r = await t.app.inject('/readyz');
    expect(r.statusCode).toBe(503);
    expect(r.json()).toMatchObject({ status: 503, error: { errClazz: 'not_ready' } });
    t.app.readiness.ready = true;
  });

  it('is not ready when a shutdown began while its database probe waited (a SIGTERM during a batch, issue 23)', async () => {
    // Count reads of `ready`: the first one is the handler's check before it probes the database.
    const r = t.app.readiness;
    let ready = true;
    let reads = 0;
    Object.defineProperty(r, 'ready', {
      configurable: true,
      enumerable: true,
      get: () => (reads++, ready),
      set: (v: boolean) => (ready = v),
    });
    // A write holds the database (PGlite: its one connection; PostgreSQL: the table the probe reads).
    let release!: () => void;
    const held = new Promise<void>((res) => (release = res));
    let locked!: () => void;
    const holding = new Promise<void>((res) => (locked = res));
    const batch = t.db.transaction(async (tx) => {
      await tx.query('lock table schema_migrations in access exclusive mode');
      locked();
      await held;
    });
    await holding;
    const probe = t.app.inject('/readyz');
    await expect.poll(() => reads).toBeGreaterThan(0);
    r.ready = false;
    r.reason = 'shutting down';
    release();
    await batch;
    const answer = await probe;
    Object.defineProperty(r, 'ready', { value: true, writable: true, configurable: true, enumerable: true });
    r.reason = null;
    expect(answer.statusCode).toBe(503);
    expect(answer.body).not.toContain('shutting down');
  });

  it('reports request latency by route and the relay, and echoes a request id', async () => {
    const res = await t.app.inject({ url: '/api/v1/category/groups', headers: { 'x-request-id': 'lb-123' } });
    expect(res.headers['x-request-id']).toBe('lb-123');
    const text = (await t.app.inject('/metrics')).body;
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/category\/groups",status="200"\} 1/);
    expect(text).toContain('relay_sockets{kind="viewers"} 0');
    expect(text).toContain('db_transaction_retries_total');
  });

  it('/readyz says only ready or not: the reason and a database error stay in the log', async () => {
    t.app.readiness.ready = false;
    t.app.readiness.reason = 'password authentication failed for user "wuwa"';
    let r = await t.app.inject('/readyz');
    expect(r.statusCode).toBe(503);
    expect(r.body).not.toContain('password');
    t.app.readiness.ready = true;
    t.app.readiness.reason = null;
    await t.db.exec('alter table schema_migrations rename to schema_migrations_hidden');
    try {
      r = await t.app.inject('/readyz');
      expect(r.statusCode).toBe(503);
      expect(r.json()).toMatchObject({ status: 503, error: { errClazz: 'not_ready' } });
      expect(r.body).not.toContain('schema_migrations');
    } finally {
      await t.db.exec('alter table schema_migrations_hidden rename to schema_migrations');
    }
  });

  it('/metrics answers only on loopback with no forwarded client, or with METRICS_TOKEN', async () => {
    const get = (remoteAddress: string, headers: Record<string, string> = {}) => t.app.inject({ url: '/metrics', remoteAddress, headers });
    expect((await get('127.0.0.1')).statusCode).toBe(200);
    expect((await get('::1')).statusCode).toBe(200);
    expect((await get('::ffff:127.0.0.1')).statusCode).toBe(200);
    const outside = await get('203.0.113.9');
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ status: 403, error: { errClazz: 'forbidden' } });
    expect(outside.body).not.toContain('process_open_fds');
    // A local reverse proxy: the peer is loopback, but the request came from outside.
    expect((await get('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(403);
    expect((await get('127.0.0.1', { forwarded: 'for=203.0.113.9' })).statusCode).toBe(403);
    expect((await get('127.0.0.1', { 'x-real-ip': '203.0.113.9' })).statusCode).toBe(403);
    expect((await get('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(200);
    // No token configured: a Bearer header opens nothing.
    expect((await get('203.0.113.9', { authorization: 'Bearer ' })).statusCode).toBe(403);
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ metricsToken: 'scrape-me-0123456789' });
  });
  afterAll(() => t.close());

  it('answers anyone with the Bearer token, and refuses a wrong one', async () => {
    const get = (authorization?: string) =>
      t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9', headers: authorization ? { authorization } : {} });
    expect((await get('Bearer scrape-me-0123456789')).statusCode).toBe(200);
    expect((await get('Bearer scrape-me-012345678')).statusCode).toBe(403);
    expect((await get('Basic scrape-me-0123456789')).statusCode).toBe(403);
    expect((await get()).statusCode).toBe(403);
  });
});
