// Big writes beside other players (issue 23 items 3 and 4): one player loops 50,000-pin batches (every fourth round
// an undo of the last one) while another player marks one pin at a time, on PGlite and on PostgreSQL in one run.
// Reports the other player's check latency beside the quiet figure, the longest main-thread stall (on PGlite every
// query runs on it, so this is the longest hold of the database; the stall watchdog fires at STALL_EXIT_S, default
// 30 s), and the growth of the database's tables and indexes, extrapolated to 10 minutes of looping.
//   npx tsx bench/server/bulk-writes.bench.ts  → bench/results/bulk-writes.json
// Env: BENCH_BULK_S (seconds of looping per database, default 60), BENCH_BULK_PINS (default 50000),
// BENCH_DATABASE_URL or TEST_DATABASE_URL for PostgreSQL (its public schema is dropped and recreated!).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';

process.env.RATE_LIMIT = '0';
process.env.SESSION_SECRET ??= randomBytes(32).toString('hex');

const { loadConfig } = await import('../../server/config');
const { migrate, openDb } = await import('../../server/db');
const { buildApp } = await import('../../server/app');
const { seedWorld } = await import('../../server/seed/seed');
const { createSession } = await import('../../server/auth/sessions');
const { recoverPendingActions } = await import('../../server/repos/checks');

const LOOP_S = Number(process.env.BENCH_BULK_S ?? 60);
const BATCH = Number(process.env.BENCH_BULK_PINS ?? 50_000);
const PG = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MB = (b: number) => +(b / 1e6).toFixed(2);

