import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from './Db';

/** The folder of the numbered migrations. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const dir = MIGRATIONS_DIR;

/** Advisory-lock keys (pg_advisory_xact_lock) that serialise start-up work across processes. */
export const LOCK_MIGRATE = 4_711_001;
export const LOCK_SEED = 4_711_002;

/**
 * Applies the numbered migrations (`NNN_name.sql`) not yet applied, all in one transaction that first takes
 * an advisory lock: N processes starting together on an empty database wait for the first one instead of
 * racing on `create table` (PostgreSQL's `pg_type_typname_nsp_index` duplicate key).
 */
export async function migrate(db: Db): Promise<number[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCK_MIGRATE]);
    await tx.exec(
      'create table if not exists schema_migrations (version integer primary key, name text not null, applied_at timestamptz not null default now())',
    );
    const done = new Set((await tx.query<{ version: number }>('select version from schema_migrations')).rows.map((r) => r.version));
    const applied: number[] = [];
    for (const file of files) {
      const version = Number(file.slice(0, 3));
      if (done.has(version)) continue;
      await tx.exec(await readFile(dir + file, 'utf8'));
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [version, file]);
      applied.push(version);
    }
    return applied;
  });
}
