import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = ['src', 'workers', 'common', 'proto', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

/** True when dist/ is missing or older than any client source. */
export function clientIsStale(): boolean {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((p) => newest(join(root, p)) > builtAt);
}

/** Builds the client with Vite when it is stale; returns whether it built. */
export async function buildClientIfStale(log: (msg: string) => void = console.log): Promise<boolean> {
  if (!clientIsStale()) return false;
  log('클라이언트를 빌드합니다… (building the client)');
  const started = Date.now();
  const { build } = await import('vite');
  // Vite sets NODE_ENV=production for the build; left behind it would turn the server's local sign-in off.
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build({ root, logLevel: 'warn', configFile: join(root, 'vite.config.ts') });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  log(`클라이언트 빌드 완료 (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return true;
}
