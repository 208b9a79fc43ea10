import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../db';
import { ACCESS_COOKIE, REFRESH_COOKIE, REFRESH_PATH, baseCookie } from './cookies';
import { randomToken, sha256 } from './tokens';
import './types';

/** A freshly issued token pair; `cookieHeader` is ready for `app.inject({ headers: { cookie } })`. */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  cookieHeader: string;
}

/**
 * A used refresh token presented again within this window is treated as a race between two tabs
 * refreshing at once: nothing is revoked and no refresh token issued (the winner's answer brings
 * the new one), but the answer carries an access token of the same session, so the loser's retry
 * does not depend on the winner's cookies having landed first (when they had not, the retry went
 * out with the expired token and the tab was signed out). Later than that it is a replay and
 * revokes the whole session.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

function pair(app: FastifyInstance, userId: number, sessionId: number, refreshToken: string): SessionTokens {
  const accessToken = app.auth.signAccess(userId, sessionId, app.config.accessTokenTtlS);
  return { accessToken, refreshToken, cookieHeader: `${ACCESS_COOKIE}=${accessToken}; ${REFRESH_COOKIE}=${refreshToken}` };
}

async function storeRefresh(db: Db, sessionId: number, ttlS: number): Promise<string> {
  const token = randomToken();
  await db.query('insert into refresh_tokens (token_hash, session_id, expires_at) values ($1, $2, now() + make_interval(secs => $3))', [
    sha256(token),
    sessionId,
    ttlS,
  ]);
  return token;
}

/** Signs a user in: a new session row, a hashed refresh token and a signed access token. */
export async function createSession(app: FastifyInstance, userId: number): Promise<SessionTokens> {
  const ttl = app.config.refreshTokenTtlS;
  await app.auth.purgeOld();
  return app.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      'insert into sessions (user_id, expires_at) values ($1, now() + make_interval(secs => $2)) returning id',
      [userId, ttl],
    );
    const sessionId = Number(rows[0]!.id);
    return pair(app, userId, sessionId, await storeRefresh(tx, sessionId, ttl));
  });
}

/**
 * Sets the session cookies. The access cookie lives as long as the refresh token (not the access
 * token): an expired access token must still reach the server so it answers access_token_invalid,
 * which makes the client refresh, instead of treating the user as a visitor.
 */
export function setSessionCookies(reply: FastifyReply, tokens: Pick<SessionTokens, 'accessToken' | 'refreshToken'>): void {
  setAccessCookie(reply, tokens.accessToken);
  const config = reply.server.config;
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, baseCookie(config, REFRESH_PATH, config.refreshTokenTtlS));
}

/** Sets the access cookie alone (a refresh that lost a race between tabs: the winner's answer sets the refresh token). */
export function setAccessCookie(reply: FastifyReply, accessToken: string): void {
  const config = reply.server.config;
  reply.setCookie(ACCESS_COOKIE, accessToken, baseCookie(config, '/', config.refreshTokenTtlS));
}

/** Outcome of presenting a refresh token. */
export type RefreshOutcome =
  | { kind: 'rotated'; tokens: SessionTokens; userId: number }
  | { kind: 'raced'; accessToken: string }
  | { kind: 'invalid' }
  | { kind: 'reused' };

/**
 * Rotates a refresh token: unused and unexpired → marked used and a new pair; used within the grace window → an
 * access token alone (a race between tabs); used before that → the session is revoked.
 */
export async function rotateRefresh(app: FastifyInstance, refreshToken: string): Promise<RefreshOutcome> {
  const ttl = app.config.refreshTokenTtlS;
  const outcome = await app.db.transaction(async (tx): Promise<RefreshOutcome & { sessionId?: number }> => {
    const { rows } = await tx.query<{ session_id: number; user_id: number; used_ms: number | null; live: boolean }>(
      `select t.session_id, s.user_id,
              (extract(epoch from (now() - t.used_at)) * 1000)::float8 as used_ms,
              (t.expires_at > now() and s.revoked_at is null and s.expires_at > now()) as live
         from refresh_tokens t join sessions s on s.id = t.session_id
        where t.token_hash = $1
        for update of t, s`,
      [sha256(refreshToken)],
    );
    const row = rows[0];
    if (!row || !row.live) return { kind: 'invalid' };
    const sessionId = Number(row.session_id);
    if (row.used_ms !== null) {
      if (row.used_ms < REFRESH_REUSE_GRACE_MS) {
        return { kind: 'raced', accessToken: app.auth.signAccess(row.user_id, sessionId, app.config.accessTokenTtlS) };
      }
      await tx.query('update sessions set revoked_at = now() where id = $1', [sessionId]);
      return { kind: 'reused', sessionId };
    }
    await tx.query('update refresh_tokens set used_at = now() where token_hash = $1', [sha256(refreshToken)]);
    await tx.query('update sessions set expires_at = now() + make_interval(secs => $2) where id = $1', [sessionId, ttl]);
    const next = await storeRefresh(tx, sessionId, ttl);
    return { kind: 'rotated', userId: row.user_id, tokens: pair(app, row.user_id, sessionId, next) };
  });
  if (outcome.kind === 'reused' && outcome.sessionId !== undefined) app.auth.forget([outcome.sessionId]);
  if (outcome.kind === 'reused') return { kind: 'reused' };
  return outcome;
}

/** Revokes the session a refresh token or a (possibly expired but genuine) access token belongs to. */
export async function revokeSession(app: FastifyInstance, tokens: { refreshToken?: string; accessToken?: string }): Promise<void> {
  let sessionId: number | null = null;
  if (tokens.refreshToken) {
    const { rows } = await app.db.query<{ session_id: number }>('select session_id from refresh_tokens where token_hash = $1', [
      sha256(tokens.refreshToken),
    ]);
    if (rows[0]) sessionId = Number(rows[0].session_id);
  }
  if (sessionId === null && tokens.accessToken) sessionId = app.auth.decodeAccess(tokens.accessToken)?.sid ?? null;
  if (sessionId === null) return;
  await app.db.query('update sessions set revoked_at = now() where id = $1 and revoked_at is null', [sessionId]);
  app.auth.forget([sessionId]);
}

/** Revokes every live session of `userId` ("log out everywhere"); returns how many were revoked. */
export async function revokeAllSessions(app: FastifyInstance, userId: number): Promise<number> {
  const { rows } = await app.db.query<{ id: number }>(
    'update sessions set revoked_at = now() where user_id = $1 and revoked_at is null returning id',
    [userId],
  );
  // Other processes notice within the liveness cache's few seconds; this one at once.
  app.auth.forget(rows.map((r) => r.id));
  return rows.length;
}
