import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config';
import { migrate, openDb, type Db } from '../db';
import { lockDataDirForTool } from '../ops/data-dir-lock';
import { checkPinCount, seedWorld } from './seed';

/**
 * `npm run seed -- --pins 200000 [--seed 7] [--reset]`: seeds the demo world into DATABASE_URL's
 * PostgreSQL or DATA_DIR's PGlite. Without --reset it refuses a database that already has data.
 */

/** Parses the CLI arguments; returns a one-line Korean + English message when they are refused. */
export function parseSeedArgs(
  argv: readonly string[],
  defaults: { pins: number; seed: number },
): { pins: number; seed: number; reset: boolean } | { error: string } {
  let pins: unknown = defaults.pins;
  let seed = defaults.seed;
  let reset = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const [flag, inline] = a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    if (flag === '--reset') reset = true;
    else if (flag === '--pins') pins = inline ?? argv[++i] ?? '';
    else if (flag === '--seed') {
      const v = Number(inline ?? argv[++i]);
      if (!Number.isInteger(v)) return { error: `시드는 정수여야 합니다. / The seed must be an integer.` };
      seed = v;
    } else return { error: `알 수 없는 인자입니다: ${a} / Unknown argument: ${a} (use --pins N, --seed N, --reset)` };
  }
  const checked = checkPinCount(pins);
  if (!checked.ok) return { error: checked.message };
  return { pins: checked.pins, seed, reset };
}

const DATA_TABLES = [
  'comment_likes',
  'comments',
  'reports',
  'pin_revisions',
  'profile_checks',
  'progress_profiles',
  'pin_tags',
  'pins',
  'tags',
  'tag_groups',
  'categories',
  'category_groups',
  'refresh_tokens',
  'sessions',
  'provider_accounts',
  'users',
];

async function run(): Promise<number> {
  const config = loadConfig();
  const args = parseSeedArgs(process.argv.slice(2), { pins: config.seedPins, seed: config.seed });
  if ('error' in args) {
    console.error(args.error);
    return 2;
  }
  const refused = lockDataDirForTool(config, 'npm run seed');
  if (refused) {
    console.error(refused);
    return 1;
  }
  let db: Db;
  try {
    db = await openDb({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') });
  } catch (e) {
    console.error(`데이터베이스에 연결할 수 없습니다. / Cannot open the database: ${(e as Error).message.split('\n')[0]}`);
    return 1;
  }
  try {
    await migrate(db);
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from categories');
    if ((rows[0]?.n ?? 0) > 0) {
      if (!args.reset) {
        console.error(
          '데이터베이스에 이미 데이터가 있습니다. 지우고 다시 만들려면 --reset을 붙이세요. / The database already has data; add --reset to replace it.',
        );
        return 1;
      }
      await db.exec(`truncate ${DATA_TABLES.join(', ')} restart identity cascade`);
    }
    const r = await seedWorld(db, { pins: args.pins, seed: args.seed, dataDir: config.dataDir });
    console.log(`핀 ${r.pins.toLocaleString('ko-KR')}개를 만들었습니다 (${r.ms} ms). / Seeded ${r.pins} pins in ${r.ms} ms.`);
    return 0;
  } finally {
    await db.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  run().then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(`시드 생성에 실패했습니다. / Seeding failed: ${(e as Error).message}`);
      process.exit(1);
    },
  );
}
