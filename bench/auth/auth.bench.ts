// Cost of sessions on loopback: GET /api/v1/me as a visitor (no token) vs signed in (token verified,
// session liveness cached) vs signed in with a fresh session per request's token (liveness from the
// database), and refresh-token rotations per second. PGlite, and PostgreSQL when a URL is set.
//   npx tsx bench/auth/auth.bench.ts
// Env: BENCH_SECONDS per case (default 5), BENCH_DATABASE_URL or TEST_DATABASE_URL (schema reset!).
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { load, PG_URL, SECONDS, type Load } from '../support/load';

process.env.RATE_LIMIT = '0';
process.env.SESSION_SECRET ??= randomBytes(32).toString('hex');

const { loadConfig } = await import('../../server/config');
const { migrate, openDb } = await import('../../server/db');
const { buildApp } = await import('../../server/app');
const { createSession } = await import('../../server/auth/sessions');

const USERS = 2000;

type Row = { db: string; case: string } & Load;

/** Runs the tasks 8 at a time (a pool of 10 connections must not be exhausted). */
async function inBatches<T>(tasks: (() => Promise<T>)[]): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < tasks.length; i += 8) out.push(...(await Promise.all(tasks.slice(i, i + 8).map((f) => f()))));
  return out;
}

async function benchDb(kind: 'pglite' | 'postgres'): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wuwa-auth-bench-'));
  const db = await openDb({ databaseUrl: kind === 'postgres' ? PG_URL : undefined });
  try {
    if (kind === 'postgres') await db.exec('drop schema public cascade; create schema public;');
    await migrate(db);
    await db.query(`insert into users (nickname) select 'u' || i from generate_series(1, ${USERS}) i`);
    const config = loadConfig(
      { ...process.env, DATA_DIR: dataDir, DATABASE_URL: kind === 'postgres' ? PG_URL : '' },
      { serveClient: false, logLevel: 'warn' },
    );
    const app = await buildApp({ config, db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    const ids = (await db.query<{ id: number }>('select id from users order by id')).rows.map((r) => r.id);
    const one = (await createSession(app, ids[0]!)).cookieHeader.split('; ')[0]!;
    // Many sessions, each used once per cycle: the 5 s liveness cache rarely helps, so this shows the query.
    const many = (await inBatches(ids.map((id) => () => createSession(app, id)))).map((s) => s.cookieHeader.split('; ')[0]!);
    const refresh = await inBatches(Array.from({ length: 15_000 }, () => () => createSession(app, ids[0]!)));
    let i = 0;
    let r = 0;
    const rows: Row[] = [];
    const add = (name: string, m: Load) => rows.push({ db: kind, case: name, ...m });
    add('GET /me visitor', await load(url, () => ({ method: 'GET', path: '/api/v1/me', headers: {} })));
    add('GET /me signed in (cached)', await load(url, () => ({ method: 'GET', path: '/api/v1/me', headers: { cookie: one } })));
    add(
      `GET /me signed in (${USERS} sessions)`,
      await load(url, () => ({ method: 'GET', path: '/api/v1/me', headers: { cookie: many[i++ % many.length]! } })),
    );
    add(
      'POST /auth/refresh (rotation)',
      await load(url, () => ({
        method: 'POST',
        path: '/api/v1/auth/refresh',
        headers: { cookie: `wuwa_rt=${refresh[r++ % refresh.length]!.refreshToken}` },
      })),
    );
    await app.close();
    return rows;
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows = [...(await benchDb('pglite')), ...(PG_URL ? await benchDb('postgres') : [])];
console.table(rows);
const base = (db: string) => rows.find((x) => x.db === db && x.case === 'GET /me visitor')!.rps;
for (const x of rows) console.log(`${x.db.padEnd(8)} ${x.case.padEnd(34)} ${(x.rps / base(x.db)).toFixed(2)}× visitor rps`);
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/auth.json', JSON.stringify({ seconds: SECONDS, connections: 10, rows }, null, 2));
