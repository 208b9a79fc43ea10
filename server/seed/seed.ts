import type { Config } from '../config';
import type { Db } from '../db';

/** Placeholder until the seed lands: seeds the demo world when the database is empty. */
export async function seedIfEmpty(_db: Db, _config: Config): Promise<{ pins: number; ms: number } | null> {
  return null;
}
