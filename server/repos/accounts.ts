import type { Db } from '../db';
import type { Me } from '../../common/api';

/*
 * Player accounts: the `users` row and its provider links (`provider_accounts`). Sessions, checks, profiles and the
 * rest hang off the user by foreign key; deleting the account is one transaction here.
 */

/** The user's `Me`, or null when the account no longer exists. */
export async function loadMe(db: Db, userId: number): Promise<Me | null> {
  const { rows } = await db.query<{ id: number; nickname: string; email: string | null; check_time: number; role: Me['role'] }>(
    'select id, nickname, email, check_time, role from users where id = $1',
    [userId],
  );
  const r = rows[0];
  return r ? { id: r.id, nickname: r.nickname, email: r.email, checkTime: Number(r.check_time), role: r.role } : null;
}

/** The account a provider's identity (`provider`, its `subject`) is linked to, or null. */
export async function linkedUser(db: Db, provider: string, subject: string): Promise<number | null> {
  const { rows } = await db.query<{ user_id: number }>('select user_id from provider_accounts where provider = $1 and subject = $2', [
    provider,
    subject,
  ]);
  return rows[0]?.user_id ?? null;
}

/**
 * The account of a provider identity: the one already linked (registering twice, a double click, signs into the
 * account the first call made), else a new account with `nickname`. A nickname in use rejects with the database's
 * unique violation (23505).
 */
export async function createAccount(
  db: Db,
  provider: string,
  identity: { subject: string; email: string | null },
  nickname: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const existing = await linkedUser(tx, provider, identity.subject);
    if (existing !== null) return existing;
    const { rows } = await tx.query<{ id: number }>('insert into users (nickname, email) values ($1, $2) returning id', [
      nickname,
      identity.email,
    ]);
    const id = rows[0]!.id;
    await tx.query('insert into provider_accounts (provider, subject, user_id, email) values ($1, $2, $3, $4)', [
      provider,
      identity.subject,
      id,
      identity.email,
    ]);
    return id;
  });
}

/** Renames the user; false when the account no longer exists. A nickname in use rejects with a unique violation (23505). */
export async function renameUser(db: Db, userId: number, nickname: string): Promise<boolean> {
  const { rowCount } = await db.query('update users set nickname = $2 where id = $1', [userId, nickname]);
  return rowCount > 0;
}

/**
 * Deletes the account in one transaction: pins' totalChecks lose its checks (of every profile), then the user row
 * goes, and with it (foreign keys) sessions, refresh tokens, provider links, profiles, checks and comment votes; pins
 * stay with no registerer, comments with no author, reports and revisions anonymous. Answers the ids of the sessions
 * it ended (to forget them at once); none when the account was already gone.
 */
export async function deleteAccount(db: Db, userId: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    // Locking the user row first serialises this with the user's own check calls (they bump check_time).
    const { rows } = await tx.query('select id from users where id = $1 for update', [userId]);
    if (rows.length === 0) return [];
    await tx.query(
      `update pins p set total_checks = p.total_checks - c.n
         from (select c.pin_id, count(*)::int as n from profile_checks c join progress_profiles f on f.id = c.profile_id
                where f.user_id = $1 group by c.pin_id) c
        where p.id = c.pin_id`,
      [userId],
    );
    const s = await tx.query<{ id: number }>('select id from sessions where user_id = $1', [userId]);
    await tx.query('delete from users where id = $1', [userId]);
    return s.rows.map((r) => Number(r.id));
  });
}
