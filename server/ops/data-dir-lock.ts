import { randomUUID } from 'node:crypto';
import {
  closeSync,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** The lock file of the embedded database's folder. */
export const LOCK_FILE = 'server.lock';

/*
 * One process owns DATA_DIR on the embedded database, wherever it runs: another container, another PID namespace, or
 * another machine on a shared volume (a process id means nothing there; two servers in two containers were both pid 1).
 *
 * The lock is `server.lock`, made with O_EXCL (atomic on local file systems and NFSv3+). While held, a heartbeat on its
 * own thread (so a busy main thread does not stop it) touches the file every `staleMs / 5`; a lock whose file was not
 * touched for `staleMs` (DATA_DIR_LOCK_STALE_S, default 15 s) is stale: its holder crashed, or stopped. Anyone may then
 * take it over: under a short `server.lock.takeover` guard the stale file is renamed away and checked to be the very
 * one judged stale (else put back), then the lock is made again with O_EXCL, so of several starting at once one wins.
 * A holder in this same PID namespace on this boot whose process is gone is stale at once (no wait after a crash on one
 * machine). A holder that finds its lock taken over (its heartbeat stalled past the stale time) ends at once: another
 * process owns the database now. The clocks of machines sharing a volume must agree to within a few seconds.
 */

/** Seconds without a heartbeat after which a lock is stale. */
export function lockStaleMs(env: NodeJS.ProcessEnv = process.env): number {
  const s = Number(env.DATA_DIR_LOCK_STALE_S);
  return Number.isFinite(s) && s > 0 ? s * 1000 : 15_000;
}

interface Holder {
  token: string;
  pid: number;
  host: string;
  boot: string;
  pidns: string;
  since: number;
  what: string;
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return '';
  }
}

