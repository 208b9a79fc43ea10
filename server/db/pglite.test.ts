// The embedded database's options reach PGlite when it is kept in memory (no folder), as they do on disk: PGlite's
// constructor takes (options) or (folder, options), and given (undefined, options) it dropped the options, so every
// test server made an empty database and migrated it instead of starting from the migrated template.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { dumpOf, openPglite } from './pglite';

describe('openPglite', () => {
  // One database made (PGlite's initdb, seconds), opened below from its dump (about a second each).
  let dump: Blob;
  beforeAll(async () => {
    dump = await dumpOf(async (db) => db.exec('create table kept (n int); insert into kept values (7);'));
  }, 60_000);

  it('starts an in-memory database from a dump', async () => {
    const db = await openPglite(undefined, dump);
    try {
      expect((await db.query<{ n: number }>('select n from kept')).rows).toEqual([{ n: 7 }]);
    } finally {
      await db.close();
    }
  });

  it('reads bigint and numeric as numbers, in memory and on disk', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pglite-'));
    try {
      for (const db of [await openPglite(undefined, dump), await openPglite(dir, dump)]) {
        const { rows } = await db.query<{ a: unknown; b: unknown }>('select 9007199254740991::int8 as a, 1.5::numeric as b');
        expect(rows[0]).toEqual({ a: 9007199254740991, b: 1.5 });
        await db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
