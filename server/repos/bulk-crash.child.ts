// The process bulk-crash.test.ts kills: `write` starts a 3,000-pin batch written in 200-pin steps and reports each
// step; `check` opens the folder as a restarting server does (migrate, roll back what was half written) and reports.
import { migrate, openDb } from '../db';
import { seedWorld } from '../seed/seed';
import { batchCheck, bulkTuning, recoverPendingActions, stepStats } from './checks';

const [dir, mode] = process.argv.slice(2) as [string, 'write' | 'check'];
const db = await openDb({ pgliteDir: `${dir}/pglite` });
await migrate(db);
const recovered = await recoverPendingActions(db);
const state = async (user: number) => ({
  recovered,
  checks: (
    await db.query<{ ids: number[] | null }>('select array_agg(pin_id order by pin_id) as ids from checks where user_id = $1', [user])
  ).rows[0]!.ids,
  totals: (await db.query<{ n: number }>('select sum(total_checks)::int as n from pins')).rows[0]!.n,
  pending: (await db.query<{ n: number }>('select count(*)::int as n from check_actions where pending')).rows[0]!.n,
  journal: (await db.query<{ n: number }>('select count(*)::int as n from check_action_journal')).rows[0]!.n,
  actions: (await db.query<{ n: number }>('select count(*)::int as n from check_actions where user_id = $1', [user])).rows[0]!.n,
});
if (mode === 'write') {
  await seedWorld(db, { pins: 3200, seed: 5, dataDir: dir });
  const user = (await db.query<{ id: number }>("insert into users (nickname) values ('중단') returning id")).rows[0]!.id;
  await batchCheck(db, user, [7, 3100], true, Date.now());
  console.log(`before ${JSON.stringify({ user, ...(await state(user)) })}`);
  Object.assign(bulkTuning, { stepPins: 200, stepMs: 0, minPins: 1000 });
  let told = -1;
  const report = () => {
    if (stepStats.steps !== told) console.log(`steps ${(told = stepStats.steps)}`);
    setImmediate(report);
  };
  report();
  await batchCheck(
    db,
    user,
    Array.from({ length: 3000 }, (_, i) => i + 1),
    true,
    Date.now(),
  );
  console.log('finished');
} else {
  const user = Number(process.argv[4]);
  console.log(`after ${JSON.stringify({ user, ...(await state(user)) })}`);
  await db.close();
}
