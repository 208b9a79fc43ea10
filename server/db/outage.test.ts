// Issue 23, item 2: the server on PostgreSQL outlives dropped connections and a database that goes away and comes
// back. The database is the real one (TEST_DATABASE_URL), reached through a TCP proxy that the test can cut, so an
// outage is real on the wire without restarting a cluster other work shares.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, connect, type Server, type Socket, type AddressInfo } from 'node:net';
import pg from 'pg';
import { createSession } from '../auth/sessions';
import { seededApp } from '../test-helper';

const url = process.env.TEST_DATABASE_URL;

/** A TCP proxy to PostgreSQL: `cut` drops every connection and refuses (accepts, then closes) new ones until `restore`. */
class PgProxy {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private refusing = false;
  /** Connections opened to the proxy so far, refused ones included. */
  attempts = 0;

  constructor(target: URL) {
    this.server = createServer((client) => {
      this.attempts++;
      if (this.refusing) return void client.destroy();
      const upstream = connect(Number(target.port || 5432), target.hostname);
      for (const [a, b] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        this.sockets.add(a);
        a.pipe(b);
        a.on('error', () => b.destroy());
        a.on('close', () => {
          this.sockets.delete(a);
          b.destroy();
        });
      }
    });
  }

  async start(): Promise<number> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    return (this.server.address() as AddressInfo).port;
  }
  cut(): void {
    this.refusing = true;
    for (const s of this.sockets) s.destroy();
  }
  restore(): void {
    this.refusing = false;
  }
  close(): Promise<void> {
    this.cut();
    return new Promise((r) => this.server.close(() => r()));
  }
}

describe.runIf(url)('PostgreSQL outages', () => {
  let t: Awaited<ReturnType<typeof seededApp>>;
  let proxy: PgProxy;
  let admin: pg.Client;
  let base: string;
  beforeAll(async () => {
    proxy = new PgProxy(new URL(url!));
    const viaProxy = new URL(url!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(await proxy.start());
    process.env.TEST_DATABASE_URL = viaProxy.href;
    try {
      t = await seededApp(300);
    } finally {
      process.env.TEST_DATABASE_URL = url;
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  }, 120_000);
  afterAll(async () => {
    await admin?.end();
    await t?.close();
    await proxy?.close();
  });

  /** The player's event stream over HTTP, collecting its events. */
  async function stream(userId: number) {
    const ac = new AbortController();
    const res = await fetch(`${base}/api/v1/events`, {
      headers: { cookie: (await createSession(t.app, userId)).cookieHeader },
      signal: ac.signal,
    });
    expect(res.status).toBe(200);
    const events: string[] = [];
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done || value === undefined) return;
        events.push(...[...value.matchAll(/^event: (.*)$/gm)].map((m) => m[1]!));
      }
    })();
    await expect.poll(() => events).toContain('ready');
    return { events, count: (e: string) => events.filter((x) => x === e).length, close: () => ac.abort() };
  }

  const unavailable = {
    status: 503,
    error: { errClazz: 'service_unavailable', messageTranslated: expect.stringContaining('잠시 후 다시 시도해 주세요') },
  };

  it('a dropped connection fails only the request on it, with a Korean 503, and the server goes on', async () => {
    const me = await t.newUser('끊김1');
    expect((await t.call(me, 'POST', '/api/v1/pin/1/check', { check: true })).status).toBe(200);
    const live = await stream(me);
    // Hold the sessions table, so the next call waits on a server connection; then end every server connection.
    await admin.query('begin');
    await admin.query('lock table sessions in access exclusive mode');
    const held = t.call(me, 'POST', '/api/v1/pin/2/check', { check: true });
    await expect
      .poll(async () => (await admin.query("select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'")).rows[0].n)
      .toBeGreaterThan(0);
    const killed = await admin.query<{ n: number }>(
      'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    expect(killed.rows[0]!.n).toBeGreaterThanOrEqual(2);
    await admin.query('rollback');
    const answer = await held;
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject(unavailable);

    // The LISTEN connection was ended: once it is back the stream gets `ready` again (fetch what was missed).
    await expect.poll(() => live.count('ready'), { timeout: 5000 }).toBe(2);
    // Idle connections were ended too: the next calls get new ones.
    expect((await t.call(me, 'POST', '/api/v1/pin/2/check', { check: true })).status).toBe(200);
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
    // Then notices again.
    await t.call(me, 'POST', '/api/v1/pin/3/check', { check: true });
    await expect.poll(() => live.count('check')).toBeGreaterThanOrEqual(1);
    live.close();
  });

  it('while the database is down every call answers 503 at once, without a connection per call; back within 5 s of it', async () => {
    const me = await t.newUser('끊김2');
    const live = await stream(me);
    await t.cookie(me);
    proxy.cut();
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    const before = proxy.attempts;
    for (let i = 0; i < 40; i++) {
      const r = await t.call(me, 'POST', `/api/v1/pin/${10 + i}/check`, { check: true });
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject(unavailable);
    }
    // One probe a quarter second (and the LISTEN connection's retries), not one connection per call.
    expect(proxy.attempts - before).toBeLessThan(10);
    expect((await t.app.inject('/readyz')).statusCode).toBe(503);
    expect((await t.app.inject('/metrics')).body).toMatch(/^db_reachable 0$/m);

    proxy.restore();
    await expect.poll(async () => (await t.app.inject('/readyz')).statusCode, { timeout: 5000, interval: 100 }).toBe(200);
    expect((await t.call(me, 'POST', '/api/v1/pin/60/check', { check: true })).status).toBe(200);
    await expect.poll(() => live.count('ready'), { timeout: 5000 }).toBe(2);
    await t.call(me, 'POST', '/api/v1/pin/61/check', { check: true });
    await expect.poll(() => live.count('check')).toBeGreaterThanOrEqual(1);
    expect((await t.app.inject('/metrics')).body).toMatch(/^db_outages_total [1-9]/m);
    live.close();
  });
});
