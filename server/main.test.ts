import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';

// Its own folder per database kind: `npm test` runs the server suite on PGlite and on PostgreSQL side by side.
const MAIN_TEST_DIR = process.env.TEST_DATABASE_URL ? '.tmp/main-test-pg' : '.tmp/main-test';

function start(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: '18999', SERVE_CLIENT: '0', ...env },
    encoding: 'utf8',
    // A cold tsx start: seconds alone, far longer beside npm test's other lanes on a busy 2-core machine.
    timeout: 100_000,
  });
}

describe('npm start refuses to start', { timeout: 120_000 }, () => {
  it.each(['/proc/wuwa-not-writable', 'package.json/data'])('when DATA_DIR (%s) is not writable, with one clear line', (dir) => {
    const r = start({ DATA_DIR: dir });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/DATA_DIR .*not writable/);
  });

  it('when DATABASE_URL cannot be reached, with one clear line', () => {
    const r = start({ DATA_DIR: MAIN_TEST_DIR, DATABASE_URL: 'postgres://nobody:x@127.0.0.1:1/nothing' });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/cannot reach DATABASE_URL postgres:\/\/\*\*\*@127\.0\.0\.1:1\/nothing/);
  });

  it('when a setting is malformed', () => {
    const r = start({ DATA_DIR: MAIN_TEST_DIR, ACCESS_TOKEN_TTL_S: 'soon' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/ACCESS_TOKEN_TTL_S must be a positive number/);
  });
});
