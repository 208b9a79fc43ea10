import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** The lock file of the embedded database's folder. */
export const LOCK_FILE = 'server.lock';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `dataDir/server.lock` for this process (O_EXCL create with our pid). A lock left by a process that is
 * gone (a crash, a power loss) is taken over; one held by a live process refuses with a Korean + English line:
 * two servers on one embedded database would each keep their own copy in memory and lose the other's writes.
 * Returns the release function (also run at exit).
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      const release = () => {
        try {
          if (Number(readFileSync(file, 'utf8').trim()) === process.pid) rmSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new Error(
          `다른 서버(pid ${pid})가 이미 DATA_DIR ${dataDir} 을(를) 쓰고 있습니다. / Another server (pid ${pid}) already uses DATA_DIR ${dataDir}: stop it, or give this one another DATA_DIR (several processes need DATABASE_URL).`,
          { cause: e },
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`DATA_DIR ${dataDir}: could not take ${LOCK_FILE}`);
}

/**
 * For a command-line tool (seed, import) beside the server: on the embedded database, takes the
 * DATA_DIR lock, since a running server keeps that database in its memory and a write beside it would
 * be lost or clobber it. Answers the refusal line to print, or null when the tool may go on.
 */
export function lockDataDirForTool(config: { databaseUrl: string | null | undefined; dataDir: string }): string | null {
  if (config.databaseUrl) return null;
  if (!existsSync(config.dataDir)) mkdirSync(config.dataDir, { recursive: true });
  try {
    lockDataDir(config.dataDir);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}
