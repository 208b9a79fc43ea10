// The embedded default (PGlite) under real server processes: one process per DATA_DIR, and a storage failure ends
// the process instead of leaving it hanging.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from 'node:net';
import { makeDataTemplate, startServer, type StartedServer } from '../../tests/support/server';
import { signInOver } from './http-session';

const embedded = { DATABASE_URL: '', SEED_PINS: '300' };

describe('the embedded database in real processes', () => {
  const started: StartedServer[] = [];
  // Each server starts on a copy of one data folder a first start made (its initdb, migrations and seed once, not
  // once a server); what these tests look at is the running server's, not its first start's.
  let template: string | undefined;
  beforeAll(async () => {
    template = await makeDataTemplate(embedded);
  }, 120_000);
  afterAll(() => {
    if (template) rmSync(template, { recursive: true, force: true });
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((s) => s.stop()));
  });

  it('refuses a second server on the same DATA_DIR with a clear line', async () => {
    const a = await startServer(embedded, { template });
    started.push(a);
    const second = startServer(embedded, { dataDir: a.dataDir }).then(
      () => 'started',
      (e: Error) => e.message,
    );
    const message = await second;
    expect(message).toContain('server exited with 1');
    expect(message).toContain('이미 DATA_DIR');
    expect(message).toContain('Another server');
    // The first one still serves.
    expect((await fetch(`${a.url}/readyz`)).status).toBe(200);
  }, 120_000);

  it('holds across PID namespaces (containers): a second server refuses; a killed holder is taken over after the stale time', async () => {
    // Each server is pid 1 of a PID namespace of its own, as in two containers on one volume.
    // As another user than root, a user namespace of its own (mapped to root inside) allows the PID namespace.
    const asUser = process.getuid?.() === 0 ? [] : ['--user', '--map-root-user'];
    const ns = ['unshare', ...asUser, '--pid', '--fork', '--kill-child', '--mount-proc'];
    const env = { ...embedded, DATA_DIR_LOCK_STALE_S: '4' };
    const a = await startServer(env, { wrap: ns, template });
    started.push(a);
    const lock = join(a.dataDir, 'server.lock');
    const holder = readFileSync(lock, 'utf8').trim();
    expect(holder.startsWith('{') ? JSON.parse(holder).pid : Number(holder)).toBe(1);
    const second = await startServer(env, { dataDir: a.dataDir, wrap: ns }).then(
      () => 'started',
      (e: Error) => e.message,
    );
    expect(second).toContain('server exited with 1');
    expect(second).toContain('이미 DATA_DIR');
    const s = await signInOver(a.url, 'ns@example.com', '컨테이너');
    const mark = await fetch(`${a.url}/api/v1/pin/5/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: s.cookie },
      body: JSON.stringify({ check: true }),
    });
    expect(mark.status).toBe(200);
    // A crash: the holder's heartbeat stops, and once its lock is stale (no touch for 4 s) the next server takes over.
    a.signal('SIGKILL');
    await a.exited;
    started.splice(started.indexOf(a), 1); // the folder is the next server's now (its stop removes it)
    for (let i = 0; Date.now() - statSync(lock).mtimeMs < 4_000; i++) {
      expect(i).toBeLessThan(200);
      await new Promise((r) => setTimeout(r, 100));
    }
    const c = await startServer(env, { dataDir: a.dataDir, wrap: ns });
    started.push(c);
    expect((await fetch(`${c.url}/readyz`)).status).toBe(200);
    const again = await signInOver(c.url, 'ns@example.com', '컨테이너');
    const checks = await (await fetch(`${c.url}/api/v1/me/checks`, { headers: { cookie: again.cookie } })).json();
    expect(checks.result.pinIds).toContain(5);
  }, 240_000);

  it('refuses npm run seed and npm run import beside a running server on the same DATA_DIR, with the same line', async () => {
    const a = await startServer(embedded, { template });
    started.push(a);
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', ...args], {
        env: { ...process.env, DATA_DIR: a.dataDir, DATABASE_URL: '' },
      }).then(
        () => ({ code: 0, stderr: '' }),
        (e: { code: number; stderr: string }) => e,
      );
    for (const args of [
      ['server/seed/cli.ts', '--pins', '10', '--reset'],
      ['server/import/cli.ts', 'tests/fixtures/import-example.json'],
    ]) {
      const r = await run(args);
      expect(r.code, args[0]).toBe(1);
      expect(r.stderr, args[0]).toContain('이미 DATA_DIR');
      expect(r.stderr, args[0]).toContain('Another server');
    }
    expect((await fetch(`${a.url}/readyz`)).status).toBe(200);
    // Once the server is gone, the same import runs (the lock is the server's, not a leftover).
    await a.stop({ keepData: true });
    const after = await run(['server/import/cli.ts', 'tests/fixtures/import-example.json']);
    expect(after.code).toBe(0);
    rmSync(a.dataDir, { recursive: true, force: true });
  }, 180_000);

  it('on SIGTERM stops taking connections, finishes the request in flight, then exits 0', async () => {
    const a = await startServer(embedded, { template });
    started.push(a);
    const s = await signInOver(a.url, 'drain@example.com', '배수');
    const body = JSON.stringify({ check: true });
    // A request whose body is still arriving when the signal comes: in flight, not idle.
    const socket = connect(a.port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    let answer = '';
    socket.on('data', (b) => (answer += b));
    const closed = new Promise((r) => socket.once('close', r));
    socket.write(
      `POST /api/v1/pin/1/check HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nCookie: ${s.cookie}\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((r) => setTimeout(r, 300));
    a.signal('SIGTERM');
    // New connections are refused once the shutdown began (tried until they are; counted, not timed).
    let refusedAfter = 0;
    for (;;) {
      refusedAfter++;
      const r = await fetch(`${a.url}/healthz`).then(
        () => 'answered',
        () => 'refused',
      );
      if (r === 'refused') break;
      expect(refusedAfter).toBeLessThan(200);
      await new Promise((r) => setTimeout(r, 50));
    }
    socket.write(body.slice(5));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('"check":true');
    const code = await a.exited;
    expect(code, a.output()).toBe(0);
  }, 120_000);

  it('notices by itself that its database files are gone and exits 1, with no request needed', async () => {
    const a = await startServer(embedded, { template });
    started.push(a);
    rmSync(`${a.dataDir}/pglite`, { recursive: true, force: true });
    // No request: the tables it already opened still answer from open files, so only the storage probe can tell.
    const code = await Promise.race([a.exited, new Promise((r) => setTimeout(() => r('still running'), 30_000))]);
    expect(code).toBe(1);
    expect(a.output()).toContain('Storage failure');
  }, 120_000);

  it('exits non-zero when its storage fails, instead of hanging', async () => {
    const a = await startServer(embedded, { template });
    started.push(a);
    rmSync(`${a.dataDir}/pglite`, { recursive: true, force: true });
    // A sign-in reads tables whose files are gone: PostgreSQL's "could not open file" (SQLSTATE class 58).
    await signInOver(a.url, 'disk@example.com', '디스크').catch(() => undefined);
    const code = await Promise.race([a.exited, new Promise((r) => setTimeout(() => r('still running'), 15_000))]);
    expect(code).toBe(1);
    expect(a.output()).toContain('Storage failure');
  }, 120_000);
});

describe('the stall watchdog', () => {
  it('kills a process whose main thread is stuck', async () => {
    const script =
      "import { startStallWatchdog } from './server/ops/stall-watchdog.ts'; startStallWatchdog(500); setTimeout(() => { for (;;); }, 100);";
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (b) => (err += b));
    const signal = await new Promise((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve('timeout');
      }, 20_000);
      child.once('exit', (_code, sig) => {
        clearTimeout(timer);
        resolve(sig);
      });
    });
    expect(signal).toBe('SIGKILL');
    expect(err).toContain('event loop stalled');
  }, 30_000);
});
