// Relay latency: a tracker's `data` packet to every viewer of its code, through the real relay
// plugin, against the peer it replaces — a direct local-mode WebSocket (tracker → browser).
// With PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL; its public schema is dropped and recreated!) it also runs
// issue 11's case on two real server processes: a tracker at 10 Hz on process A, 16 viewers on process B (relayed
// over LISTEN/NOTIFY), against the same on one process.
// Run: npx tsx bench/tracker/relay.bench.ts [--seconds 20] [--only local,xproc]  → bench/results/tracker-relay.json
import Fastify from 'fastify';
import pg from 'pg';
import { parseArgs } from 'node:util';
import WebSocket, { WebSocketServer } from 'ws';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { registerRelay } from '../../server/relay/plugin';
import { startServer, type StartedServer } from '../../tests/support/server';
import { PG_URL } from '../support/load';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '20' }, only: { type: 'string', default: 'local,xproc' } } });
const ONLY = new Set(values.only!.split(','));
const RATE_HZ = 100;
const SECONDS = 3;
const N = RATE_HZ * SECONDS;
/** Issue 11's cross-process case: the desktop tracker's rate, and the per-code viewer limit. */
const XPROC_HZ = 10;
const XPROC_VIEWERS = 16;

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

const opened = (ws: WebSocket) => new Promise<void>((r) => ws.once('open', () => r()));

/** Sends `n` stamped positions at `hz` through `send`; viewers report each arrival. */
async function run(
  viewers: WebSocket[],
  send: (text: string) => void,
  unwrap: (o: Record<string, unknown>) => number | undefined,
  hz = RATE_HZ,
  n = N,
) {
  const lat: number[] = [];
  for (const v of viewers) {
    v.on('message', (d) => {
      const t = unwrap(JSON.parse(d.toString()) as Record<string, unknown>);
      if (t !== undefined) lat.push(performance.now() - t);
    });
  }
  for (let i = 0; i < n; i++) {
    const info = { x: performance.now(), y: i, z: 0, pitch: 0, yaw: 0, roll: 0 };
    send(JSON.stringify(info));
    await new Promise((r) => setTimeout(r, 1000 / hz));
  }
  await new Promise((r) => setTimeout(r, 300));
  return { delivered: lat.length, expected: n * viewers.length, p50: pct(lat, 50), p99: pct(lat, 99), max: Math.max(...lat) };
}

