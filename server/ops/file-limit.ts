import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The process's open-file limit (RLIMIT_NOFILE), or null where /proc does not say (not Linux). */
export function openFileLimit(): { soft: number; hard: number } | null {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const [soft, hard] = (line?.match(/(\d+|unlimited)\s+(\d+|unlimited)/)?.slice(1) ?? []).map((v) =>
      v === 'unlimited' ? Number.MAX_SAFE_INTEGER : Number(v),
    );
    return soft && hard ? { soft, hard } : null;
  } catch {
    return null;
  }
}

/**
 * Raises this process's open-file limit to `target` where the OS allows. Node has no setrlimit of its own (it only
 * lifts the soft limit to the hard one at start), so `prlimit --pid` (util-linux) sets both on this very process: a
 * root process with CAP_SYS_RESOURCE may lift the hard limit too; elsewhere it fails and the limit stays as it was.
 * Never lowers anything. Returns the limit before and after, and why it stayed when it did.
 */
export function raiseOpenFileLimit(target: number): { before: number; after: number; note?: string } {
  const now = openFileLimit();
  if (!now) return { before: 0, after: 0, note: 'the open-file limit cannot be read here (/proc/self/limits)' };
  if (!(target > now.soft)) return { before: now.soft, after: now.soft };
  const soft = Math.max(now.soft, target);
  const hard = Math.max(now.hard, target);
  try {
    execFileSync('prlimit', ['--pid', String(process.pid), `--nofile=${soft}:${hard}`], { stdio: 'pipe', timeout: 5_000 });
  } catch (e) {
    const why = String((e as { stderr?: Buffer }).stderr ?? (e as Error).message)
      .trim()
      .split('\n')[0];
    return { before: now.soft, after: openFileLimit()?.soft ?? now.soft, note: why };
  }
  return { before: now.soft, after: openFileLimit()?.soft ?? now.soft };
}

const EXHAUSTION = new Set(['EMFILE', 'ENFILE', 'ENOMEM', 'ENOBUFS', 'EAGAIN']);

/**
 * The process or the machine ran out of a resource (open files, memory, buffers): it passes when connections close,
 * so it must never read as a storage failure. PostgreSQL says the same with SQLSTATE 53000 (insufficient resources)
 * and 53200 (out of memory).
 */
export function isResourceExhaustion(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (EXHAUSTION.has(code) || code === '53000' || code === '53200');
}
