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

  it('reports request latency by route and the relay, and echoes a request id', async () => {
    const res = await t.app.inject({ url: '/api/v1/category/groups', headers: { 'x-request-id': 'lb-123' } });
    expect(res.headers['x-request-id']).toBe('lb-123');
    const text = (await t.app.inject('/metrics')).body;
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/category\/groups",status="200"\} 1/);
    expect(text).toContain('relay_sockets{kind="viewers"} 0');
    expect(text).toContain('db_transaction_retries_total');
  });
});
