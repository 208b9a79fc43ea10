import type { Db } from '../db';

const RETRYABLE = new Set(['40001', '40P01']);

/** Transactions retried after a serialization failure or a deadlock, since start (for /metrics). */
export const retryStats = { retries: 0 };

/**
 * Runs `fn` in a transaction, retrying a few times when PostgreSQL aborts it for a
 * serialization failure or a deadlock (both safe to retry; the client never sees them).
 */
export async function withRetry<T>(db: Db, fn: (tx: Db) => Promise<T>, attempts = 4): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await db.transaction(fn);
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (i >= attempts || !code || !RETRYABLE.has(code)) throw e;
      retryStats.retries++;
      await new Promise((r) => setTimeout(r, 5 * i + Math.random() * 10));
    }
  }
}

/** Epoch milliseconds now (the unit of checkTime and lastEdited). */
export const nowMs = (): number => Date.now();
