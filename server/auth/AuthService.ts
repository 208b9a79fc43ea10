import type { Db } from '../db';
import { signValue, verifyValue } from './tokens';

/**
 * How long a "this session is alive" answer is trusted without asking the database again. Only on the embedded
 * PGlite, which one process owns (the DATA_DIR lock), so a revocation there drops the entry at once. On
 * PostgreSQL several processes share the sessions: each request asks the database (one primary-key lookup), so a
 * logout on one process is refused by every other at once, not after a cache window.
 */
const SESSION_CACHE_MS = 5_000;

interface AccessPayload {
  uid: number;
  sid: number;
  exp: number;
}

/** Signs and checks access tokens; remembers live sessions briefly so a request costs no extra query. */
export class AuthService {
  private readonly live = new Map<number, { userId: number; until: number }>();
  private lastPurge = 0;

  constructor(
    readonly secret: Buffer,
    private readonly db: Db,
  ) {}

  /** A signed access token for the session, valid `ttlS` seconds. */
  signAccess(userId: number, sessionId: number, ttlS: number): string {
    // exp in epoch milliseconds: whole seconds would cut up to a second off a 1-second test token.
    return signValue(this.secret, 'access', { uid: userId, sid: sessionId, exp: Date.now() + ttlS * 1000 });
  }

  /** The token's payload when its signature is ours (expiry not checked), else null. */
  decodeAccess(token: string): AccessPayload | null {
    const p = verifyValue<AccessPayload>(this.secret, 'access', token);
    return p && Number.isInteger(p.uid) && Number.isInteger(p.sid) && typeof p.exp === 'number' ? p : null;
  }

  /** The user id of a valid, unexpired access token whose session is not revoked; null otherwise. */
  async verifyAccess(token: string): Promise<number | null> {
    const p = this.decodeAccess(token);
    if (!p || p.exp <= Date.now()) return null;
    const cache = this.db.kind === 'pglite';
    const hit = cache ? this.live.get(p.sid) : undefined;
    if (hit && hit.until > Date.now()) return hit.userId === p.uid ? p.uid : null;
    const { rows } = await this.db.query<{ user_id: number }>(
      'select user_id from sessions where id = $1 and revoked_at is null and expires_at > now()',
      [p.sid],
    );
    if (rows[0]?.user_id !== p.uid) {
      this.live.delete(p.sid);
      return null;
    }
    if (!cache) return p.uid;
    if (this.live.size > 10_000) this.live.clear();
    this.live.set(p.sid, { userId: p.uid, until: Date.now() + SESSION_CACHE_MS });
    return p.uid;
  }

  /**
   * At most hourly: deletes sessions that expired (or were revoked) over a day ago, with their refresh
   * tokens. Used tokens are otherwise kept until they expire: a replay must still be recognised.
   */
  async purgeOld(): Promise<void> {
    if (Date.now() - this.lastPurge < 3_600_000) return;
    this.lastPurge = Date.now();
    await this.db.query("delete from sessions where expires_at < now() - interval '1 day' or revoked_at < now() - interval '1 day'");
    await this.db.query('delete from refresh_tokens where expires_at < now()');
  }

  /** Forgets cached sessions (after a revocation) so they are refused at once. */
  forget(sessionIds?: number[]): void {
    if (!sessionIds) this.live.clear();
    else for (const id of sessionIds) this.live.delete(id);
  }
}
