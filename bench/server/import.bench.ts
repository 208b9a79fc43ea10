// What an operator's loop costs (issue 20: "say what the import costs (time, memory) for the fixture"). The realistic
// fixture (tools/world-fixture.ts --core: 512 categories, 22,142 pins) goes through `npm run import` as an operator runs
// it, each step its own process: into an empty world, the same file again (no change), a dry run of an edited file
// (1 % of pins moved, 2 % re-described), the edited file. Per step: the import's own time and the process's peak
// memory as the command prints them, and the step's time against the first load (the peer).
//   npx tsx bench/server/import.bench.ts  → bench/results/import.json
// Env: BENCH_DATABASE_URL or TEST_DATABASE_URL adds PostgreSQL (its public schema is dropped and recreated!).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PG_URL } from '../support/load';

const { FULL_SHAPE, writeWorld } = await import('../../tools/world-fixture');
const { openDb } = await import('../../server/db');

interface Step {
  db: string;
  step: string;
  importMs: number;
  peakMiB: number;
  ratioToFirst: number;
  summary: string;
}

const dir = mkdtempSync(join(tmpdir(), 'wuwa-import-bench-'));
const file = await writeWorld(dir, FULL_SHAPE, true);
const world = JSON.parse(readFileSync(file, 'utf8')) as {
  categoryGroups: { categories: { pins: { x: number; description?: string }[] }[] }[];
};
world.categoryGroups
  .flatMap((g) => g.categories.flatMap((c) => c.pins))
  .forEach((p, i) => {
    if (i % 100 === 0) p.x += 3;
    if (i % 50 === 1) p.description = `${p.description ?? ''} (수정)`;
  });
const edited = join(dir, 'world-edited.json');
writeFileSync(edited, JSON.stringify(world));

function run(env: Record<string, string>, args: string[]): { ms: number; mib: number; out: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  const m = /\((\d+) ms, 최대 메모리 (\d+) MiB/.exec(r.stdout);
  return { ms: Number(m?.[1] ?? NaN), mib: Number(m?.[2] ?? NaN), out: r.stdout };
}

const rows: Step[] = [];
async function loop(name: string, env: Record<string, string>) {
  // The database is made first (PGlite's initdb alone peaks near 1 GiB), so the steps measure the import only.
  run(env, ['server/seed/clear-cli.ts', '--demo', '--dry-run']);
  const steps: [string, string[]][] = [
    ['first load into an empty world', [file]],
    ['same file again', [file]],
    ['edited file, dry run', [edited, '--dry-run']],
    ['edited file', [edited]],
  ];
  let first = 0;
  for (const [step, args] of steps) {
    const r = run(env, ['server/import/cli.ts', ...args]);
    first ||= r.ms;
    const summary = r.out
      .split('\n')
      .filter((l) => /^(추가|변경|추가할|바꿀)/.test(l))
      .map((l) => l.replace(/ \/ [a-z ]+:/, ':'))
      .join('; ');
    rows.push({ db: name, step, importMs: r.ms, peakMiB: r.mib, ratioToFirst: Math.round((r.ms / first) * 100) / 100, summary });
    console.log(
      `${name.padEnd(8)} ${step.padEnd(32)} ${String(r.ms).padStart(6)} ms  ${String(r.mib).padStart(5)} MiB  ×${rows.at(-1)!.ratioToFirst}`,
    );
  }
}

try {
  await loop('pglite', { DATABASE_URL: '', DATA_DIR: join(dir, 'data') });
  if (PG_URL) {
    const db = await openDb({ databaseUrl: PG_URL });
    await db.exec('drop schema public cascade; create schema public;');
    await db.close();
    await loop('postgres', { DATABASE_URL: PG_URL });
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
writeFileSync(
  new URL('../results/import.json', import.meta.url),
  JSON.stringify({ fixture: { ...FULL_SHAPE, core: true }, when: new Date().toISOString(), rows }, null, 2),
);
