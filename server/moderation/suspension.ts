import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { ApiError, ErrClazz } from '../http/errors';
import { ModerationMessages } from './roles';

/** errClazz of a write by a suspended account (the client toasts its message, which names the end). */
export const ACCOUNT_SUSPENDED = ErrClazz.accountSuspended;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Signing in and out and refreshing must still work for a suspended player (reading needs a session), and a
// player can always delete their own account.
const EXEMPT = ['/api/v1/auth/refresh', '/api/v1/auth/logout', '/api/v1/oauth/'];
const EXEMPT_CALLS = new Set(['DELETE /api/v1/me']);

/** The suspension in force for `userId`, or null. */
export async function activeSuspension(db: Db, userId: number): Promise<{ until: Date; reason: string | null } | null> {
  const { rows } = await db.query<{ suspended_until: unknown; suspend_reason: string | null }>(
    'select suspended_until, suspend_reason from users where id = $1 and suspended_until > now()',
    [userId],
  );
  const r = rows[0];
  return r ? { until: new Date(r.suspended_until as string | Date), reason: r.suspend_reason } : null;
}

/**
 * Every write under /api by a suspended account answers 403 account_suspended (read from the
 * database on each write, so a suspension holds in every server process at once).
 */
export function registerSuspensionGuard(api: FastifyInstance): void {
  api.addHook('onRequest', async (request) => {
    if (request.userId == null || !WRITES.has(request.method)) return;
    const path = request.url.split('?', 1)[0] ?? '';
    if (EXEMPT.some((p) => (p.endsWith('/') ? path.startsWith(p) : path === p))) return;
    if (EXEMPT_CALLS.has(`${request.method} ${path}`)) return;
    const s = await activeSuspension(api.db, request.userId);
    if (s) {
      throw new ApiError(
        403,
        ACCOUNT_SUSPENDED,
        ModerationMessages.suspended(s.until, s.reason),
        `account suspended until ${s.until.toISOString()}`,
      );
    }
  });
}
