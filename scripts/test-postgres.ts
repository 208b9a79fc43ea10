// The server suite's second run, on a real PostgreSQL (the first run, in `vitest run`, is on
// the embedded PGlite). `.ci/run` starts a cluster and sets TEST_DATABASE_URL; without it the
// run is left out, and this says so. It runs the unit files whose code reads TEST_DATABASE_URL
// (scripts/postgres-files.ts): the others behave the same on either database and ran already.
// Each Vitest worker has a database of its own beside TEST_DATABASE_URL's (`<name>_w1`, …; tests/support/unit-setup.ts).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { postgresFiles, unitTestFiles } from './postgres-files';

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.log('PostgreSQL: TEST_DATABASE_URL is not set, so the server suite ran on PGlite only (.ci/run sets it).');
  process.exit(0);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const files = postgresFiles(root);
console.log(
  `PostgreSQL: the ${files.length} of ${unitTestFiles(root).length} unit files that read TEST_DATABASE_URL again, on ${url.replace(/:[^:@/]*@/, ':***@')}`,
);
const run = spawnSync('npx', ['vitest', 'run', '--project', 'unit', ...files], {
  stdio: 'inherit',
  cwd: root,
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(run.status ?? 1);
