// A visitor's marks: kept on this device only (the check record of VISITOR_ID in IndexedDB), shown
// as any player's are, and offered to the account on sign-in (useVisitorMerge).
import { applyChecks } from '../state';
import type { MarkedChange } from './checks';
import { localDb, type PinsStoreDb } from './db';

/** The user id a visitor's marks are kept under on this device (the server's ids start at 1). */
export const VISITOR_ID = 0;

// Undo handles of this visit's marks (negative, so never an outbox seq): the pins each one changed.
const changes = new Map<number, { pinIds: number[]; check: boolean }>();
let nextSeq = -1;

async function apply(pinIds: readonly number[], check: boolean, db: PinsStoreDb): Promise<number[]> {
  const changed = await db.transaction('rw', db.checks, async () => {
    const ids = new Set((await db.checks.get(VISITOR_ID))?.pinIds ?? []);
    const changed = pinIds.filter((id) => ids.has(id) !== check);
    for (const id of changed) {
      if (check) ids.add(id);
      else ids.delete(id);
    }
    await db.checks.put({ userId: VISITOR_ID, checkTime: Date.now(), pinIds: [...ids] });
    return changed;
  });
  applyChecks(pinIds, check);
  return changed;
}

/** Marks pins found or not found for a visitor: stored in this browser, nothing is sent. */
export async function markVisitorPins(pinIds: readonly number[], check: boolean, db: PinsStoreDb = localDb()): Promise<MarkedChange> {
  const changed = await apply(pinIds, check, db);
  const seq = nextSeq--;
  changes.set(seq, { pinIds: changed, check });
  return { status: 'sent', userId: VISITOR_ID, seq, count: pinIds.length, check };
}

/** Takes back a visitor's mark (the pins it changed); false when it changed nothing or is unknown. */
export async function undoVisitorChange(seq: number, db: PinsStoreDb = localDb()): Promise<boolean> {
  const change = changes.get(seq);
  changes.delete(seq);
  if (!change?.pinIds.length) return false;
  await apply(change.pinIds, !change.check, db);
  return true;
}

/** The pins a visitor marked found on this device. */
export async function visitorMarks(db: PinsStoreDb = localDb()): Promise<number[]> {
  return (await db.checks.get(VISITOR_ID))?.pinIds ?? [];
}

/** Forgets the visitor's marks on this device (merged into an account, or declined). */
export async function clearVisitorMarks(db: PinsStoreDb = localDb()): Promise<void> {
  await db.checks.delete(VISITOR_ID);
  changes.clear();
}
