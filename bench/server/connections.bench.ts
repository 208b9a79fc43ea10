// Issue 23, item 1: one address holds 20,000 connections (half of them asking for event streams, each one dialled
// again a second after the server closes it) against the real server (`tsx server/main.ts`); other players on other
// addresses (127.0.0.2…) load a page's first call on fresh connections. Their p99 beside the flood over their p99
// quiet, on the same server in the same run; the process must never exit. PGlite with this machine's open-file limit
// and under the common 1,024, and PostgreSQL beside them when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (its
// public schema is dropped and recreated!).
//   npm run bench -- connections   → bench/results/connections.json
// The flood runs under `nice -n 19`: on loopback the attacker's processor is the server's, in the field it is not.
// Env: FLOOD_CONNECTIONS (default 20000), BENCH_SECONDS per phase (default 5), FLOOD_PLAYERS (default 16).
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServer, type StartedServer } from '../../tests/support/server';
import { SECONDS, PG_URL } from '../support/load';

const FLOOD = Number(process.env.FLOOD_CONNECTIONS ?? 20_000);
const PLAYERS = Number(process.env.FLOOD_PLAYERS ?? 16);
/** Connections per flood process: each has its own open-file limit (this machine's may be 20,000 in all). */
const PER_PROCESS = 10_000;
const root = fileURLToPath(new URL('../..', import.meta.url));

interface FloodStats {
  dialled: number;
  open: number;
  streams: number;
  refused429: number;
  refused503: number;
  otherStatus: number;
  errors: number;
}

/** One GET on a fresh connection from `from`; its milliseconds, or -1 when it failed or was not a 200. */
function timedGet(port: number, path: string, from: string): Promise<number> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, localAddress: from, agent: false, headers: { connection: 'close' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - t0 : -1));
    });
    req.setTimeout(20_000, () => req.destroy());
    req.on('error', () => resolve(-1));
    req.end();
  });
}

/** PLAYERS players, each on its own address, one request after another for SECONDS. */
async function players(port: number): Promise<{ requests: number; failed: number; p50: number; p99: number }> {
  const times: number[] = [];
  let failed = 0;
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: PLAYERS }, async (_, i) => {
      const from = `127.0.0.${2 + i}`;
      while (Date.now() < until) {
        const ms = await timedGet(port, '/api/v1/category/groups', from);
        if (ms < 0) failed++;
        else times.push(ms);
      }
    }),
  );
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round((times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN) * 10) / 10;
  return { requests: times.length + failed, failed, p50: at(0.5), p99: at(0.99) };
}

/** Starts the flood processes and resolves once every connection was dialled. */
async function flood(port: number): Promise<{ stop: () => Promise<FloodStats> }> {
  const children: { child: ChildProcess; last: FloodStats | null }[] = [];
  for (let left = FLOOD; left > 0; left -= PER_PROCESS) {
    // nice 19: on loopback the attacker's processor is the server's; in the field it is the attacker's own.
    const child = spawn(
      'nice',
      ['-n', '19', process.execPath, '--import', 'tsx', 'bench/support/flood.ts', String(port), String(Math.min(PER_PROCESS, left))],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const entry = { child, last: null as FloodStats | null };
    let buf = '';
    child.stdout!.on('data', (b) => {
      buf += String(b);
      const lines = buf.split('\n');
      buf = lines.pop()!;
      for (const l of lines) if (l.startsWith('{')) entry.last = JSON.parse(l) as FloodStats;
    });
    children.push(entry);
  }
  const sum = (): FloodStats => {
    const s: FloodStats = { dialled: 0, open: 0, streams: 0, refused429: 0, refused503: 0, otherStatus: 0, errors: 0 };
    for (const c of children) for (const k of Object.keys(s) as (keyof FloodStats)[]) s[k] += c.last?.[k] ?? 0;
    return s;
  };
  const deadline = Date.now() + 60_000;
  while (sum().dialled < FLOOD && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  // Let the refusals and re-dials settle into their steady churn.
  await new Promise((r) => setTimeout(r, 2_000));
  return {
    stop: async () => {
      const final = sum();
      await Promise.all(
        children.map(
          (c) =>
            new Promise<void>((r) => {
              c.child.once('exit', () => r());
              c.child.kill('SIGTERM');
            }),
        ),
      );
      return final;
    },
  };
}

/** The server's own count of connections (/metrics, answered on loopback). */
async function serverConnections(port: number): Promise<Record<string, number>> {
  const text = await new Promise<string>((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/metrics', localAddress: '127.0.0.250', agent: false }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve(body));
    });
    req.on('error', () => resolve(''));
    req.end();
  });
  const out: Record<string, number> = {};
  for (const m of text.matchAll(/^http_connections\{kind="(\w+)"\} (\d+)/gm)) out[m[1]!] = Number(m[2]);
  const fds = /^process_open_fds (\d+)/m.exec(text);
  const max = /^process_max_fds (\d+)/m.exec(text);
  if (fds) out.open_fds = Number(fds[1]);
  if (max) out.max_fds = Number(max[1]);
  return out;
}

