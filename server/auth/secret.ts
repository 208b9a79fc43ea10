import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import type { Db } from '../db';

/**
 * The HMAC key of access tokens and pending-identity cookies: SESSION_SECRET when set; otherwise the one kept
 * in the database (`server_secrets`), made once by whichever process comes first (`on conflict do nothing`),
 * so every process on one database signs and verifies the same tokens. A key an older version kept in
 * `dataDir/session-secret` becomes the database's key, so existing sessions survive the upgrade.
 */
export async function loadSessionSecret(config: Config, db: Db, env: NodeJS.ProcessEnv = process.env): Promise<Buffer> {
  if (env.SESSION_SECRET) {
    if (env.SESSION_SECRET.length < 32) throw new Error('SESSION_SECRET must be at least 32 characters');
    return Buffer.from(env.SESSION_SECRET, 'utf8');
  }
  const file = join(config.dataDir, 'session-secret');
  const candidate = existsSync(file) ? readFileSync(file, 'utf8').trim() : randomBytes(32).toString('base64url');
  await db.query("insert into server_secrets (name, value) values ('session', $1) on conflict (name) do nothing", [candidate]);
  const { rows } = await db.query<{ value: string }>("select value from server_secrets where name = 'session'");
  return Buffer.from(rows[0]!.value, 'base64url');
}
