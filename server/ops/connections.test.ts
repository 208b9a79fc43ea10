// Connection floods from one address against the real server under a small open-file limit (prlimit): the server
// must keep serving other addresses and never exit (issue 23, item 1).
import { afterEach, describe, expect, it } from 'vitest';
import type { Socket } from 'node:net';
import { getFrom, openIdle, openStreams } from '../../tests/support/connections';
import { startServer, type StartedServer } from '../../tests/support/server';

describe('one address flooding the real server under a 256 open-file limit', () => {
  const started: StartedServer[] = [];
  const held: Socket[] = [];
  afterEach(async () => {
    for (const s of held.splice(0)) s.destroy();
    await Promise.all(started.splice(0).map((s) => s.stop()));
  });

  it('idle connections and event streams past the limit: the flood gets 429, others are served, the process never exits', async () => {
    const s = await startServer(
      { DATABASE_URL: '', SEED_PINS: '200', SERVE_CLIENT: '0', OPEN_FILES_LIMIT: '0' },
      { wrap: ['prlimit', '--nofile=256:256'] },
    );
    started.push(s);
    let exited: number | string | null | undefined;
    void s.exited.then((c) => (exited = c));
    const streams = await openStreams(s.port, 120, '127.0.0.1');
    held.push(...streams.sockets);
    held.push(...(await openIdle(s.port, 400, '127.0.0.1')));
    // The storage probe runs every 5 s: let it run under the flood.
    await new Promise((r) => setTimeout(r, 6_500));
    expect(exited, s.output().slice(-1500)).toBeUndefined();
    const ready = await getFrom(s.port, '/readyz', '127.0.0.2');
    expect(ready.status).toBe(200);
    const groups = await getFrom(s.port, '/api/v1/category/groups', '127.0.0.2');
    expect(groups.status).toBe(200);
    // Past the address's budget, the flood reads a clear refusal.
    const refused = await getFrom(s.port, '/api/v1/category/groups', '127.0.0.1').catch((e: Error) => ({ status: 0, body: e.message }));
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ status: 429, error: { errClazz: 'rate_limited' } });
    expect(exited, s.output().slice(-1500)).toBeUndefined();
  }, 120_000);

  it('with budgets above the open-file limit, running out of open files is not a storage failure: no exit, served again once the flood closes', async () => {
    const s = await startServer(
      { DATABASE_URL: '', SEED_PINS: '200', SERVE_CLIENT: '0', OPEN_FILES_LIMIT: '0', CONN_PER_IP: '100000', CONN_TOTAL: '100000' },
      { wrap: ['prlimit', '--nofile=256:256'] },
    );
    started.push(s);
    let exited: number | string | null | undefined;
    void s.exited.then((c) => (exited = c));
    const flood = await openIdle(s.port, 400, '127.0.0.1');
    held.push(...flood);
    // The storage probe (every 5 s) and accept() run out of files under the flood: wait until the server says so.
    await expect.poll(() => s.output(), { timeout: 30_000 }).toMatch(/Out of resources, not a storage failure|accept failed/);
    expect(exited, s.output().slice(-1500)).toBeUndefined();
    for (const f of flood) f.destroy();
    await expect.poll(async () => (await getFrom(s.port, '/readyz', '127.0.0.2').catch(() => ({ status: 0 }))).status).toBe(200);
    expect((await getFrom(s.port, '/api/v1/category/groups', '127.0.0.1')).status).toBe(200);
    expect(exited).toBeUndefined();
  }, 120_000);
});
