// Live checks: how long from a mark on one device (POST /api/v1/pin/{id}/check on server process A)
// until another device of the same player learns of it, on server process B (same database):
// pushed over the SSE stream (LISTEN/NOTIFY), against the peer it replaces — a device polling
// GET /api/v1/me/checks every second. Issue 14 asks for < 2 s.
//   npx tsx bench/server/live-checks.bench.ts  → bench/results/live-checks.json
// Env: BENCH_MARKS (default 40), BENCH_DATABASE_URL or TEST_DATABASE_URL for PostgreSQL (its
// public schema is dropped and recreated!; without it PGlite, with both "processes" in this one).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

process.env.RATE_LIMIT = '0';
process.env.SESSION_SECRET ??= randomBytes(32).toString('hex');

const { loadConfig } = await import('../../server/config');
const { migrate, openDb } = await import('../../server/db');
const { buildApp } = await import('../../server/app');
const { seedWorld } = await import('../../server/seed/seed');
const { createSession } = await import('../../server/auth/sessions');

const MARKS = Number(process.env.BENCH_MARKS ?? 40);
const POLL_MS = 1000;
const PG = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dataDir = mkdtempSync(join(tmpdir(), 'wuwa-bench-'));
const dbA = await openDb({ databaseUrl: PG });
if (PG) await dbA.exec('drop schema public cascade; create schema public;');
await migrate(dbA);
await seedWorld(dbA, { pins: 2000, seed: 14, dataDir });
const dbB = PG ? await openDb({ databaseUrl: PG }) : dbA;
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: PG ?? '' }, { serveClient: false, logLevel: 'warn' });
const [a, b] = [await buildApp({ config, db: dbA }), await buildApp({ config, db: dbB })];
const urlOf = async (app: typeof a) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
};
const [urlA, urlB] = [await urlOf(a), await urlOf(b)];
const user = (await dbA.query<{ id: number }>("insert into users (nickname) values ('벤치') returning id")).rows[0]!.id;
const [cookieA, cookieB] = [(await createSession(a, user)).cookieHeader, (await createSession(b, user)).cookieHeader];
const mark = (pin: number, check: boolean) =>
  fetch(`${urlA}/api/v1/pin/${pin}/check`, {
    method: 'POST',
    headers: { cookie: cookieA, 'content-type': 'application/json' },
    body: JSON.stringify({ check }),
  });

// Push: the stream on B; each mark's notice is stamped on arrival.
const arrived = new Map<number, number>();
const ac = new AbortController();
const res = await fetch(`${urlB}/api/v1/events`, { headers: { cookie: cookieB }, signal: ac.signal });
void (async () => {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
    if (done) return;
    for (const m of value.matchAll(/"on":\[(\d+)\]/g)) arrived.set(Number(m[1]), performance.now());
  }
})();
await sleep(300);
const push: number[] = [];
for (let i = 0; i < MARKS; i++) {
  const pin = 100 + i;
  const started = performance.now();
  await mark(pin, true);
  while (!arrived.has(pin) && performance.now() - started < 5000) await sleep(1);
  push.push((arrived.get(pin) ?? Infinity) - started);
}
ac.abort();

// Peer: B polls the whole list every POLL_MS, out of phase with the marks as a real device is.
const poll: number[] = [];
for (let i = 0; i < Math.min(MARKS, 10); i++) {
  const pin = 300 + i;
  await sleep(Math.random() * POLL_MS);
  const started = performance.now();
  await mark(pin, true);
  for (let phase = Math.random() * POLL_MS; ; phase = POLL_MS) {
    await sleep(phase);
    const body = (await (await fetch(`${urlB}/api/v1/me/checks`, { headers: { cookie: cookieB } })).json()) as {
      result: { pinIds: number[] };
    };
    if (body.result.pinIds.includes(pin)) break;
  }
  poll.push(performance.now() - started);
}

await a.close();
await b.close();
if (dbB !== dbA) await dbB.close();
await dbA.close();

const row = (path: string, xs: number[]) => ({
  path,
  samples: xs.length,
  p50_ms: +pct(xs, 50).toFixed(1),
  p99_ms: +pct(xs, 99).toFixed(1),
  max_ms: +Math.max(...xs).toFixed(1),
});
const rows = [row('push (SSE, LISTEN/NOTIFY)', push), row(`poll every ${POLL_MS} ms`, poll)];
const ratio = +(rows[1]!.p50_ms / rows[0]!.p50_ms).toFixed(1);
console.log(`database: ${PG ? 'PostgreSQL (two connections, as two processes)' : 'PGlite (one process)'}; latency mark → other device`);
console.table(rows);
console.log(`poll p50 / push p50 = ${ratio}×; push under 2 s: ${rows[0]!.max_ms < 2000}`);
mkdirSync('bench/results', { recursive: true });
writeFileSync(
  'bench/results/live-checks.json',
  JSON.stringify({ database: PG ? 'postgres' : 'pglite', rows, pollOverPushP50: ratio }, null, 2),
);
