// Issue 23, item 2: PostgreSQL restarts under load. 200 players mark pins (98 % single checks, 2 % 200-pin batches,
// each pin once per player) on real server processes while a throwaway PostgreSQL cluster (bench/support/pg-cluster.ts,
// never a shared one) is restarted 5 times: fast shutdown, DOWN_MS with no database, start. Reported, on 1 process and
// on 2 (WORKERS=2, the real supervisor): process exits, acknowledged writes lost (a 200 whose pins are not checked
// afterwards), answers by status (503 expected while down; a 500 or a client timeout is a failure), how long after the
// database was back /readyz said ready on every process, and p99 latency. Goal: 0 exits, 0 lost, back within 5 s.
//   npx tsx bench/server/outage.bench.ts [--seconds 40] [--players 200] [--restarts 5] [--down-ms 1000] [--only pg1,pg2]
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startServer, type StartedServer } from '../../tests/support/server';
import { signInOver, type HttpSession } from '../../server/scale/http-session';
import { startPgCluster } from '../support/pg-cluster';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '40' },
    players: { type: 'string', default: '200' },
    restarts: { type: 'string', default: '5' },
    'down-ms': { type: 'string', default: '1000' },
    only: { type: 'string', default: 'pg1,pg2' },
  },
});
const SECONDS = Number(values.seconds);
const PLAYERS = Number(values.players);
const RESTARTS = Number(values.restarts);
const DOWN_MS = Number(values['down-ms']);
const ONLY = new Set(values.only!.split(','));
const PINS = 30_000;
/** A request not answered in this long counts as a hang. */
const TIMEOUT_MS = 15_000;
const env = { SEED_PINS: String(PINS), RATE_LIMIT: '0', LOG_LEVEL: 'error' };

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor(p * s.length))]!) : 0;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function post(base: string, s: HttpSession, path: string, body: unknown): Promise<number> {
  const r = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: s.cookie },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await r.arrayBuffer();
  return r.status;
}

/**
 * Asks /readyz until `times` answers in a row are 200 (with 2 processes, answers alternate between them); the ms
 * that took, or null when it never happened in 30 s.
 */
async function readyAgain(base: string, times: number, since: number): Promise<number | null> {
  let inRow = 0;
  while (inRow < times) {
    if (Date.now() - since > 30_000) return null;
    const ok = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.status === 200)
      .catch(() => false);
    inRow = ok ? inRow + 1 : 0;
    if (!ok) await sleep(20);
  }
  return Date.now() - since;
}

const rows: unknown[] = [];
const cluster = await startPgCluster();
if (!cluster) {
  console.log('outage bench skipped: no PostgreSQL binaries (initdb, pg_ctl), or root without a postgres user');
  process.exit(0);
}
try {
  for (const n of [1, 2]) {
    if (!ONLY.has(`pg${n}`)) continue;
    const reset = new pg.Client({ connectionString: cluster.url });
    await reset.connect();
    await reset.query('drop schema public cascade; create schema public;');
    await reset.end();
    const server: StartedServer = await startServer(
      { ...env, DATABASE_URL: cluster.url, WORKERS: String(n) },
      { script: 'bench/support/cluster-entry.ts' },
    );
    const base = server.url;
    let exited = false;
    void server.exited.then(() => (exited = true));
    const players: HttpSession[] = [];
    for (let i = 0; i < PLAYERS; i += 20)
      players.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(20, PLAYERS - i) }, (_, k) => signInOver(base, `o${i + k}@bench.example`, `정전${i + k}`)),
        )),
      );

    const acked = players.map(() => new Set<number>());
    const statuses: Record<string, number> = {};
    const lat: number[] = [];
    let stop = false;
    const load = players.map(async (s, i) => {
      // Each player marks the pins in its own order, each once: a 200 means every pin of it is checked for good.
      const order = Array.from({ length: PINS }, (_, k) => k + 1);
      for (let k = PINS - 1; k > 0; k--) {
        const j = Math.floor(Math.random() * (k + 1));
        [order[k], order[j]] = [order[j]!, order[k]!];
      }
      let next = 0;
      while (!stop && next < PINS) {
        const batch = Math.random() < 0.02;
        const pins = order.slice(next, (next += batch ? 200 : 1));
        const t0 = performance.now();
        let status: string;
        try {
          const code = batch
            ? await post(base, s, '/api/v1/pin/batch-check', { pinIds: pins, check: true })
            : await post(base, s, `/api/v1/pin/${pins[0]}/check`, { check: true });
          status = String(code);
          if (code === 200) for (const p of pins) acked[i]!.add(p);
        } catch (e) {
          status = (e as Error).name;
        }
        statuses[status] = (statuses[status] ?? 0) + 1;
        lat.push(performance.now() - t0);
        // A player told to try again shortly does so, as the app does (it probes with backoff from 1 s).
        if (status !== '200') await sleep(1000);
      }
    });

    const gap = (SECONDS * 1000) / (RESTARTS + 1);
    const restarts: { outageMs: number; readyAfterMs: number | null }[] = [];
    for (let r = 0; r < RESTARTS; r++) {
      await sleep(gap);
      const t0 = Date.now();
      await cluster.restart(DOWN_MS);
      const back = Date.now();
      restarts.push({ outageMs: back - t0, readyAfterMs: await readyAgain(base, 2 * n, back) });
    }
    await sleep(gap);
    stop = true;
    await Promise.all(load);

    // Every acknowledged pin must be checked; also the counters must agree with the rows.
    const c = new pg.Client({ connectionString: cluster.url });
    await c.connect();
    const checked = new Map<string, Set<number>>();
    for (const row of (
      await c.query<{ email: string; pin_id: number }>('select u.email, c.pin_id from checks c join users u on u.id = c.user_id')
    ).rows) {
      let set = checked.get(row.email);
      if (!set) checked.set(row.email, (set = new Set()));
      set.add(Number(row.pin_id));
    }
    const counts = (
      await c.query<{ sum: number; rows: number }>(
        'select (select coalesce(sum(total_checks),0)::int from pins) as sum, (select count(*)::int from checks) as rows',
      )
    ).rows[0]!;
    await c.end();
    let lost = 0;
    let ackedPins = 0;
    acked.forEach((pins, i) => {
      const have = checked.get(`o${i}@bench.example`) ?? new Set<number>();
      ackedPins += pins.size;
      for (const p of pins) if (!have.has(p)) lost++;
    });
    const out = server.output();
    const processExits = (exited ? 1 : 0) + (out.match(/Worker \d+ exited/g) ?? []).length;
    await server.stop();
    const row = {
      case: `PostgreSQL restarted ${RESTARTS}× under ${PLAYERS} players, ${n} process${n > 1 ? 'es' : ''}`,
      processes: n,
      players: PLAYERS,
      seconds: SECONDS,
      downMs: DOWN_MS,
      processExits,
      requests: lat.length,
      statuses,
      ackedPins,
      lost,
      totalChecksMatchRows: counts.sum === counts.rows,
      outageMs: restarts.map((r) => r.outageMs),
      readyAfterMs: restarts.map((r) => r.readyAfterMs),
      readyAfterMaxMs: restarts.some((r) => r.readyAfterMs === null) ? null : Math.max(...restarts.map((r) => r.readyAfterMs!)),
      p50: pct(lat, 0.5),
      p99: pct(lat, 0.99),
    };
    console.log(JSON.stringify(row));
    rows.push(row);
  }
} finally {
  cluster.remove();
}
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/server-outage.json', JSON.stringify({ date: new Date().toISOString(), rows }, null, 2));
console.log('wrote bench/results/server-outage.json');
process.exit(0);
