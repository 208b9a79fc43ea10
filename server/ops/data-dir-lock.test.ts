// The DATA_DIR lock of the embedded database (issue 23, item 5): it holds by a heartbeat, not by a process id, so it
// holds across PID namespaces and containers; a stale one is taken over by exactly one contender. The real servers in
// two PID namespaces are in server/scale/embedded.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCK_FILE, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
const releases: (() => void)[] = [];
afterEach(() => {
  releases.splice(0).forEach((r) => r());
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
});
const newDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'wuwa-lock-'));
  dirs.push(d);
  return d;
};
/** A lock file as a server in another container writes it: pid 1 of another PID namespace on another host. */
const foreign = (dir: string, ageS: number) => {
  const file = join(dir, LOCK_FILE);
  writeFileSync(file, JSON.stringify({ token: 'other', pid: 1, host: 'box-b', boot: 'x', pidns: 'pid:[1]', since: 0, what: 'server' }));
  const t = new Date(Date.now() - ageS * 1000);
  utimesSync(file, t, t);
  return file;
};

/** Runs `code` (ESM, tsx) in a child; answers its exit code or signal and its output. */
function child(code: string): { done: Promise<{ code: number | string | null; out: string }>; kill: () => void } {
  const p = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  p.stdout.on('data', (b) => (out += b));
  p.stderr.on('data', (b) => (out += b));
  return {
    done: new Promise((r) => p.once('exit', (c, s) => r({ code: c ?? s, out }))),
    kill: () => p.kill('SIGKILL'),
  };
}
const LOCK = "import { lockDataDir } from './server/ops/data-dir-lock.ts';";

describe('the DATA_DIR lock', () => {
  it('refuses a live holder of another PID namespace, even one whose pid is ours or not alive here', () => {
    const dir = newDir();
    foreign(dir, 1);
    expect(() => lockDataDir(dir, { staleMs: 10_000 })).toThrow(/이미 DATA_DIR.*Another server \(server pid 1 on box-b/);
  });

  it('takes over a lock whose heartbeat stopped for the stale time, and keeps its own fresh by a heartbeat', async () => {
    const dir = newDir();
    const file = foreign(dir, 3);
    releases.push(lockDataDir(dir, { staleMs: 2_000 }));
    const mine = JSON.parse(readFileSync(file, 'utf8')) as { token: string; pid: number };
    expect(mine.pid).toBe(process.pid);
    expect(mine.token).not.toBe('other');
    // Age it: the heartbeat (every 400 ms) makes it fresh again, so a second taker is refused.
    const old = new Date(Date.now() - 60_000);
    utimesSync(file, old, old);
    for (let i = 0; statSync(file).mtimeMs < Date.now() - 30_000; i++) {
      expect(i).toBeLessThan(100);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(() => lockDataDir(dir, { staleMs: 2_000 })).toThrow(/Another server/);
    releases.splice(0).forEach((r) => r());
    expect(() => statSync(file)).toThrow();
  });

  it('of several processes taking over one stale lock at once, exactly one gets it', async () => {
    const dir = newDir();
    foreign(dir, 60);
    const runs = Array.from({ length: 5 }, () =>
      child(
        `${LOCK} try { lockDataDir(${JSON.stringify(dir)}, { staleMs: 10_000 }); console.log('LOCKED'); setTimeout(() => {}, 4000); } catch (e) { console.log('REFUSED'); }`,
      ),
    );
    const outs = (await Promise.all(runs.map((r) => r.done))).map((r) => r.out);
    expect(outs.filter((o) => o.includes('LOCKED'))).toHaveLength(1);
    expect(outs.filter((o) => o.includes('REFUSED'))).toHaveLength(4);
  }, 60_000);

  it('a holder whose lock was taken over (it stalled past the stale time) ends at once', async () => {
    const dir = newDir();
    const run = child(`${LOCK} lockDataDir(${JSON.stringify(dir)}, { staleMs: 500 }); console.log('LOCKED'); setInterval(() => {}, 1000);`);
    const file = join(dir, LOCK_FILE);
    for (let i = 0; !readFileSafe(file).includes('token'); i++) {
      expect(i).toBeLessThan(400);
      await new Promise((r) => setTimeout(r, 50));
    }
    foreign(dir, 0);
    const r = await Promise.race([
      run.done,
      new Promise<{ code: string; out: string }>((res) => setTimeout(() => res({ code: 'running', out: '' }), 20_000)),
    ]);
    run.kill();
    expect(r.code).toBe('SIGKILL');
    expect(r.out).toContain('taken over');
  }, 30_000);
});

function readFileSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
