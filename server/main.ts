import { accessSync, constants, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type Config } from './config';
import { migrate, openDb, type Db } from './db';
import { buildApp } from './app';
import { seedIfEmpty } from './seed/seed';
import { recoverPendingActions } from './repos/checks';
import { lockDataDir } from './ops/data-dir-lock';
import { guardStorage } from './ops/storage-guard';
import { startStallWatchdog } from './ops/stall-watchdog';
import { isResourceExhaustion, raiseOpenFileLimit } from './ops/file-limit';

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

/** Milliseconds from a signal to a forced exit: in-flight requests and relay sockets get this long to finish. */
const SHUTDOWN_MS = Number(process.env.SHUTDOWN_TIMEOUT_MS) || 10_000;
/** How often the embedded database's folder is probed with a small write. */
const STORAGE_PROBE_MS = 5_000;

/** Starts the server: data folder, database, migrations, demo world on first start, then listen. */
export async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
    // Before the connection budgets are read again: their defaults follow the open-file limit.
    const files = raiseOpenFileLimit(config.openFilesLimit);
    if (files.after !== files.before) config = loadConfig();
    if (files.after > 0 && files.after < 4096)
      console.warn(
        `열린 파일 한도 ${files.after} / Open-file limit ${files.after}${files.note ? ` (not raised to ${config.openFilesLimit}: ${files.note})` : ''}; ` +
          `connections: ${config.connections.total} in all, ${config.connections.perIp} per address`,
      );
  } catch (e) {
    refuse((e as Error).message);
  }
  ensureWritable(config.dataDir);
  // The embedded database belongs to one process; PostgreSQL is shared, and so may DATA_DIR be then.
  if (!config.databaseUrl) {
    try {
      lockDataDir(config.dataDir);
    } catch (e) {
      refuse((e as Error).message);
    }
  }
  let stopping: Promise<void> | undefined;
  // Filled once listening: a storage failure during migrations has no app to drain yet.
  const running: { app?: Awaited<ReturnType<typeof buildApp>> } = {};
  let probe: ReturnType<typeof setInterval> | undefined;
  let stopWatchdog = () => {};
  // A storage failure cannot be mended in-process: stop taking traffic, say why, exit non-zero for a supervisor.
  const storageFailed = (e: Error) => {
    if (stopping) return;
    console.error(`저장소 오류로 서버를 종료합니다 / Storage failure, exiting: ${e.message.split('\n')[0]}`);
    void stop(1);
  };
  // Out of open files or memory (a connection flood) is not a failed disk: it passes when connections close, and the
  // connection budgets (http/connections.ts) keep it from happening; it is logged, at most once a minute.
  let toldExhaustion = 0;
  const outOfResources = (e: Error) => {
    if (Date.now() - toldExhaustion < 60_000) return;
    toldExhaustion = Date.now();
    console.error(`자원 부족(저장소 오류 아님) / Out of resources, not a storage failure; still serving: ${e.message.split('\n')[0]}`);
  };
  const db = guardStorage(await open(config), storageFailed);
  await migrate(db);
  // The embedded database belongs to this process alone: a large change a stopped one left half written goes.
  if (!config.databaseUrl) {
    const rolledBack = await recoverPendingActions(db);
    if (rolledBack) console.log(`중단된 큰 변경 ${rolledBack}건을 되돌렸습니다. / Rolled back ${rolledBack} unfinished change(s).`);
  }
  const seeded = await seedIfEmpty(db, config);
  if (seeded) console.log(`데모 월드를 만들었습니다: 핀 ${seeded.pins.toLocaleString('ko-KR')}개 (${seeded.ms} ms)`);
  const app = await buildApp({ config, db, logger: true });
  running.app = app;
  await app.listen({ port: config.port, host: config.host });
  stopWatchdog = startStallWatchdog(Number(process.env.STALL_EXIT_S || 30) * 1000);
  if (!config.databaseUrl) {
    // A write to the folder (a full or failed disk), and the database's own files: removed ones keep answering from
    // open files for the tables already read, so without this /readyz would say ready over a database that is gone.
    probe = setInterval(() => {
      writeFile(join(config.dataDir, '.storage-probe'), String(Date.now()))
        .then(() => readFile(join(config.dataDir, 'pglite', 'PG_VERSION')))
        .catch((e: Error) => (isResourceExhaustion(e) ? outOfResources(e) : storageFailed(e)));
    }, STORAGE_PROBE_MS);
    probe.unref();
  }
  // Before the address is printed: a supervisor (or a test) that stops the server as soon as it reads it must get the
  // graceful stop, not the default action of a signal that came before the handlers (seen on a loaded machine).
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  console.log(`명조 커뮤니티 지도: ${config.publicUrl}`);

  /** Graceful stop: /readyz turns false, no new connections, in-flight requests and relay sockets drain, bounded. */
  function stop(code: number): Promise<void> {
    stopping ??= (async () => {
      if (running.app) {
        running.app.readiness.ready = false;
        running.app.readiness.reason = code === 0 ? 'shutting down' : 'storage failure';
      }
      if (probe) clearInterval(probe);
      setTimeout(() => {
        console.error(`${SHUTDOWN_MS} ms 안에 정리하지 못해 강제로 종료합니다. / Shutdown took over ${SHUTDOWN_MS} ms; exiting.`);
        process.exit(code || 1);
      }, SHUTDOWN_MS).unref();
      await running.app?.close().catch(() => undefined);
      await db.close().catch(() => undefined);
      stopWatchdog();
      process.exit(code);
    })();
    return stopping;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  void main();
}
