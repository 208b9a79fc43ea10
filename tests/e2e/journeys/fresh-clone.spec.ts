// A new user's first `npm start` on a fresh clone, with no environment set: the start that builds the
// client must still offer the built-in sign-in (issue 10, blocker 1).
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '@playwright/test';
import { freePort } from '../../support/server';
import { signInLocally } from './helpers';

const root = fileURLToPath(new URL('../../..', import.meta.url));

test('a fresh clone offers sign-in on its first npm start', async ({ page, request }) => {
  test.setTimeout(420_000);
  const dir = mkdtempSync(join(tmpdir(), 'wuwa-clone-'));
  const head = execFileSync('git', ['-C', root, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  execFileSync('git', ['clone', '--quiet', '--shared', '--no-checkout', root, dir]);
  execFileSync('git', ['-C', dir, 'checkout', '--quiet', head]);
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  expect(existsSync(join(dir, 'dist'))).toBe(false);

  const port = await freePort();
  const url = `http://localhost:${port}`;
  // Nothing but what a shell gives any user (and a port no one else on this machine holds).
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? dir, PORT: String(port) };
  let out = '';
  const child: ChildProcess = spawn('npm', ['start'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stdout!.on('data', (b) => (out += b));
  child.stderr!.on('data', (b) => (out += b));
  try {
    await expect.poll(() => out, { timeout: 360_000, intervals: [1000] }).toContain(url);
    expect(out).toContain('클라이언트 빌드 완료');

    const providers = await (await request.get(`${url}/api/v1/auth/providers`)).json();
    expect(providers.result.local).not.toBeNull();

    await page.setViewportSize({ width: 1440, height: 900 });
    await signInLocally(page, 'first@example.com', '첫손님', url);
  } finally {
    // The server's process group ends before its folder goes.
    const exited = child.exitCode != null || child.signalCode != null ? Promise.resolve() : new Promise((r) => child.once('exit', r));
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
});
