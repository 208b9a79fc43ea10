// npm run world:clear -- --demo [--dry-run]: removes the demo world (its catalogue, pins and idle demo players) from
// DATABASE_URL's PostgreSQL or DATA_DIR's PGlite, in one transaction. Pins of other (imported) categories, and players'
// checks, comments and notes on them, stay. See clearDemoWorld.
import { join } from 'node:path';
import { loadConfig } from '../config';
import { migrate, openDb } from '../db';
import { lockDataDirForTool } from '../ops/data-dir-lock';
import { clearDemoWorld } from './clear';

async function run(): Promise<number> {
  const args = process.argv.slice(2);
  if (!args.includes('--demo') || args.some((a) => a !== '--demo' && a !== '--dry-run')) {
    console.error('사용법: npm run world:clear -- --demo [--dry-run]  (데모 월드를 지웁니다 / removes the demo world)');
    return 2;
  }
  const dryRun = args.includes('--dry-run');
  const config = loadConfig();
  const refused = lockDataDirForTool(config, 'npm run world:clear');
  if (refused) {
    console.error(refused);
    return 1;
  }
  const db = await openDb({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') });
  try {
    await migrate(db);
    const r = await clearDemoWorld(db, { dryRun });
    const counts = `그룹 ${r.groups}, 카테고리 ${r.categories}, 태그 그룹 ${r.tagGroups}, 핀 ${r.pins}, 데모 사용자 ${r.users}`;
    console.log(
      dryRun ? `지울 것 (미리 보기, 아무것도 지우지 않았습니다) / would remove: ${counts}` : `데모 월드를 지웠습니다 / removed: ${counts}`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

run().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`데모 월드를 지우지 못했습니다. 아무것도 바뀌지 않았습니다. / Clearing failed, nothing changed: ${(e as Error).message}`);
    process.exit(1);
  },
);
