// Connection floods from one address against the real server under a small open-file limit (prlimit): the server
// must keep serving other addresses and never exit (issue 23, item 1).
import { afterEach, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { startServer, type StartedServer } from '../../tests/support/server';

/** A GET from a chosen source address on loopback: status and body. */
export function getFrom(port: number, path: string, localAddress: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, localAddress, headers: { connection: 'close', ...headers }, agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
          // An event stream never ends: its first event is enough.
          if (res.headers['content-type']?.startsWith('text/event-stream') && body.includes('\n\n')) {
            resolve({ status: res.statusCode!, body });
          }
        });
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error(`${path} from ${localAddress}: no answer in 15 s`)));
    req.on('error', reject);
    req.end();
  });
}

/** Opens `n` idle TCP connections from `localAddress`; resolves when each connected or failed. */
export async function openIdle(port: number, n: number, localAddress: string): Promise<Socket[]> {
  const sockets: Socket[] = [];
  const batch = 100;
  for (let i = 0; i < n; i += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, n - i) }, () => {
        const s = connect({ host: '127.0.0.1', port, localAddress });
        s.on('error', () => undefined);
        sockets.push(s);
        return new Promise<void>((r) => {
          s.once('connect', () => r());
          s.once('error', () => r());
          s.once('close', () => r());
        });
      }),
    );
  }
  return sockets;
}

/** Opens `n` event streams from `localAddress`, each sending its request and keeping the socket. */
async function openStreams(port: number, n: number, localAddress: string): Promise<{ sockets: Socket[]; answers: string[] }> {
  const sockets: Socket[] = [];
  const answers: string[] = [];
  await Promise.all(
    Array.from({ length: n }, () => {
      const s = connect({ host: '127.0.0.1', port, localAddress });
      s.on('error', () => undefined);
      sockets.push(s);
      s.write(`GET /api/v1/events HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      return new Promise<void>((r) => {
        s.once('data', (b) => {
          answers.push(String(b).split('\r\n')[0]!);
          r();
        });
        s.once('close', () => r());
        setTimeout(r, 10_000).unref();
      });
    }),
  );
  return { sockets, answers };
}

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
      { under: ['prlimit', '--nofile=256:256'] },
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
      { under: ['prlimit', '--nofile=256:256'] },
    );
    started.push(s);
    let exited: number | string | null | undefined;
    void s.exited.then((c) => (exited = c));
    const flood = await openIdle(s.port, 400, '127.0.0.1');
    held.push(...flood);
    await new Promise((r) => setTimeout(r, 6_500));
    expect(exited, s.output().slice(-1500)).toBeUndefined();
    expect(s.output()).toMatch(/Out of resources, not a storage failure|accept failed/);
    for (const f of flood) f.destroy();
    await new Promise((r) => setTimeout(r, 500));
    expect((await getFrom(s.port, '/readyz', '127.0.0.2')).status).toBe(200);
    expect((await getFrom(s.port, '/api/v1/category/groups', '127.0.0.1')).status).toBe(200);
    expect(exited).toBeUndefined();
  }, 120_000);
});
