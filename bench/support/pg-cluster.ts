// A throwaway PostgreSQL cluster of the machine's own binaries, in a temporary folder on a free port: a bench may
// stop and start it at will without touching any database other work uses. As root, it runs as the `postgres` user
// (PostgreSQL refuses root).
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../../tests/support/server';

export interface PgCluster {
  /** `postgres://wuwa@127.0.0.1:PORT/wuwa` (trust authentication on loopback). */
  url: string;
  /** Fast shutdown (every connection is ended), `downMs` with no database, then start; resolves once it accepts connections. */
  restart(downMs: number): Promise<void>;
  /** Stops it and removes its folder. */
  remove(): void;
}

/** The newest installed PostgreSQL's bin folder, or null. */
function binDir(): string | null {
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    const root = '/usr/lib/postgresql';
    if (!existsSync(root)) return null;
    const v = readdirSync(root)
      .filter((d) => existsSync(join(root, d, 'bin', 'pg_ctl')))
      .sort((a, b) => Number(b) - Number(a))[0];
    return v ? join(root, v, 'bin') : null;
  }
}

/** Starts a fresh cluster; null when this machine cannot (no PostgreSQL binaries, or root with no `postgres` user). */
export async function startPgCluster(): Promise<PgCluster | null> {
  const bin = binDir();
  if (!bin || !existsSync(join(bin, 'initdb'))) return null;
  const root = process.getuid?.() === 0;
  let owner: { uid: number; gid: number } | undefined;
  if (root) {
    try {
      owner = {
        uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
        gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
      };
    } catch {
      return null; // as root, PostgreSQL needs another user to run as
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'wuwa-pg-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  // Asynchronous: the bench's load goes on while the database stops and starts.
  const run = async (cmd: string, args: string[]) => {
    const [file, argv] = root ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]] : [join(bin, cmd), args];
    await promisify(execFile)(file, argv, { encoding: 'utf8' }).catch((e: Error & { stderr?: string }) => {
      throw new Error(`${cmd} failed: ${e.stderr || e.message}`);
    });
  };
  const data = join(dir, 'data');
  const port = await freePort();
  await run('initdb', ['-D', data, '-U', 'wuwa', '--auth=trust', '-E', 'UTF8', '--no-instructions']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100`;
  const start = () => run('pg_ctl', ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', 'start']);
  await start();
  const admin = new pg.Client({ connectionString: `postgres://wuwa@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database wuwa');
  await admin.end();
  return {
    url: `postgres://wuwa@127.0.0.1:${port}/wuwa`,
    async restart(downMs) {
      await run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      await new Promise((r) => setTimeout(r, downMs));
      await start();
    },
    remove() {
      spawnSync(root ? 'runuser' : join(bin, 'pg_ctl'), [
        ...(root ? ['-u', 'postgres', '--', join(bin, 'pg_ctl')] : []),
        '-D',
        data,
        '-m',
        'immediate',
        'stop',
      ]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
