// Issue 11's figures on real server processes (`npm start`'s server/main.ts):
//  (a) collectors: C concurrent players for S seconds, 98 % single checks and 2 % 200-pin batches, on the embedded
//      default, on PostgreSQL with 1 process and with 2 processes: req/s, p50/p99, errors, and the sum of
//      total_checks against the count of check rows afterwards;
//  (b) victim: one player's single-check p50 while another loops 20,000-pin batches (embedded default; victim-pg:
//      the same on PostgreSQL).
//   npx tsx bench/server/scale.bench.ts [--seconds 30] [--collectors 200] [--only pglite,pg1,pg2,victim,victim-pg]
// PostgreSQL cases need BENCH_DATABASE_URL or TEST_DATABASE_URL (its public schema is dropped and recreated!).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startServer, type StartedServer } from '../../tests/support/server';
import { signInOver, type HttpSession } from '../../server/scale/http-session';
import { PG_URL } from '../support/load';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    collectors: { type: 'string', default: '200' },
    only: { type: 'string', default: 'pglite,pg1,pg2,victim,victim-pg' },
  },
});
const SECONDS = Number(values.seconds);
const COLLECTORS = Number(values.collectors);
const ONLY = new Set(values.only!.split(','));
const PINS = 30_000;
const env = { SEED_PINS: String(PINS), RATE_LIMIT: '0', LOG_LEVEL: 'warn' };

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor(p * s.length))]!) : 0;
};

async function post(base: string, s: HttpSession, path: string, body: unknown, timeoutMs = 30_000): Promise<number> {
  const r = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: s.cookie },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  await r.arrayBuffer();
  return r.status;
}

async function sessions(bases: string[], n: number): Promise<HttpSession[]> {
  const out: HttpSession[] = [];
  for (let i = 0; i < n; i += 20)
    out.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(20, n - i) }, (_, k) =>
          signInOver(bases[(i + k) % bases.length]!, `c${i + k}@bench.example`, `수집가${i + k}`),
        ),
      )),
    );
  return out;
}

async function collectors(name: string, servers: StartedServer[], countRows: () => Promise<{ sum: number; rows: number }>) {
  const bases = servers.map((s) => s.url);
  const players = await sessions(bases, COLLECTORS);
  const lat: number[] = [];
  const batchLat: number[] = [];
  let errors = 0;
  // What went wrong, by status (or the exception's name: a 30 s client timeout is a TimeoutError).
  const why: Record<string, number> = {};
  const end = Date.now() + SECONDS * 1000;
  const runStart = performance.now();
  await Promise.all(
    players.map(async (s, i) => {
      const base = bases[i % bases.length]!;
      while (Date.now() < end) {
        const t0 = performance.now();
        const batch = Math.random() < 0.02;
        try {
          const status = batch
            ? await post(base, s, '/api/v1/pin/batch-check', {
                pinIds: Array.from({ length: 200 }, () => 1 + Math.floor(Math.random() * PINS)),
                check: Math.random() < 0.7,
              })
            : await post(base, s, `/api/v1/pin/${1 + Math.floor(Math.random() * PINS)}/check`, { check: Math.random() < 0.7 });
          if (status !== 200) {
            errors++;
            why[`${batch ? 'batch' : 'check'} ${status}`] = (why[`${batch ? 'batch' : 'check'} ${status}`] ?? 0) + 1;
          }
        } catch (e) {
          errors++;
          why[(e as Error).name] = (why[(e as Error).name] ?? 0) + 1;
        }
        lat.push(performance.now() - t0);
        if (batch) batchLat.push(performance.now() - t0);
        if (process.env.BENCH_SLOW && performance.now() - t0 > 5000)
          console.error(
            `slow ${batch ? 'batch' : 'check'} started at +${((t0 - runStart) / 1000).toFixed(1)} s took ${((performance.now() - t0) / 1000).toFixed(1)} s`,
          );
      }
    }),
  );
  const { sum, rows } = await countRows();
  const row = {
    case: name,
    processes: servers.length,
    collectors: COLLECTORS,
    seconds: SECONDS,
    rps: Math.round(lat.length / SECONDS),
    p50: pct(lat, 0.5),
    p99: pct(lat, 0.99),
    batchP50: pct(batchLat, 0.5),
    batchP99: pct(batchLat, 0.99),
    errors,
    ...(errors ? { why } : {}),
    totalChecks: sum,
    checkRows: rows,
    exact: sum === rows,
  };
  console.log(JSON.stringify(row));
  return row;
}

