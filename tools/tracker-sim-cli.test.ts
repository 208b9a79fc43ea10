import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

function run(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    // A simulator that starts instead of printing help would run until the timeout kills it.
    execFile(
      process.execPath,
      ['--import', 'tsx', 'tools/tracker-sim.ts', ...args],
      { cwd: root, timeout: 20_000 },
      (err, stdout, stderr) => {
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, out: stdout + stderr });
      },
    );
  });
}

describe('npm run tracker:sim -- --help', () => {
  it('prints the usage and exits without starting a simulator', async () => {
    for (const flag of ['--help', '-h']) {
      const r = await run([flag]);
      expect(r.code).toBe(0);
      expect(r.out).toContain('--mode');
      expect(r.out).toContain('--drop-every');
      expect(r.out).not.toContain('local mode:');
    }
  });

  it('refuses an unknown option with the usage', async () => {
    const r = await run(['--mdoe', 'local']);
    expect(r.code).toBe(2);
    expect(r.out).toContain('--mode');
  });
});
