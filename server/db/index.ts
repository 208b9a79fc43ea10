import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Db } from './Db';

export type { Db, QueryResult } from './Db';
export { migrate } from './migrate';
export { DbUnavailableError, isDbUnavailable } from './unavailable';

/** PostgreSQL when a URL is given, else the embedded PGlite under `pgliteDir` (in memory when undefined). */
export function openDb(opts: { databaseUrl?: string; pgliteDir?: string }): Promise<Db> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.pgliteDir);
}
