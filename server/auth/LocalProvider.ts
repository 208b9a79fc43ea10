import { createHash } from 'node:crypto';
import { randomToken } from './tokens';

interface Grant {
  email: string;
  redirectUri: string;
  exp: number;
}

const CODE_TTL_MS = 60_000;
const TOKEN_TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 10_000;

/** State of the built-in OAuth provider: single-use codes and short-lived access tokens, in memory. */
export class LocalProvider {
  private readonly codes = new Map<string, Grant>();
  private readonly tokens = new Map<string, { email: string; exp: number }>();

  /** A single-use authorization code for `email`, bound to `redirectUri`. */
  issueCode(email: string, redirectUri: string): string {
    this.sweep();
    const code = randomToken(24);
    this.codes.set(code, { email, redirectUri, exp: Date.now() + CODE_TTL_MS });
    return code;
  }

  /** Exchanges a code (once) for an access token; null when unknown, expired or for another redirect URI. */
  exchange(code: string, redirectUri: string): string | null {
    const grant = this.codes.get(code);
    this.codes.delete(code);
    if (!grant || grant.exp < Date.now() || grant.redirectUri !== redirectUri) return null;
    const token = randomToken(24);
    this.tokens.set(token, { email: grant.email, exp: Date.now() + TOKEN_TTL_MS });
    return token;
  }

  /** The e-mail behind a live access token. */
  emailOf(token: string): string | null {
    const t = this.tokens.get(token);
    return t && t.exp > Date.now() ? t.email : null;
  }

  /** A stable numeric id per e-mail (48 bits of its hash), like Kakao's numeric user id. */
  static idOf(email: string): number {
    return parseInt(createHash('sha256').update(email).digest('hex').slice(0, 12), 16);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [k, v] of this.codes) if (v.exp < now) this.codes.delete(k);
    for (const [k, v] of this.tokens) if (v.exp < now) this.tokens.delete(k);
    if (this.codes.size > MAX_ENTRIES) this.codes.clear();
    if (this.tokens.size > MAX_ENTRIES) this.tokens.clear();
  }
}
