// The server suite's second run, on a real PostgreSQL (the first run, in `vitest run`, is on
// the embedded PGlite). `.ci/run` starts a cluster and sets TEST_DATABASE_URL; without it the
// run is left out, and this says so.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.log('PostgreSQL: TEST_DATABASE_URL is not set, so the server suite ran on PGlite only (.ci/run sets it).');
  process.exit(0);
}
console.log(`PostgreSQL: the server suite again, on ${url.replace(/:[^:@/]*@/, ':***@')}`);
const run = spawnSync('npx', ['vitest', 'run', '--project', 'unit', 'server'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(run.status ?? 1);
