import type { Db } from '../db';

/** A column of a bulk insert: its name and SQL type as json_to_recordset reads it. */
export type Column = readonly [name: string, type: string];

/**
 * Inserts many rows with few statements: each chunk is one JSON parameter expanded by
 * json_to_recordset, so PGlite and PostgreSQL both take thousands of rows per round trip.
 */
export async function bulkInsert(db: Db, table: string, columns: readonly Column[], rows: readonly object[], chunk = 5000): Promise<void> {
  const names = columns.map(([n]) => n).join(', ');
  const defs = columns.map(([n, t]) => `${n} ${t}`).join(', ');
  const sql = `insert into ${table} (${names}) select ${names} from json_to_recordset($1::json) as x(${defs})`;
  const started = performance.now();
  for (let i = 0; i < rows.length; i += chunk) {
    await db.query(sql, [JSON.stringify(rows.slice(i, i + chunk))]);
  }
  // SEED_TRACE=1 shows where seeding time goes.
  if (process.env.SEED_TRACE) console.log(`  ${table}: ${rows.length} rows in ${Math.round(performance.now() - started)} ms`);
}

/** Moves identity sequences past explicitly inserted ids. */
export async function resetSequences(db: Db, tables: readonly string[]): Promise<void> {
  for (const t of tables) {
    await db.query(`select setval(pg_get_serial_sequence('${t}', 'id'), coalesce((select max(id) from ${t}), 0) + 1, false)`);
  }
}
