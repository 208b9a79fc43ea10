// Migration 007 packs the undo history of every existing action (one row per pin before) into two id sets: nothing
// is lost, the packing is the one the server writes (pinpack.ts), and an action made before it can still be undone.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDb, type Db } from '.';
import { packIds, unpackIds } from '../repos/pinpack';
import { undoAction } from '../repos/progress';
import { seedWorld } from '../seed/seed';
import { TEST_DATA_DIR } from '../test-helper';

const dir = fileURLToPath(new URL('./migrations/', import.meta.url));
let db: Db;

/** A database at migration 006, as a server of the last release left it. */
async function before007(): Promise<Db> {
  const url = process.env.TEST_DATABASE_URL;
  const d = await openDb({ databaseUrl: url });
  if (url) await d.exec('drop schema public cascade; create schema public;');
  await d.exec(
    'create table schema_migrations (version integer primary key, name text not null, applied_at timestamptz not null default now())',
  );
  for (const file of (await readdir(dir)).filter((f) => /^00[1-6]_/.test(f)).sort()) {
    await d.exec(await readFile(dir + file, 'utf8'));
    await d.query('insert into schema_migrations (version, name) values ($1, $2)', [Number(file.slice(0, 3)), file]);
  }
  return d;
}

beforeAll(async () => {
  db = await before007();
});
afterAll(async () => {
  await db?.close();
});

describe('migration 007 (packed undo history)', () => {
  it('packs every action’s pins exactly as the server does, and an old batch is still undone', async () => {
    await seedWorld(db, { pins: 300, seed: 7, dataDir: TEST_DATA_DIR });
    const user = (await db.query<{ id: number }>("insert into users (nickname) values ('옛기록') returning id")).rows[0]!.id;
    // Sets with long runs, single ids, gaps over 127 and 16,383 (2- and 3-byte varints) and ids past 2^28 (5 bytes).
    const sets: [number[], number[]][] = [
      [Array.from({ length: 500 }, (_, i) => 1000 + i), []],
      [
        [1, 3, 5, 200, 201, 20_000, 20_001, 20_002, 300_000_000, 2_000_000_000],
        [2, 4, 128, 129, 16_512],
      ],
      [[], [7]],
    ];
    const ids: number[] = [];
    for (const [off, on] of sets) {
      const a = await db.query<{ id: number }>(
        `insert into check_actions (user_id, kind, checked, pin_count, at) values ($1, 'import', null, $2, 1) returning id`,
        [user, off.length + on.length],
      );
      const id = a.rows[0]!.id;
      ids.push(id);
      await db.query(
        `insert into check_action_pins (action_id, pin_id, was_checked, was_at, was_action_id)
         select $1, p, c, null, null from unnest($2::int[], $3::boolean[]) as t(p, c)`,
        [id, [...off, ...on], [...off.map(() => false), ...on.map(() => true)]],
      );
    }
    // An old 3-pin batch of real pins (10 and 11 were not found, 12 was found before and stays).
    const batch = (
      await db.query<{ id: number }>(
        `insert into check_actions (user_id, kind, checked, pin_count, at) values ($1, 'batch', true, 2, 5) returning id`,
        [user],
      )
    ).rows[0]!.id;
    await db.query(
      `insert into check_action_pins (action_id, pin_id, was_checked, was_at, was_action_id) values ($1, 10, false, null, null), ($1, 11, false, null, null)`,
      [batch],
    );
    await db.query('insert into checks (user_id, pin_id) values ($1, 10), ($1, 11), ($1, 12)', [user]);
    await db.query(
      'insert into check_marks (user_id, pin_id, checked, at, action_id) values ($1, 10, true, 5, $2), ($1, 11, true, 5, $2)',
      [user, batch],
    );
    await db.query('update pins set total_checks = total_checks + 1 where id in (10, 11, 12)');

    expect(await migrate(db)).toContain(7);

    const { rows } = await db.query<{ id: number; was_off: Uint8Array; was_on: Uint8Array; undo_bytes: number }>(
      'select id, was_off, was_on, undo_bytes from check_actions where id = any($1::bigint[]) order by id',
      [ids],
    );
    rows.forEach((r, k) => {
      const [off, on] = sets[k]!;
      expect(unpackIds(r.was_off)).toEqual([...off].sort((x, y) => x - y));
      expect(unpackIds(r.was_on)).toEqual([...on].sort((x, y) => x - y));
      expect([...new Uint8Array(r.was_off)]).toEqual([...packIds(off)]);
      expect([...new Uint8Array(r.was_on)]).toEqual([...packIds(on)]);
      expect(r.undo_bytes).toBe(packIds(off).length + packIds(on).length);
    });
    expect(rows[0]!.undo_bytes).toBe(4); // 500 consecutive pins: one run
    const undo = await undoAction(db, user, batch, Date.now(), 'test');
    expect(undo).toMatchObject({ kind: 'ok', restored: 2, pinIds: [12] });
  });
});
