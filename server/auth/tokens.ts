import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Random URL-safe token (refresh tokens, OAuth codes). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 hex of a token: refresh tokens are stored only as this hash. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * A compact signed value `base64url(json).base64url(hmac)`. `purpose` is mixed into the MAC so a token
 * signed for one use (say a pending OAuth identity) can never be replayed as another (an access token).
 */
export function signValue(secret: Buffer, purpose: string, payload: object): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(secret, purpose, body)}`;
}

/** The payload of a value made by `signValue` with the same secret and purpose, or null when forged or malformed. */
export function verifyValue<T>(secret: Buffer, purpose: string, token: string): T | null {
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = Buffer.from(mac(secret, purpose, body), 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' ? (value as T) : null;
  } catch {
    return null;
  }
}

function mac(secret: Buffer, purpose: string, body: string): string {
  return createHmac('sha256', secret).update(purpose).update('\0').update(body).digest('base64url');
}
