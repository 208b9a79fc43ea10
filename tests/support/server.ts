// The real server as `npm start` runs it, on a temporary data folder and a free port: for the
// end-to-end journeys and the start-up benchmark.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { LOCK_FILE } from '../../server/ops/data-dir-lock';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** Everything the server printed so far. */
  output: () => string;
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface StartedServer extends RunningServer {
  /** Stops the server; its data folder is removed unless `keepData` (to start it again on it). */
  stop: (opts?: { keepData?: boolean }) => Promise<void>;
  /** Resolves with the exit code (or the signal's name) when the process ends by itself or is stopped. */
  exited: Promise<number | string | null>;
  /** Sends the process a signal (SIGTERM: the graceful shutdown a supervisor starts). */
  signal: (signal: NodeJS.Signals) => void;
}

/**
 * Starts the real server the way `npm start` does (tsx server/main.ts with the built client) on a
 * temporary data folder and a free port (or the ones given: a restart), and waits until it prints its URL. `script`
 * runs another entry (bench/support/cluster-entry.ts: `npm start`'s WORKERS without its client build). `template`: a
 * data folder a stopped server left (`makeDataTemplate`), copied into the new temporary one, so the server opens a
 * database that is already made, migrated and seeded instead of doing it all again.
 */
export async function startServer(
  env: Record<string, string> = {},
  at: { port?: number; dataDir?: string; script?: string; wrap?: string[]; template?: string } = {},
): Promise<StartedServer> {
  const port = at.port ?? (await freePort());
  const dataDir = at.dataDir ?? mkdtempSync(join(tmpdir(), 'wuwa-e2e-'));
  if (at.template && !at.dataDir) cpSync(at.template, dataDir, { recursive: true, filter: (src) => !src.endsWith(LOCK_FILE) });
  // One folder of drawn tiles for every server of a journey run (global-setup.ts): a tile depends on its map set and
  // place alone, and each is written under a name of its own then renamed, so servers can share the folder.
  const tiles = join(dataDir, 'tiles');
  if (process.env.E2E_TILE_CACHE && !at.dataDir && !existsSync(tiles)) symlinkSync(process.env.E2E_TILE_CACHE, tiles);
  const url = `http://localhost:${port}`;
  let out = '';
  // `wrap`: a command the server runs under (`unshare --pid --fork`: a PID namespace of its own, as in a
  // container; `prlimit --nofile=256:256`: a small open-file limit).
  const [command, ...args] = [...(at.wrap ?? []), process.execPath, '--import', 'tsx', at.script ?? 'server/main.ts'];
  const child: ChildProcess = spawn(command!, args, {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOCAL_LOGIN: '1',
      LOG_LEVEL: 'warn',
      SEED_PINS: process.env.E2E_SEED_PINS ?? '60000',
      ...env,
    },
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (b) => (out += b));
  child.stderr!.on('data', (b) => (out += b));
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  await new Promise<void>((resolve, reject) => {
    // Seconds alone; on a shared 2-core machine with two journey workers starting theirs at once (a load of 30), a
    // start took over 120 s.
    const timer = setTimeout(() => reject(new Error(`server did not start in 240 s:\n${out}`)), 240_000);
    const check = () => {
      if (out.includes(url)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  return {
    url,
    port,
    dataDir,
    output: () => out,
    exited,
    signal: (signal) => {
      child.kill(signal);
    },
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A data folder for `startServer`'s `template`: the real server's first start with `env` (the database made, migrated
 * and seeded), stopped. On a 2-core machine that first start costs about 15 s of CPU (a third the embedded database's
 * creation, a third seeding 60,000 pins), a start on the copy about 5 s. Undefined where the server would not use it:
 * on PostgreSQL (DATABASE_URL) the database is not in the folder.
 */
export async function makeDataTemplate(env: Record<string, string> = {}): Promise<string | undefined> {
  if ((env.DATABASE_URL ?? process.env.DATABASE_URL ?? '') !== '') return undefined;
  const s = await startServer(env);
  // Its own graceful stop to the end (the database closed and written), not `stop`'s forced one after 5 s.
  s.signal('SIGTERM');
  const code = await s.exited;
  if (code !== 0) throw new Error(`the template server exited with ${String(code)}:\n${s.output()}`);
  return s.dataDir;
}
