// Connection budgets on a listening test server: per peer address and per process at the socket, event streams per
// client address and per process, a trusted proxy's connections counted only in the total.
import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import type { Socket } from 'node:net';
import { testApp } from '../test-helper';
import { loadConfig } from '../config';
import { getFrom, openIdle, openStreams } from '../../tests/support/connections';
import { connectionBudgetFromEnv, connectionMessages, trustedPeer } from './connections';
import { isResourceExhaustion } from '../ops/file-limit';
import { trustProxyFromEnv } from '../security/proxy';

const budget = (env: Record<string, string>) => loadConfig({ ...env }).connections;

describe('connection budgets', () => {
  const held: Socket[] = [];
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const s of held.splice(0)) s.destroy();
    for (const c of closers.splice(0)) await c();
  });

  async function listening(env: Record<string, string>, overrides: Parameters<typeof testApp>[0] = {}) {
    const t = await testApp({ connections: budget(env), ...overrides });
    closers.push(t.close);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    return { t, port: (t.app.server.address() as { port: number }).port };
  }
  const closed = (s: Socket) => new Promise<void>((r) => (s.destroyed ? r() : s.once('close', () => r())));
  /** The server's open TCP connections, as /metrics tells them (an inject opens none). */
  const openCounter = (t: { app: { inject: (url: string) => Promise<{ body: string }> } }) => async () =>
    Number(/http_connections\{kind="open"\} (\d+)/.exec((await t.app.inject('/metrics')).body)?.[1] ?? NaN);

  it('past CONN_PER_IP an address gets a 429 envelope and a closed socket; other addresses are served; past CONN_TOTAL, 503', async () => {
    const { port, t } = await listening({ CONN_PER_IP: '4', CONN_TOTAL: '10' });
    const openConnections = openCounter(t);
    const mine = await openIdle(port, 4, '127.0.0.1');
    held.push(...mine);
    const refused = await getFrom(port, '/healthz', '127.0.0.1');
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({
      status: 429,
      error: { errClazz: 'rate_limited', messageTranslated: connectionMessages.perIp, message: 'too many connections from this address' },
      result: null,
    });
    expect((await getFrom(port, '/healthz', '127.0.0.2')).status).toBe(200);
    // One of the address's connections closes: it is served again.
    const opened = await openConnections();
    mine[0]!.destroy();
    await closed(mine[0]!);
    // The server counts the close when its side of the socket ends: wait for that, not for a time.
    await expect.poll(openConnections).toBe(opened - 1);
    // 3 + 3 + 3 open from three addresses: the tenth connection is the last one admitted.
    held.push(...(await openIdle(port, 3, '127.0.0.3')), ...(await openIdle(port, 3, '127.0.0.4')));
    expect((await getFrom(port, '/healthz', '127.0.0.5')).status).toBe(200);
    held.push(...(await openIdle(port, 1, '127.0.0.5')));
    const busy = await getFrom(port, '/healthz', '127.0.0.6');
    expect(busy.status).toBe(503);
    expect(JSON.parse(busy.body)).toMatchObject({
      status: 503,
      error: { errClazz: 'server_busy', messageTranslated: connectionMessages.total },
    });
    const metrics = (await t.app.inject('/metrics')).body;
    expect(metrics).toMatch(/http_connections\{kind="refused_per_ip"\} 1/);
    expect(metrics).toMatch(/http_connections\{kind="refused_total"\} 1/);
  });

  it('past EVENTS_PER_IP an address gets 429 before its stream opens, past EVENTS_TOTAL 503; a closed stream frees its place', async () => {
    const { port, t } = await listening({ EVENTS_PER_IP: '2', EVENTS_TOTAL: '3' });
    const openConnections = openCounter(t);
    const open = async (from: string) => {
      const { sockets, answers } = await openStreams(port, 1, from);
      held.push(...sockets);
      return { socket: sockets[0]!, status: answers[0] ?? '' };
    };
    const first = await open('127.0.0.1');
    expect(first.status).toBe('HTTP/1.1 200 OK');
    expect((await open('127.0.0.1')).status).toBe('HTTP/1.1 200 OK');
    const third = await getFrom(port, '/api/v1/events', '127.0.0.1');
    expect(third.status).toBe(429);
    expect(JSON.parse(third.body)).toMatchObject({ status: 429, error: { errClazz: 'rate_limited' } });
    expect((await open('127.0.0.2')).status).toBe('HTTP/1.1 200 OK');
    const busy = await getFrom(port, '/api/v1/events', '127.0.0.3');
    expect(busy.status).toBe(503);
    expect(JSON.parse(busy.body)).toMatchObject({ status: 503, error: { errClazz: 'server_busy' } });
    const streamsOpen = await openConnections();
    first.socket.destroy();
    await closed(first.socket);
    await expect.poll(openConnections).toBe(streamsOpen - 1);
    expect((await open('127.0.0.3')).status).toBe('HTTP/1.1 200 OK');
    expect((await open('127.0.0.1')).status).toBe('HTTP/1.1 503 Service Unavailable');
  });

  it('behind TRUST_PROXY the proxy peer counts only in the total, and streams are counted per forwarded client', async () => {
    const { port } = await listening(
      { CONN_PER_IP: '2', CONN_TOTAL: '50', EVENTS_PER_IP: '1' },
      { trustProxy: trustProxyFromEnv('127.0.0.1') },
    );
    held.push(...(await openIdle(port, 5, '127.0.0.1')));
    expect((await getFrom(port, '/healthz', '127.0.0.1')).status).toBe(200);
    const from = (client: string) => getFrom(port, '/api/v1/events', '127.0.0.1', { 'x-forwarded-for': client });
    expect((await from('203.0.113.1')).status).toBe(200);
    expect((await from('203.0.113.1')).status).toBe(429);
    expect((await from('203.0.113.2')).status).toBe(200);
  });
});