async function measure(url: string | undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), 'wuwa-bulk-'));
  const db = await openDb({ databaseUrl: url, pgliteDir: url ? undefined : join(dataDir, 'pglite') });
  if (url) await db.exec('drop schema public cascade; create schema public;');
  await migrate(db);
  await recoverPendingActions(db);
  await seedWorld(db, { pins: BATCH + 2000, seed: 23, dataDir });
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: url ?? '' }, { serveClient: false, logLevel: 'warn' });
  const app = await buildApp({ config, db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;
  const [heavy, other] = [
    (await db.query<{ id: number }>("insert into users (nickname) values ('대량') returning id")).rows[0]!.id,
    (await db.query<{ id: number }>("insert into users (nickname) values ('옆사람') returning id")).rows[0]!.id,
  ];
  const cookies = { [heavy]: (await createSession(app, heavy)).cookieHeader, [other]: (await createSession(app, other)).cookieHeader };
  const post = async (user: number, path: string, body?: unknown) => {
    const r = await fetch(base + path, {
      method: 'POST',
      headers: { cookie: cookies[user]!, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await r.json()) as { result: Record<string, unknown> };
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(json)}`);
    return json.result;
  };
  const ids = (await db.query<{ id: number }>('select id from pins order by id limit $1', [BATCH])).rows.map((r) => r.id);
  const lonePin = (await db.query<{ id: number }>('select max(id) as id from pins')).rows[0]!.id;
  /** The other player marks and unmarks one pin, one call at a time, until `until()`; each call's latency. */
  const probe = async (until: () => boolean) => {
    const lat: number[] = [];
    for (let i = 0; !until(); i++) {
      const t0 = performance.now();
      await post(other, `/pin/${lonePin}/check`, { check: i % 2 === 0 });
      lat.push(performance.now() - t0);
      await sleep(20);
    }
    return lat;
  };
  const sizes = async () => {
    const { rows } = await db.query<{ relname: string; bytes: number }>(
      `select c.relname, pg_total_relation_size(c.oid)::bigint as bytes from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'`,
    );
    return new Map(rows.map((r) => [r.relname, Number(r.bytes)]));
  };

  const quietEnd = Date.now() + 5000;
  const quiet = await probe(() => Date.now() > quietEnd);
  const before = await sizes();
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  let done = false;
  const started = Date.now();
  const busy = probe(() => done);
  const rounds: number[] = [];
  let last: number | null = null;
  let half: { at: number; sizes: Map<string, number> } | undefined;
  for (let i = 0; Date.now() - started < LOOP_S * 1000; i++) {
    const t0 = performance.now();
    if (i % 4 === 3 && last != null) await post(heavy, `/me/actions/${last}/undo`);
    else last = (await post(heavy, '/pin/batch-check', { pinIds: ids, check: i % 2 === 0 })).actionId as number;
    rounds.push(performance.now() - t0);
    if (!half && Date.now() - started >= (LOOP_S * 1000) / 2) half = { at: Date.now(), sizes: await sizes() };
  }
  done = true;
  const during = await busy;
  const loopS = (Date.now() - started) / 1000;
  loopDelay.disable();
  const after = await sizes();
  const undoBytes = (
    await db.query<{ n: number }>('select coalesce(sum(undo_bytes), 0)::bigint as n from check_actions where user_id = $1', [heavy])
  ).rows[0]!.n;
  // What one VACUUM of each churned table would hold the database for, and the growth left after it.
  const vacuumMs: Record<string, number> = {};
  for (const table of ['pins', 'profile_checks', 'check_marks', 'check_actions']) {
    const t0 = performance.now();
    await db.exec(`vacuum ${table}`);
    vacuumMs[table] = Math.round(performance.now() - t0);
  }
  const vacuumed = await sizes();
  await app.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });

  const growth = [...after].map(([t, b]) => [t, b - (before.get(t) ?? 0)] as const).filter(([, d]) => d !== 0);
  const total = growth.reduce((s, [, d]) => s + d, 0);
  // The first rounds add the player's own rows (50,000 checks and marks) and a first copy of every updated row; the
  // second half's growth is the steady rate, extrapolated to 10 minutes.
  const endAt = Date.now();
  const steady = half ? [...after].reduce((s, [t, b]) => s + b - (half!.sizes.get(t) ?? 0), 0) : NaN;
  const steadyS = half ? (endAt - half.at) / 1000 : NaN;
  const afterVacuum = [...vacuumed].reduce((s, [t, b]) => s + b - (before.get(t) ?? 0), 0);
  return {
    database: url ? 'PostgreSQL' : 'PGlite',
    loop_s: +loopS.toFixed(1),
    rounds: rounds.length,
    round_p50_ms: Math.round(pct(rounds, 50)),
    quiet_check_p99_ms: +pct(quiet, 99).toFixed(1),
    check_p50_ms: +pct(during, 50).toFixed(1),
    check_p99_ms: +pct(during, 99).toFixed(1),
    check_max_ms: +Math.max(...during).toFixed(1),
    checks: during.length,
    longest_stall_ms: Math.round(loopDelay.max / 1e6),
    growth_mb: MB(total),
    growth_2nd_half_mb: MB(steady),
    growth_10min_mb: MB(total - steady + (steady * (600 - loopS / 2)) / steadyS),
    growth_after_vacuum_mb: MB(afterVacuum),
    vacuum_ms: vacuumMs,
    undo_history_kb: +(Number(undoBytes) / 1000).toFixed(1),
    growth_by_table_mb: Object.fromEntries(growth.sort((a, b) => b[1] - a[1]).map(([t, d]) => [t, MB(d)])),
  };
}

const results = [await measure(undefined)];
if (PG) results.push(await measure(PG));

console.log(`${BATCH.toLocaleString('en')}-pin batch loop (undo every 4th round) for ${LOOP_S} s, beside another player's single checks`);
console.table(results.map(({ growth_by_table_mb: _g, vacuum_ms: _v, ...r }) => r));
for (const r of results) console.log(`${r.database} growth by table (MB):`, r.growth_by_table_mb, 'vacuum (ms):', r.vacuum_ms);
for (const r of results) {
  console.log(
    `${r.database}: other player's check p99 ${r.check_p99_ms} ms (${(r.check_p99_ms / r.quiet_check_p99_ms).toFixed(1)}× quiet; goal < 250 ms), ` +
      `longest stall ${r.longest_stall_ms} ms, growth ${r.growth_10min_mb} MB per 10 min (goal ≤ 50 MB)`,
  );
}

mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/bulk-writes.json', JSON.stringify({ batchPins: BATCH, loopS: LOOP_S, results }, null, 2));