async function relayCase(viewerCount: number) {
  const app = Fastify();
  await app.register((api) => registerRelay(api), { prefix: '/api' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/tracker/BENCH001`;
  const tracker = new WebSocket(`${base}?role=server`);
  await opened(tracker);
  const viewers = Array.from({ length: viewerCount }, () => new WebSocket(`${base}?role=viewer`));
  await Promise.all(viewers.map(opened));
  await new Promise((r) => setTimeout(r, 100));
  const r = await run(viewers, (info) => tracker.send(`{"from":"SERVER","to":"*","msg":{"type":"data","data":${info}}}`), unwrapRelay);
  for (const s of [tracker, ...viewers]) s.close();
  await app.close();
  return r;
}

async function directCase(viewerCount: number) {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  const url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
  const viewers = Array.from({ length: viewerCount }, () => new WebSocket(url));
  await Promise.all(viewers.map(opened));
  const r = await run(
    viewers,
    (info) => {
      const frame = `{"type":"data","data":${info}}`;
      for (const c of wss.clients) c.send(frame);
    },
    (o) => (o.type === 'data' ? (o.data as { x: number }).x : undefined),
  );
  for (const v of viewers) v.close();
  await new Promise((r) => wss.close(() => r(undefined)));
  return r;
}

const unwrapRelay = (o: Record<string, unknown>) => {
  const m = o.msg as { type?: string; data?: { x: number } } | undefined;
  return m?.type === 'data' ? m.data!.x : undefined;
};

/** A tracker on `trackerOn`, XPROC_VIEWERS viewers on `viewersOn` (each from its own address, as real viewers are). */
async function serverCase(trackerOn: StartedServer, viewersOn: StartedServer, code: string, seconds: number) {
  const ws = (s: StartedServer) => `${s.url.replace('http', 'ws')}/api/v1/tracker/${code}`;
  const tracker = new WebSocket(`${ws(trackerOn)}?role=server`);
  await opened(tracker);
  // The tracker's seat reaches the other process through the database before the viewers ask.
  await new Promise((r) => setTimeout(r, 300));
  const viewers = Array.from(
    { length: XPROC_VIEWERS },
    (_, i) => new WebSocket(`${ws(viewersOn)}?role=viewer`, { headers: { 'x-forwarded-for': `10.0.0.${i + 1}` } }),
  );
  // A viewer is in the room once the relay says welcome (its seat is a database row).
  await Promise.all(
    viewers.map(
      (v) =>
        new Promise<void>((resolve) => {
          const onMessage = (d: WebSocket.RawData) => {
            if ((JSON.parse(d.toString()) as { msg?: { type?: string } }).msg?.type === 'welcome') {
              v.off('message', onMessage);
              resolve();
            }
          };
          v.on('message', onMessage);
        }),
    ),
  );
  const r = await run(
    viewers,
    (info) => tracker.send(`{"from":"SERVER","to":"*","msg":{"type":"data","data":${info}}}`),
    unwrapRelay,
    XPROC_HZ,
    XPROC_HZ * seconds,
  );
  for (const s of [tracker, ...viewers]) s.close();
  return r;
}

const rows: Record<string, unknown>[] = [];
if (ONLY.has('local')) {
  for (const viewers of [1, 16]) {
    const direct = await directCase(viewers);
    const relay = await relayCase(viewers);
    rows.push({ viewers, path: 'direct (local mode)', ...direct });
    rows.push({ viewers, path: 'relay (external mode)', ...relay, p50_ratio_vs_direct: +(relay.p50 / direct.p50).toFixed(2) });
  }
}
if (ONLY.has('xproc')) {
  if (!PG_URL) console.log('xproc skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  else {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query('drop schema public cascade; create schema public;');
    await c.end();
    const env = { DATABASE_URL: PG_URL, SEED_PINS: '300', RATE_LIMIT: '0', LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1,::1' };
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    const seconds = Number(values.seconds);
    const same = await serverCase(a, a, 'XBENCH01', seconds);
    const across = await serverCase(a, b, 'XBENCH02', seconds);
    rows.push({
      viewers: XPROC_VIEWERS,
      path: `tracker and viewers on one process (PostgreSQL), ${XPROC_HZ} Hz`,
      ...same,
      lost: same.expected - same.delivered,
    });
    rows.push({
      viewers: XPROC_VIEWERS,
      path: `tracker on A, viewers on B (LISTEN/NOTIFY), ${XPROC_HZ} Hz`,
      ...across,
      lost: across.expected - across.delivered,
      p99_ratio_vs_one_process: +(across.p99 / same.p99).toFixed(2),
    });
    await Promise.all([a.stop(), b.stop()]);
  }
}
const fmt = (v: unknown) => (typeof v === 'number' && !Number.isInteger(v) ? v.toFixed(3) : String(v));
console.log(
  `local: ${N} positions at ${RATE_HZ} Hz per case; xproc: ${XPROC_HZ} Hz for ${values.seconds} s; latency in ms (send → viewer's message event)`,
);
console.table(rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, fmt(v)]))));
mkdirSync('bench/results', { recursive: true });
writeFileSync(
  'bench/results/tracker-relay.json',
  JSON.stringify({ rateHz: RATE_HZ, positions: N, xprocHz: XPROC_HZ, xprocSeconds: Number(values.seconds), rows }, null, 2),
);
process.exit(0);
