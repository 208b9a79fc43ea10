import { createHash } from 'node:crypto';
import type { Db } from '../db';
import { randomToken, sha256 } from './tokens';

const CODE_TTL_S = 60;
const TOKEN_TTL_S = 10 * 60;

/**
 * State of the built-in OAuth provider: single-use codes and short-lived access tokens, kept in the database
 * (table local_oauth_grants, only their SHA-256 stored) so that the form on one server process and the login call
 * on another meet the same code. Expiry uses the database's clock, the one clock every process shares.
 */
export class LocalGrants {
  constructor(private readonly db: Db) {}

  /** A single-use authorization code for `email`, bound to `redirectUri`. */
  async issueCode(email: string, redirectUri: string): Promise<string> {
    await this.sweep();
    const code = randomToken(24);
    await this.db.query(
      `insert into local_oauth_grants (key_hash, kind, email, redirect_uri, expires_at)
       values ($1, 'code', $2, $3, now() + make_interval(secs => $4))`,
      [sha256(code), email, redirectUri, CODE_TTL_S],
    );
    return code;
  }

  /** Exchanges a code (once, in any process) for an access token; null when unknown, expired or for another redirect URI. */
  async exchange(code: string, redirectUri: string): Promise<string | null> {
    if (!code) return null;
    // delete … returning: of two processes exchanging the same code at once, only one gets the row.
    const { rows } = await this.db.query<{ email: string; redirect_uri: string; live: boolean }>(
      `delete from local_oauth_grants where key_hash = $1 and kind = 'code'
       returning email, redirect_uri, expires_at > now() as live`,
      [sha256(code)],
    );
    const grant = rows[0];
    if (!grant || !grant.live || grant.redirect_uri !== redirectUri) return null;
    const token = randomToken(24);
    await this.db.query(
      `insert into local_oauth_grants (key_hash, kind, email, expires_at)
       values ($1, 'token', $2, now() + make_interval(secs => $3))`,
      [sha256(token), grant.email, TOKEN_TTL_S],
    );
    return token;
  }

  /** The e-mail behind a live access token. */
  async emailOf(token: string): Promise<string | null> {
    const { rows } = await this.db.query<{ email: string }>(
      "select email from local_oauth_grants where key_hash = $1 and kind = 'token' and expires_at > now()",
      [sha256(token)],
    );
    return rows[0]?.email ?? null;
  }

  /** A stable numeric id per e-mail (48 bits of its hash), like Kakao's numeric user id. */
  static idOf(email: string): number {
    return parseInt(createHash('sha256').update(email).digest('hex').slice(0, 12), 16);
  }

  private async sweep(): Promise<void> {
    await this.db.query('delete from local_oauth_grants where expires_at < now()');
  }
}