describe('budget defaults and classification', () => {
  const num = (env: NodeJS.ProcessEnv, key: string, fallback: number) => (env[key] ? Number(env[key]) : fallback);

  it('follow the open-file limit: a quarter (128 to 4,096) stays free, an address gets a quarter of the rest (≤ 512)', () => {
    expect(connectionBudgetFromEnv({}, num, 256)).toEqual({ total: 128, perIp: 32, eventsPerIp: 16, eventsTotal: 64 });
    expect(connectionBudgetFromEnv({}, num, 1024)).toEqual({ total: 768, perIp: 192, eventsPerIp: 96, eventsTotal: 384 });
    expect(connectionBudgetFromEnv({}, num, 1_048_576)).toEqual({ total: 1_044_480, perIp: 512, eventsPerIp: 256, eventsTotal: 522_240 });
    expect(connectionBudgetFromEnv({ CONN_PER_IP: '7' }, num, 1024)).toMatchObject({ perIp: 7, eventsPerIp: 4 });
  });

  it('a trusted proxy is named by address, CIDR, name or hop count', () => {
    expect(trustedPeer(false)('127.0.0.1')).toBe(false);
    const list = trustedPeer(trustProxyFromEnv('10.0.0.0/8,loopback'));
    expect(list('10.2.3.4')).toBe(true);
    expect(list('::ffff:127.0.0.1')).toBe(true);
    expect(list('::1')).toBe(true);
    expect(list('192.0.2.1')).toBe(false);
    expect(trustedPeer(trustProxyFromEnv('1'))('192.0.2.1')).toBe(true);
  });

  it('out of open files or memory is told apart from a failed disk', () => {
    for (const code of ['EMFILE', 'ENFILE', 'ENOMEM', '53000', '53200']) expect(isResourceExhaustion({ code })).toBe(true);
    for (const code of ['EIO', 'ENOSPC', '58030', '53100', undefined]) expect(isResourceExhaustion({ code })).toBe(false);
  });

  it('the server lifts its own open-file limit where the OS allows, and never lowers it', () => {
    const node = (limit: string, code: string) => {
      const r = spawnSync('prlimit', [`--nofile=${limit}`, process.execPath, '--import', 'tsx', '-e', code], { encoding: 'utf8' });
      return JSON.parse(r.stdout.trim().split('\n').pop()!);
    };
    const lift =
      "import('./server/ops/file-limit.ts').then((m) => console.log(JSON.stringify([m.raiseOpenFileLimit(8192), m.openFileLimit(), m.raiseOpenFileLimit(100)])))";
    // Node lifts the soft limit to the hard one by itself; above the hard one takes CAP_SYS_RESOURCE (not in a default container).
    expect(node('1024:4096', "import('./server/ops/file-limit.ts').then((m) => console.log(JSON.stringify(m.openFileLimit())))")).toEqual({
      soft: 4096,
      hard: 4096,
    });
    const allowed = spawnSync('prlimit', ['--nofile=1024:1024', 'sh', '-c', 'prlimit --pid $$ --nofile=2048:2048']).status === 0;
    const [raised, after, never] = node('1024:1024', lift);
    if (allowed) {
      expect(raised).toEqual({ before: 1024, after: 8192 });
      expect(after).toEqual({ soft: 8192, hard: 8192 });
    } else {
      expect(raised).toMatchObject({ before: 1024, after: 1024, note: expect.stringMatching(/not permitted/) });
      expect(after).toEqual({ soft: 1024, hard: 1024 });
    }
    expect(never).toEqual({ before: after.soft, after: after.soft });
  });
});
