// Migration 020 (progress profiles): on a database with players' checks, marks and undo history, each player's
// progress becomes their first profile ("기본") with nothing lost, and an action made before it can still be undone.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDb, type Db } from '.';
import { batchCheck, userChecks } from '../repos/checks';
import { exportChecks, listActions, undoAction } from '../repos/progress';
import { seedWorld } from '../seed/seed';
import { TEST_DATA_DIR } from '../test-helper';

const dir = fileURLToPath(new URL('./migrations/', import.meta.url));
let db: Db;

/** A database at the last migration before 020, as a server of the last release left it. */
async function before020(): Promise<Db> {
  const url = process.env.TEST_DATABASE_URL;
  const d = await openDb({ databaseUrl: url });
  if (url) await d.exec('drop schema public cascade; create schema public;');
  await d.exec(
    'create table schema_migrations (version integer primary key, name text not null, applied_at timestamptz not null default now())',
  );
  for (const file of (await readdir(dir)).filter((f) => /^\d{3}_/.test(f) && Number(f.slice(0, 3)) < 20).sort()) {
    await d.exec(await readFile(dir + file, 'utf8'));
    await d.query('insert into schema_migrations (version, name) values ($1, $2)', [Number(file.slice(0, 3)), file]);
  }
  return d;
}

beforeAll(async () => {
  db = await before020();
});
afterAll(async () => {
  await db?.close();
});

describe('migration 020 (progress profiles)', () => {
  it('makes each player’s checks, marks and actions their first profile’s, nothing lost', async () => {
    await seedWorld(db, { pins: 300, seed: 7, dataDir: TEST_DATA_DIR });
    const users = await db.query<{ id: number; check_time: number }>(
      "insert into users (nickname, check_time) values ('옛진행1', 1000), ('옛진행2', 2000) returning id, check_time",
    );
    const [a, b] = users.rows.map((r) => r.id) as [number, number];
    await db.query('insert into checks (user_id, pin_id, checked_at) values ($1, 10, to_timestamp(1)), ($1, 11, now()), ($2, 10, now())', [
      a,
      b,
    ]);
    await db.query('update pins set total_checks = total_checks + 1 where id in (10, 11)');
    await db.query('update pins set total_checks = total_checks + 1 where id = 10');
    const act = await db.query<{ id: number }>(
      `insert into check_actions (user_id, kind, checked, pin_count, at, was_off, was_on, undo_bytes) values ($1, 'batch', true, 1, 5, '\\x0b00', '', 2) returning id`,
      [a],
    );
    const action = act.rows[0]!.id;
    await db.query('insert into check_marks (user_id, pin_id, checked, at, action_id) values ($1, 11, true, 5, $2)', [a, action]);
    const before = await db.query<{ pin_id: number; user_id: number; at: string }>(
      'select user_id, pin_id, checked_at::text as at from checks order by 1, 2',
    );
    const totals = await db.query('select id, total_checks from pins order by id');
    const seeded = (await db.query<{ n: number }>('select count(*)::int as n from checks')).rows[0]!.n;

    expect(await migrate(db)).toContain(20);

    const profiles = await db.query<{ user_id: number; name: string; id: number; active: number }>(
      'select f.user_id, f.name, f.id, u.active_profile as active from progress_profiles f join users u on u.id = f.user_id order by f.user_id',
    );
    // Every player (the seed's and these two) has exactly one profile, active.
    expect(profiles.rows.every((r) => r.name === '기본' && r.id === r.active)).toBe(true);
    expect(new Set(profiles.rows.map((r) => r.user_id)).size).toBe(profiles.rows.length);
    // The checks (with their times) read the same through the view; the rows are the profiles'.
    const after = await db.query('select user_id, pin_id, checked_at::text as at from checks order by 1, 2');
    expect(after.rows).toEqual(before.rows);
    expect((await db.query<{ n: number }>('select count(*)::int as n from profile_checks')).rows[0]!.n).toBe(seeded);
    expect((await db.query('select id, total_checks from pins order by id')).rows).toEqual(totals.rows);
    expect(await userChecks(db, a)).toMatchObject({ checkTime: 1000, pinIds: [10, 11] });
    expect((await exportChecks(db, a, Date.now())).pins.map((p) => p.pinId)).toEqual([10, 11]);
    expect(await listActions(db, a, 10)).toMatchObject([{ id: Number(action), kind: 'batch', undoable: true }]);
    // The old action still undoes exactly its pin.
    expect(await undoAction(db, a, Number(action), Date.now(), 'test')).toMatchObject({ kind: 'ok', restored: 1, pinIds: [10] });
    expect((await userChecks(db, b)).pinIds).toEqual([10]);
    // A player made after it starts with a profile too, and checks into it.
    const c = (await db.query<{ id: number }>("insert into users (nickname) values ('새진행') returning id")).rows[0]!.id;
    expect((await batchCheck(db, c, [12], true, Date.now())).pinIds).toEqual([12]);
    expect((await db.query('select name from progress_profiles where user_id = $1', [c])).rows).toEqual([{ name: '기본' }]);
  });
});
