// Runs before every file of the unit project (vite.config.ts setupFiles). The unit files run several at once, one per
// Vitest worker, so whatever a file may write is its worker's own:
// - TEST_DATABASE_URL (the server suite's pass on PostgreSQL) names a database per worker, `<database>_w<worker>`,
//   made here on first use. The helpers drop and recreate its schema (server/test-helper.ts), so two files running
//   at once never share a schema, a LISTEN channel or a row.
// - The data folder of the server tests is per worker too (TEST_DATA_DIR in server/test-helper.ts).
// A worker's files share their modules (the unit project's `isolate: false`), so what a file may change in a module
// that others read is put back here, as a fresh import would have it:
// - the world registry (common/regions): a server started on an imported world, or a test's own world, sets it.
import pg from 'pg';
import { seedWorld, setWorld } from '../../common/regions/world';

setWorld(seedWorld());

/** The worker's number, 1 to maxWorkers: no two files running at once share it. */
const worker = process.env.VITEST_POOL_ID ?? '1';

/** `url` with its database name given the worker's suffix (`postgres://…/wuwa` → `postgres://…/wuwa_w2`). */
export function workerDatabaseUrl(url: string, id: string): { url: string; name: string } {
  const u = new URL(url);
  const name = `${decodeURIComponent(u.pathname.slice(1)) || 'postgres'}_w${id}`;
  u.pathname = `/${encodeURIComponent(name)}`;
  return { url: u.href, name };
}

/** Creates database `name` through `adminUrl` unless it exists. */
async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    const { rowCount } = await c.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return;
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`create database "${name.replace(/"/g, '""')}"`);
        return;
      } catch (e) {
        const code = (e as { code?: string }).code;
        if (code === '42P04') return; // made meanwhile
        // 55006: the template database is busy (another session copies it at this moment): a moment later.
        if (code !== '55006' || attempt >= 20) throw e;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  } finally {
    await c.end();
  }
}

// The URL the run was given, kept aside: a worker process that runs a second file must not add a second suffix.
const given = (process.env.WUWA_TEST_DATABASE_URL_GIVEN ??= process.env.TEST_DATABASE_URL ?? '');
if (given) {
  const { url, name } = workerDatabaseUrl(given, worker);
  if (process.env.WUWA_TEST_DATABASE_READY !== name) {
    await ensureDatabase(given, name);
    process.env.WUWA_TEST_DATABASE_READY = name;
  }
  process.env.TEST_DATABASE_URL = url;
}
