// A process killed (kill -9) while a large change is written in steps leaves none of it: the restarted server rolls
// the written steps back from their journal before it serves (issue 23 item 4: all or nothing, one undoable action).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'wuwa-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const child = (...args: string[]) =>
  spawn(process.execPath, ['--import', 'tsx', 'server/repos/bulk-crash.child.ts', dir, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });

describe('a large change on the embedded database, killed midway', () => {
  it('is rolled back whole at the next start: checks, marks, found-counts and the action as before', async () => {
    if (process.env.TEST_DATABASE_URL) return; // PostgreSQL writes each change in one transaction
    const writer = child('write');
    let out = '';
    let before: Record<string, unknown> | undefined;
    const killed = await new Promise<string>((resolve) => {
      writer.stdout.on('data', (b: Buffer) => {
        out += b;
        before ??= JSON.parse(/^before (.*)$/m.exec(out)?.[1] ?? 'null') ?? undefined;
        const steps = [...out.matchAll(/^steps (\d+)$/gm)].map((m) => Number(m[1]));
        if (before && steps.length && steps[steps.length - 1]! >= 5 && !writer.killed) writer.kill('SIGKILL');
        out = out.slice(-200);
      });
      writer.once('exit', (_code, signal) => resolve(String(signal)));
    });
    expect(killed).toBe('SIGKILL');
    const checker = child('check', String(before!.user));
    let text = '';
    checker.stdout.on('data', (b: Buffer) => (text += b));
    await new Promise((r) => checker.once('exit', r));
    const after = JSON.parse(/^after (.*)$/m.exec(text)![1]!);
    expect(after.recovered).toBe(1);
    expect(after).toMatchObject({ checks: [7, 3100], totals: before!.totals, pending: 0, journal: 0, actions: 1 });
  }, 180_000);
});