async function viaHttp(s: StartedServer): Promise<{ sum: number; rows: number }> {
  // The embedded database is private to its process: read the counts after it stopped, through PGlite.
  await s.stop({ keepData: true });
  const { openDb } = await import('../../server/db');
  const db = await openDb({ pgliteDir: join(s.dataDir, 'pglite') });
  const r = (
    await db.query<{ sum: number; rows: number }>(
      'select (select coalesce(sum(total_checks),0)::int from pins) as sum, (select count(*)::int from checks) as rows',
    )
  ).rows[0]!;
  await db.close();
  return r;
}

async function viaPg(): Promise<{ sum: number; rows: number }> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  const r = (
    await c.query<{ sum: number; rows: number }>(
      'select (select coalesce(sum(total_checks),0)::int from pins) as sum, (select count(*)::int from checks) as rows',
    )
  ).rows[0]!;
  await c.end();
  return r;
}

async function resetPg() {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  await c.query('drop schema public cascade; create schema public;');
  await c.end();
}

const rows: unknown[] = [];
if (ONLY.has('pglite')) {
  const s = await startServer({ ...env, DATABASE_URL: '' });
  rows.push(await collectors('embedded (PGlite)', [s], () => viaHttp(s)));
  await s.stop();
}
for (const n of [1, 2]) {
  if (!ONLY.has(`pg${n}`)) continue;
  if (!PG_URL) {
    console.log(`pg${n} skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL`);
    continue;
  }
  await resetPg();
  const servers = await Promise.all(Array.from({ length: n }, () => startServer({ ...env, DATABASE_URL: PG_URL })));
  rows.push(await collectors(`PostgreSQL, ${n} process${n > 1 ? 'es' : ''}`, servers, viaPg));
  await Promise.all(servers.map((s) => s.stop()));
}
async function victim(name: string, dbEnv: Record<string, string>) {
  const s = await startServer({ ...env, ...dbEnv });
  const [heavy, victim] = await sessions([s.url], 2);
  const ids = Array.from({ length: 20_000 }, (_, i) => i + 1);
  let stop = false;
  let batches = 0;
  const batchLat: number[] = [];
  const loop = (async () => {
    while (!stop) {
      const t0 = performance.now();
      await post(s.url, heavy!, '/api/v1/pin/batch-check', { pinIds: ids, check: batches++ % 2 === 0 }, 120_000);
      batchLat.push(performance.now() - t0);
    }
  })();
  const alone: number[] = [];
  const lat: number[] = [];
  const end = Date.now() + SECONDS * 1000;
  while (Date.now() < end) {
    const t0 = performance.now();
    await post(s.url, victim!, `/api/v1/pin/${20_001 + Math.floor(Math.random() * 9_000)}/check`, { check: Math.random() < 0.5 });
    lat.push(performance.now() - t0);
  }
  stop = true;
  await loop;
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    await post(s.url, victim!, `/api/v1/pin/${20_001 + i}/check`, { check: true });
    alone.push(performance.now() - t0);
  }
  const row = {
    case: `victim single check while another loops 20,000-pin batches (${name})`,
    seconds: SECONDS,
    victimChecks: lat.length,
    batches: batchLat.length,
    batchP50: pct(batchLat, 0.5),
    p50: pct(lat, 0.5),
    p99: pct(lat, 0.99),
    max: Math.round(Math.max(...lat)),
    aloneP50: pct(alone, 0.5),
    ratio: +(pct(lat, 0.5) / Math.max(1, pct(alone, 0.5))).toFixed(2),
  };
  console.log(JSON.stringify(row));
  rows.push(row);
  await s.stop();
}
if (ONLY.has('victim')) await victim('PGlite', { DATABASE_URL: '' });
if (ONLY.has('victim-pg')) {
  if (!PG_URL) console.log('victim-pg skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  else {
    await resetPg();
    await victim('PostgreSQL', { DATABASE_URL: PG_URL });
  }
}
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/server-scale.json', JSON.stringify({ date: new Date().toISOString(), rows }, null, 2));
console.log('wrote bench/results/server-scale.json');
process.exit(0);
