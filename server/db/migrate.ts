import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from './Db';

const dir = fileURLToPath(new URL('./migrations/', import.meta.url));

/** Applies the numbered migrations (`NNN_name.sql`) not yet applied, each in its own transaction. */
export async function migrate(db: Db): Promise<number[]> {
  await db.exec('create table if not exists schema_migrations (version integer primary key, name text not null, applied_at timestamptz not null default now())');
  const done = new Set((await db.query<{ version: number }>('select version from schema_migrations')).rows.map((r) => r.version));
  const files = (await readdir(dir)).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
  const applied: number[] = [];
  for (const file of files) {
    const version = Number(file.slice(0, 3));
    if (done.has(version)) continue;
    const sql = await readFile(dir + file, 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [version, file]);
    });
    applied.push(version);
  }
  return applied;
}
