// `npm run bench`: runs every bench/**/*.bench.ts one after another (they need the machine to
// themselves) and prints the summary each wrote to bench/results/. `npm run bench -- worker` runs
// only benches whose path contains "worker".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const benchDir = join(root, 'bench');
const filter = process.argv.slice(2).filter((a) => !a.startsWith('-'));

function find(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === 'results' ? [] : find(p);
    return name.endsWith('.bench.ts') ? [p] : [];
  });
}

mkdirSync(join(benchDir, 'results'), { recursive: true });
const files = find(benchDir)
  .filter((f) => filter.length === 0 || filter.some((k) => f.includes(k)))
  .sort();
const failed: string[] = [];
for (const file of files) {
  const name = relative(root, file);
  console.log(`\n━━ ${name}`);
  const started = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', file], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  console.log(
    `━━ ${name}: ${r.status === 0 ? 'ok' : `failed (${r.status ?? r.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (r.status !== 0) failed.push(name);
}
const results = join(benchDir, 'results');
if (existsSync(results)) {
  console.log('\nResults written:');
  for (const f of readdirSync(results).filter((f) => f.endsWith('.json'))) {
    const size = readFileSync(join(results, f)).length;
    console.log(`  bench/results/${f} (${size} bytes)`);
  }
}
if (failed.length) {
  console.error(`\n${failed.length} benchmark(s) failed: ${failed.join(', ')}`);
  process.exit(1);
}
