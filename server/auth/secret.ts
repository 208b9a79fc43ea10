import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config';

/**
 * The HMAC key of access tokens and pending-identity cookies: SESSION_SECRET when set; under tests
 * (VITEST) a fresh in-memory key; otherwise generated once and kept in `dataDir/session-secret` (0600),
 * so sessions survive a restart.
 */
export function loadSessionSecret(config: Config, env: NodeJS.ProcessEnv = process.env): Buffer {
  if (env.SESSION_SECRET) {
    if (env.SESSION_SECRET.length < 32) throw new Error('SESSION_SECRET must be at least 32 characters');
    return Buffer.from(env.SESSION_SECRET, 'utf8');
  }
  if (env.VITEST) return randomBytes(32);
  const file = join(config.dataDir, 'session-secret');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32);
  writeFileSync(file, secret.toString('base64url') + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
