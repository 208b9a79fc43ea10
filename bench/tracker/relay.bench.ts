// Relay latency: a tracker's `data` packet to every viewer of its code, through the real relay
// plugin, against the peer it replaces — a direct local-mode WebSocket (tracker → browser).
// Run: npx tsx bench/tracker/relay.bench.ts  → bench/results/tracker-relay.json
import Fastify from 'fastify';
import WebSocket, { WebSocketServer } from 'ws';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { registerRelay } from '../../server/relay/plugin';

const RATE_HZ = 100;
const SECONDS = 3;
const N = RATE_HZ * SECONDS;

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

const opened = (ws: WebSocket) => new Promise<void>((r) => ws.once('open', () => r()));

/** Sends N stamped positions at RATE_HZ through `send`; viewers report each arrival. */
async function run(viewers: WebSocket[], send: (text: string) => void, unwrap: (o: Record<string, unknown>) => number | undefined) {
  const lat: number[] = [];
  for (const v of viewers) {
    v.on('message', (d) => {
      const t = unwrap(JSON.parse(d.toString()) as Record<string, unknown>);
      if (t !== undefined) lat.push(performance.now() - t);
    });
  }
  for (let i = 0; i < N; i++) {
    const info = { x: performance.now(), y: i, z: 0, pitch: 0, yaw: 0, roll: 0 };
    send(JSON.stringify(info));
    await new Promise((r) => setTimeout(r, 1000 / RATE_HZ));
  }
  await new Promise((r) => setTimeout(r, 300));
  return { delivered: lat.length, expected: N * viewers.length, p50: pct(lat, 50), p99: pct(lat, 99), max: Math.max(...lat) };
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
  const r = await run(viewers, (info) => tracker.send(`{"from":"SERVER","to":"*","msg":{"type":"data","data":${info}}}`), (o) => {
    const m = o.msg as { type?: string; data?: { x: number } } | undefined;
    return m?.type === 'data' ? m.data!.x : undefined;
  });
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
  const r = await run(viewers, (info) => {
    const frame = `{"type":"data","data":${info}}`;
    for (const c of wss.clients) c.send(frame);
  }, (o) => (o.type === 'data' ? (o.data as { x: number }).x : undefined));
  for (const v of viewers) v.close();
  await new Promise((r) => wss.close(() => r(undefined)));
  return r;
}

const rows: Record<string, unknown>[] = [];
for (const viewers of [1, 16]) {
  const direct = await directCase(viewers);
  const relay = await relayCase(viewers);
  rows.push({ viewers, path: 'direct (local mode)', ...direct });
  rows.push({ viewers, path: 'relay (external mode)', ...relay, p50_ratio_vs_direct: +(relay.p50 / direct.p50).toFixed(2) });
}
const fmt = (v: unknown) => (typeof v === 'number' && !Number.isInteger(v) ? v.toFixed(3) : String(v));
console.log(`${N} positions at ${RATE_HZ} Hz per case; latency in ms (send → viewer's message event)`);
console.table(rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, fmt(v)]))));
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/tracker-relay.json', JSON.stringify({ rateHz: RATE_HZ, positions: N, rows }, null, 2));
