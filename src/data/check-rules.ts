// The pure check rules of SPEC §4 (no I/O), so each is a small unit test.
import type { CheckRecord, OutboxEntry } from './db';
import type { BatchCheckResponse, CheckResponse, UserChecks } from './types';

/**
 * Applies a single-check response to the local record. Returns the new record, or null when
 * the record is missing or older than the response's lastCheckTime (some change happened
 * elsewhere): the caller then fetches the whole list again.
 */
export function applyCheckResponse(record: CheckRecord | undefined, res: CheckResponse, pinIds: readonly number[]): CheckRecord | null {
  if (!record || record.userId !== res.userId || record.checkTime < res.lastCheckTime) return null;
  const ids = new Set(record.pinIds);
  for (const id of pinIds) {
    if (res.check) ids.add(id);
    else ids.delete(id);
  }
  return { userId: record.userId, checkTime: res.checkTime, pinIds: [...ids] };
}

/** Batch-check replaces the list with `userChecks`. */
export function recordFromBatch(res: BatchCheckResponse): CheckRecord {
  return { userId: res.userId, checkTime: res.checkTime, pinIds: [...res.userChecks] };
}

/** The record of a full list (GET /api/v1/me/checks). */
export function recordFromList(list: UserChecks): CheckRecord {
  return { userId: list.userId, checkTime: list.checkTime, pinIds: [...list.pinIds] };
}

/**
 * What the user sees: the server-confirmed record with the waiting changes replayed over it
 * in order (the last change of a pin wins).
 */
export function effectiveChecks(record: CheckRecord | undefined, pending: readonly OutboxEntry[]): Set<number> {
  const ids = new Set(record?.pinIds ?? []);
  const ordered = [...pending].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  for (const e of ordered) {
    for (const id of e.pinIds) {
      if (e.check) ids.add(id);
      else ids.delete(id);
    }
  }
  return ids;
}

/** Whether a local record is still current for a user whose server checkTime is known (from `me`). */
export function recordIsCurrent(record: CheckRecord | undefined, userId: number, serverCheckTime: number): boolean {
  return record != null && record.userId === userId && record.checkTime === serverCheckTime;
}
