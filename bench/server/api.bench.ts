// API throughput on loopback: requests/s and latency of pins-proto (largest category), a single
// check, a 5,000-pin batch check and a comment page, on PGlite and on PostgreSQL.
//   npx tsx bench/server/api.bench.ts
// Env: BENCH_PINS (default 60000), BENCH_SECONDS per case (default 5), BENCH_DATABASE_URL or
// TEST_DATABASE_URL for PostgreSQL (its public schema is dropped and recreated!; skipped if unset).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { load, PG_URL, SECONDS, type Load, type RequestSetup } from '../support/load';
import alea from 'alea';

process.env.RATE_LIMIT = '0';
process.env.SESSION_SECRET ??= randomBytes(32).toString('hex');

const { loadConfig } = await import('../../server/config');
const { migrate, openDb } = await import('../../server/db');
const { buildApp } = await import('../../server/app');
const { seedWorld } = await import('../../server/seed/seed');
const { createSession } = await import('../../server/auth/sessions');

const PINS = Number(process.env.BENCH_PINS ?? 60_000);

type Row = { db: string; case: string; connections: number } & Load;

async function run(url: string, name: string, connections: number, next: () => RequestSetup): Promise<Omit<Row, 'db'>> {
  return { case: name, connections, ...(await load(url, next, connections)) };
}

async function benchDb(kind: 'pglite' | 'postgres'): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wuwa-bench-'));
  const db = await openDb({ databaseUrl: kind === 'postgres' ? PG_URL : undefined });
  try {
    if (kind === 'postgres') await db.exec('drop schema public cascade; create schema public;');
    await migrate(db);
    const seeded = await seedWorld(db, { pins: PINS, seed: 20261121, dataDir });
    console.log(`${kind}: seeded ${seeded.pins} pins in ${seeded.ms} ms`);
    const config = loadConfig(
      { ...process.env, DATA_DIR: dataDir, DATABASE_URL: kind === 'postgres' ? PG_URL : '' },
      { serveClient: false, logLevel: 'warn' },
    );
    const app = await buildApp({ config, db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    const users = (await db.query<{ id: number }>('select id from users order by id')).rows.map((r) => r.id);
    const cookies = await Promise.all(users.map(async (u) => (await createSession(app, u)).cookieHeader));
    const largest = (
      await db.query<{ category_id: number; n: number }>(
        'select category_id, count(*)::int as n from pins group by 1 order by 2 desc limit 1',
      )
    ).rows[0]!;
    const hot = (
      await db.query<{ pin_id: number; n: number }>('select pin_id, count(*)::int as n from comments group by 1 order by 2 desc limit 1')
    ).rows[0]!;
    const rng = alea('bench');
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rng() * xs.length)]!;
    const json = { 'content-type': 'application/json' };
    const rows: Row[] = [];
    const add = (r: Omit<Row, 'db'>) => {
      rows.push({ db: kind, ...r });
      console.log(`${kind} ${r.case}: ${r.rps} req/s, p99 ${r.p99} ms (${r.non2xx} non-2xx, ${r.errors} errors)`);
    };

    add(
      await run(url, `pins-proto (category ${largest.category_id}, ${largest.n} pins)`, 10, () => ({
        method: 'GET',
        path: `/api/v1/category/${largest.category_id}/pins-proto`,
        headers: { accept: 'application/x-protobuf' },
      })),
    );
    // What a browser asks for: the brotli body, compressed once and kept.
    add(
      await run(url, `pins-proto, brotli (category ${largest.category_id})`, 10, () => ({
        method: 'GET',
        path: `/api/v1/category/${largest.category_id}/pins-proto`,
        headers: { accept: 'application/x-protobuf', 'accept-encoding': 'gzip, deflate, br' },
      })),
    );
    add(
      await run(url, 'single check (random user and pin)', 10, () => ({
        method: 'POST',
        path: `/api/v1/pin/${1 + Math.floor(rng() * PINS)}/check`,
        headers: { ...json, cookie: pick(cookies) },
        body: JSON.stringify({ check: rng() < 0.5 }),
      })),
    );
    const batches = Array.from({ length: 8 }, () => {
      const ids = new Set<number>();
      while (ids.size < 5000) ids.add(1 + Math.floor(rng() * PINS));
      return [...ids];
    });
    add(
      await run(url, 'batch check (5,000 pins)', 4, () => ({
        method: 'POST',
        path: '/api/v1/pin/batch-check',
        headers: { ...json, cookie: pick(cookies) },
        body: JSON.stringify({ pinIds: pick(batches), check: rng() < 0.5 }),
      })),
    );
    add(
      await run(url, `comment page (pin ${hot.pin_id}, ${hot.n} comments, n=10)`, 10, () => ({
        method: 'GET',
        path: `/api/v1/pin/${hot.pin_id}/comment?n=10&page=0`,
        headers: { cookie: pick(cookies) },
      })),
    );
    await app.close();
    return rows;
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows: Row[] = [...(await benchDb('pglite'))];
if (PG_URL) rows.push(...(await benchDb('postgres')));
else console.log('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it.');

console.log(`\n${SECONDS} s per case, ${PINS} pins, loopback, autocannon`);
console.table(
  rows.map((r) => ({
    db: r.db,
    case: r.case,
    conns: r.connections,
    'req/s': r.rps,
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'non-2xx': r.non2xx,
  })),
);
for (const name of new Set(rows.map((r) => r.case.split(' (')[0]))) {
  const a = rows.find((r) => r.db === 'pglite' && r.case.startsWith(name!));
  const b = rows.find((r) => r.db === 'postgres' && r.case.startsWith(name!));
  if (a && b) console.log(`${name}: PostgreSQL / PGlite throughput ratio ${(b.rps / Math.max(1, a.rps)).toFixed(2)}`);
}
mkdirSync('bench/results', { recursive: true });
writeFileSync(
  'bench/results/server-api.json',
  JSON.stringify({ pins: PINS, seconds: SECONDS, date: new Date().toISOString(), rows }, null, 2),
);
console.log('wrote bench/results/server-api.json');
process.exit(0);
