// The built-in provider's codes live in the database: two providers on one database (two server processes)
// see each other's codes, and a code still works once only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalGrants } from './local-grants';
import { testApp } from '../test-helper';

describe('local provider grants (codes and tokens in the database)', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('a code issued by one process is exchanged by another, once', async () => {
    const a = new LocalGrants(t.db);
    const b = new LocalGrants(t.db);
    const code = await a.issueCode('cross@example.com', '/cb');
    const token = await b.exchange(code, '/cb');
    expect(token).toEqual(expect.any(String));
    expect(await a.emailOf(token!)).toBe('cross@example.com');
    expect(await a.exchange(code, '/cb')).toBeNull();
    expect(await b.exchange(code, '/cb')).toBeNull();
  });

  it('refuses another redirect URI and burns the code; stores no code in the clear', async () => {
    const a = new LocalGrants(t.db);
    const code = await a.issueCode('uri@example.com', '/cb');
    const { rows } = await t.db.query<{ n: number }>('select count(*)::int as n from local_oauth_grants where key_hash = $1', [code]);
    expect(rows[0]!.n).toBe(0);
    expect(await a.exchange(code, '/elsewhere')).toBeNull();
    expect(await a.exchange(code, '/cb')).toBeNull();
  });

  it('refuses an expired code and sweeps expired rows', async () => {
    const a = new LocalGrants(t.db);
    const code = await a.issueCode('old@example.com', '/cb');
    await t.db.query("update local_oauth_grants set expires_at = now() - interval '1 second'");
    expect(await a.exchange(code, '/cb')).toBeNull();
    const stale = await a.issueCode('stale@example.com', '/cb');
    await t.db.query("update local_oauth_grants set expires_at = now() - interval '1 second'");
    await a.issueCode('fresh@example.com', '/cb');
    const { rows } = await t.db.query<{ n: number }>('select count(*)::int as n from local_oauth_grants');
    expect(rows[0]!.n).toBe(1);
    expect(await a.exchange(stale, '/cb')).toBeNull();
  });
});