interface Row {
  case: string;
  quiet: Awaited<ReturnType<typeof players>>;
  flooded: Awaited<ReturnType<typeof players>>;
  p99Ratio: number;
  flood: FloodStats;
  server: Record<string, number>;
  exited: boolean;
  readyAfter: number;
}

async function measure(name: string, env: Record<string, string>, under?: string[]): Promise<Row> {
  let s: StartedServer | undefined;
  try {
    s = await startServer({ SEED_PINS: '2000', SERVE_CLIENT: '0', LOG_LEVEL: 'error', RATE_LIMIT: '0', ...env }, { wrap: under });
    let exited = false;
    void s.exited.then(() => (exited = true));
    await players(s.port); // warm-up
    const quiet = await players(s.port);
    const f = await flood(s.port);
    const server = await serverConnections(s.port);
    const flooded = await players(s.port);
    const stats = await f.stop();
    const readyAfter = await timedGet(s.port, '/readyz', '127.0.0.2');
    const row: Row = {
      case: name,
      quiet,
      flooded,
      p99Ratio: Math.round((flooded.p99 / quiet.p99) * 100) / 100,
      flood: stats,
      server,
      exited,
      readyAfter: readyAfter < 0 ? -1 : 200,
    };
    console.log(
      `${name}: quiet p50 ${quiet.p50} ms p99 ${quiet.p99} ms | ${FLOOD.toLocaleString('en')} connections from one address: ` +
        `p50 ${flooded.p50} ms p99 ${flooded.p99} ms (${row.p99Ratio}× quiet), ${flooded.failed}/${flooded.requests} failed | ` +
        `server held ${server.open ?? '?'} connections (${server.open_fds ?? '?'}/${server.max_fds ?? '?'} files), refused ${server.refused_per_ip ?? '?'} ×429 ` +
        `${server.refused_total ?? '?'} ×503 | exited: ${exited ? 'YES' : 'no'}, /readyz after: ${row.readyAfter}`,
    );
    return row;
  } finally {
    await s?.stop();
  }
}

const rows: Row[] = [];
rows.push(await measure('pglite', { DATABASE_URL: '' }));
rows.push(await measure('pglite, 1,024 open files', { DATABASE_URL: '', OPEN_FILES_LIMIT: '0' }, ['prlimit', '--nofile=1024:1024']));
if (PG_URL) {
  const { openDb } = await import('../../server/db');
  const db = await openDb({ databaseUrl: PG_URL });
  await db.exec('drop schema public cascade; create schema public;');
  await db.close();
  rows.push(await measure('postgres', { DATABASE_URL: PG_URL }));
} else console.log('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it.');

writeFileSync(
  new URL('../results/connections.json', import.meta.url),
  JSON.stringify({ flood: FLOOD, players: PLAYERS, seconds: SECONDS, goal: 'p99Ratio ≤ 2, no exit', rows }, null, 2),
);
const worst = Math.max(...rows.map((r) => r.p99Ratio));
const exits = rows.filter((r) => r.exited).length;
console.log(`worst p99 ratio ${worst}× (goal ≤ 2×), process exits ${exits} (goal 0)`);
if (exits > 0) process.exit(1);
