// An import killed (kill -9) after it wrote the catalogue and while it writes 22,142 pins leaves nothing: it is one
// transaction, on the embedded database and on PostgreSQL alike.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FULL_SHAPE, writeWorld } from '../../tools/world-fixture';
import { migrate, openDb } from '../db';

const dir = mkdtempSync(join(tmpdir(), 'wuwa-import-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run import killed midway', () => {
  it('leaves the database as it was', async () => {
    const url = process.env.TEST_DATABASE_URL;
    const target = { databaseUrl: url, pgliteDir: url ? undefined : join(dir, 'data', 'pglite') };
    mkdirSync(join(dir, 'data'), { recursive: true });
    const before = await openDb(target);
    if (url) await before.exec('drop schema public cascade; create schema public;');
    await migrate(before);
    await before.close();
    const file = await writeWorld(dir, FULL_SHAPE, true);
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/import/cli.ts', file], {
      env: { ...process.env, IMPORT_STEPS: '1', DATA_DIR: join(dir, 'data'), DATABASE_URL: url ?? '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    const signal = await new Promise<string>((resolve) => {
      child.stdout.on('data', (b: Buffer) => {
        out += b;
        if (out.includes('step catalogue') && !child.killed) child.kill('SIGKILL');
      });
      child.once('exit', (_code, sig) => resolve(String(sig)));
    });
    expect(signal).toBe('SIGKILL');
    expect(out).not.toContain('step pins');
    const after = await openDb(target);
    try {
      const n = async (table: string) => (await after.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
      expect([await n('category_groups'), await n('categories'), await n('tags'), await n('pins')]).toEqual([0, 0, 0, 0]);
    } finally {
      await after.close();
    }
  }, 180_000);
});
