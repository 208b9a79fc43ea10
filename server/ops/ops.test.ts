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
  });

  it('reports request latency by route and the relay, and echoes a request id', async () => {
    const res = await t.app.inject({ url: '/api/v1/category/groups', headers: { 'x-request-id': 'lb-123' } });
    expect(res.headers['x-request-id']).toBe('lb-123');
    const text = (await t.app.inject('/metrics')).body;
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/category\/groups",status="200"\} 1/);
    expect(text).toContain('relay_sockets{kind="viewers"} 0');
    expect(text).toContain('db_transaction_retries_total');
  });
});
