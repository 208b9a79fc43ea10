import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from './index';

const url = process.env.TEST_DATABASE_URL;

describe('listen / notify', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb({ databaseUrl: url });
  });
  afterAll(() => db.close());

  async function received(channel: string, payload: string): Promise<string[]> {
    const got: string[] = [];
    const stop = await db.listen(channel, (p) => got.push(p));
    await db.notify(channel, payload);
    for (let i = 0; i < 50 && got.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await stop();
    return got;
  }

  it('delivers a notification to a listener of the channel', async () => {
    expect(await received('listen_test', 'hello')).toEqual(['hello']);
  });

  it.runIf(url)('listens again after the LISTEN connection is cut', async () => {
    const got: string[] = [];
    await db.listen('listen_cut', (p) => got.push(p));
    const killed = await db.query<{ n: number }>(
      "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where query ilike 'listen %' and pid <> pg_backend_pid() and datname = current_database()",
    );
    expect(killed.rows[0]!.n).toBeGreaterThanOrEqual(1);
    // Notify until the listener is back (it reconnects with backoff from 100 ms).
    for (let i = 0; i < 60 && got.length === 0; i++) {
      await db.notify('listen_cut', 'back');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(got[0]).toBe('back');
  });
});
