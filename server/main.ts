import { accessSync, constants, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type Config } from './config';
import { migrate, openDb, type Db } from './db';
import { buildApp } from './app';
import { seedIfEmpty } from './seed/seed';

function refuse(message: string): never {
  console.error(`시작할 수 없습니다: ${message}`);
  process.exit(1);
}

// Node's recursive mkdir can spin forever under /proc, so missing folders are made one level at a time.
function makeDirs(dir: string): void {
  if (existsSync(dir)) return;
  makeDirs(dirname(dir));
  mkdirSync(dir);
}

function ensureWritable(dir: string): void {
  try {
    makeDirs(dir);
    accessSync(dir, constants.W_OK);
    const probe = join(dir, `.write-test-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch {
    refuse(`DATA_DIR ${dir} is not writable (set DATA_DIR to a writable folder).`);
  }
}

async function open(config: Config): Promise<Db> {
  try {
    return await openDb({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') });
  } catch (e) {
    const where = config.databaseUrl ? `DATABASE_URL ${config.databaseUrl.replace(/\/\/[^@]*@/, '//***@')}` : 'the embedded database';
    refuse(`cannot reach ${where}: ${(e as Error).message.split('\n')[0]}`);
  }
}

/** Starts the server: data folder, database, migrations, demo world on first start, then listen. */
export async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    refuse((e as Error).message);
  }
  ensureWritable(config.dataDir);
  const db = await open(config);
  await migrate(db);
  const seeded = await seedIfEmpty(db, config);
  if (seeded) console.log(`데모 월드를 만들었습니다: 핀 ${seeded.pins.toLocaleString('ko-KR')}개 (${seeded.ms} ms)`);
  const app = await buildApp({ config, db, logger: true });
  await app.listen({ port: config.port, host: config.host });
  console.log(`명조 커뮤니티 지도: ${config.publicUrl}`);
  const stop = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  void main();
}