/** Where this process is: host, boot and PID namespace (a pid is only meaningful with all three equal). */
function here(): Pick<Holder, 'host' | 'boot' | 'pidns'> {
  let pidns = '';
  try {
    pidns = readlinkSync('/proc/self/ns/pid');
  } catch {
    /* not Linux */
  }
  return { host: hostname(), boot: readText('/proc/sys/kernel/random/boot_id'), pidns };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The holder a lock file names (an old plain-pid lock, or one being written, names a token-less holder). */
function readHolder(file: string): Holder | null {
  const text = readText(file);
  try {
    const h = JSON.parse(text) as Holder;
    if (h && typeof h.token === 'string') return h;
  } catch {
    /* below */
  }
  const pid = Number(text);
  return { token: `legacy:${text}`, pid: Number.isInteger(pid) ? pid : 0, host: '', boot: '', pidns: '', since: 0, what: '' };
}

function ageMs(file: string): number | null {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Tokens of the locks this process holds (its own pid on a lock file is then no leftover of a crash). */
const held = new Set<string>();

/** Whether `h` is stale: no heartbeat for `staleMs`, or a gone process of this very PID namespace. */
function isStale(h: Holder, age: number, staleMs: number, me: ReturnType<typeof here>): boolean {
  if (held.has(h.token)) return false;
  if (age >= staleMs) return true;
  const sameNs = h.pidns !== '' && h.host === me.host && h.boot === me.boot && h.pidns === me.pidns;
  return sameNs && (h.pid === process.pid || !alive(h.pid));
}

/**
 * Removes the lock file if it still is the stale one named by `token`, under the takeover guard. Answers whether the
 * caller should try to take the lock again.
 */
function takeOver(file: string, token: string, staleMs: number): boolean {
  const guard = `${file}.takeover`;
  let fd: number;
  try {
    fd = openSync(guard, 'wx', 0o600);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    // Another process is taking it over right now; a guard left by a crash mid-takeover goes after the stale time.
    const age = ageMs(guard);
    if (age !== null && age >= staleMs) rmSync(guard, { force: true });
    else sleepSync(50);
    return true;
  }
  try {
    closeSync(fd);
    const moved = `${file}.stale-${randomUUID()}`;
    try {
      renameSync(file, moved);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return true;
      throw e;
    }
    if (readHolder(moved)?.token !== token) {
      // A fresh lock took its place meanwhile: put it back (link fails if yet another is there; that one then holds).
      try {
        linkSync(moved, file);
      } catch {
        /* another holds */
      }
    }
    rmSync(moved, { force: true });
    return true;
  } finally {
    rmSync(guard, { force: true });
  }
}

// The heartbeat thread: touches the lock file while it is still ours; if it is not (taken over after a stall), the
// process ends at once, since another process owns the database now.
const HEARTBEAT = `
const { workerData } = process.getBuiltinModule('node:worker_threads');
const { readFileSync, utimesSync, writeSync } = process.getBuiltinModule('node:fs');
setInterval(() => {
  let text = '';
  // A passing read error of a shared volume skips a beat; only a file gone or naming another holder is a loss.
  try { text = readFileSync(workerData.file, 'utf8'); } catch (e) { if (e.code !== 'ENOENT') return; }
  if (text.includes(workerData.token)) {
    try { const now = new Date(); utimesSync(workerData.file, now, now); } catch {}
    return;
  }
  writeSync(2, 'DATA_DIR 잠금을 다른 프로세스가 가져갔습니다. 즉시 종료합니다. / The DATA_DIR lock was taken over by another process (this one stalled past the stale time); exiting now.\\n');
  process.kill(process.pid, 'SIGKILL');
}, workerData.beatMs);
`;

/** Options of lockDataDir. */
export interface LockOptions {
  /** No heartbeat for this long makes the lock stale (default DATA_DIR_LOCK_STALE_S, 15 s). */
  staleMs?: number;
  /** Who holds it, for the refusal line of another (default: the server). */
  what?: string;
}

/**
 * Takes `dataDir/server.lock` for this process, with a heartbeat. A stale lock (no heartbeat for the stale time, or a
 * crashed process of this PID namespace) is taken over; a live one refuses with a Korean + English line: two servers on
 * one embedded database would each keep their own copy in memory and lose the other's writes.
 * Returns the release function (also run at exit).
 */
export function lockDataDir(dataDir: string, opts: LockOptions = {}): () => void {
  const staleMs = opts.staleMs ?? lockStaleMs();
  const file = join(dataDir, LOCK_FILE);
  const me = here();
  for (let attempt = 0; attempt < 20; attempt++) {
    const holder: Holder = { token: randomUUID(), pid: process.pid, ...me, since: Date.now(), what: opts.what ?? 'server' };
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const other = readHolder(file);
      const age = ageMs(file);
      if (!other || age === null) continue; // gone meanwhile: try again
      if (!isStale(other, age, staleMs, me)) {
        const who = `${other.what || 'server'} pid ${other.pid}${other.host ? ` on ${other.host}` : ''}`;
        throw new Error(
          `다른 서버(${who})가 이미 DATA_DIR ${dataDir} 을(를) 쓰고 있습니다 (${Math.round(age / 1000)}초 전 확인). / Another server (${who}, heartbeat ${Math.round(age / 1000)} s ago) already uses DATA_DIR ${dataDir}: stop it, or give this one another DATA_DIR (several processes need DATABASE_URL). A crashed holder's lock is taken over ${Math.round(staleMs / 1000)} s after its last heartbeat.`,
          { cause: e },
        );
      }
      takeOver(file, other.token, staleMs);
      continue;
    }
    writeSync(fd, JSON.stringify(holder));
    closeSync(fd);
    const beat = new Worker(HEARTBEAT, {
      eval: true,
      workerData: { file, token: holder.token, beatMs: Math.max(50, Math.floor(staleMs / 5)) },
    });
    beat.unref();
    held.add(holder.token);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      held.delete(holder.token);
      void beat.terminate();
      if (readText(file).includes(holder.token)) rmSync(file, { force: true });
    };
    process.once('exit', release);
    return release;
  }
  throw new Error(`DATA_DIR ${dataDir}: could not take ${LOCK_FILE}`);
}

/**
 * For a command-line tool (seed, import) beside the server: on the embedded database, takes the
 * DATA_DIR lock, since a running server keeps that database in its memory and a write beside it would
 * be lost or clobber it. Answers the refusal line to print, or null when the tool may go on.
 */
export function lockDataDirForTool(config: { databaseUrl: string | null | undefined; dataDir: string }, what = 'tool'): string | null {
  if (config.databaseUrl) return null;
  if (!existsSync(config.dataDir)) mkdirSync(config.dataDir, { recursive: true });
  try {
    lockDataDir(config.dataDir, { what });
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}
