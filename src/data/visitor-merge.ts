// Merging a visitor's marks (kept on this device under VISITOR_ID) into the signed-in account.
// The server refuses a whole batch that holds one missing or hidden pin (SPEC: all or nothing), so the
// preview keeps only the pins the server still shows, and the device forgets the marks only once the
// server has the batch (a batch queued offline keeps them, to be offered again).
import { api, asApiClientError } from '../api';
import { knownChecks, markPins, outboxSettled, type MarkedChange } from './checks';
import { localDb, type PinsStoreDb } from './db';
import { paths } from './keys';
import type { PinDetail } from './types';
import { clearVisitorMarks, VISITOR_ID, visitorMarks } from './visitor-checks';
import { aggregateProgress, type Progress, type ProgressRow } from '../../common/progress';

/** What merging this device's visitor marks would add to the signed-in account. */
export interface VisitorMergePreview {
  /** Pins to add to the account (each one the server still shows). */
  fresh: number[];
  /** Visitor marks the account already has. */
  already: number;
  /** Visitor marks of pins since deleted or hidden (left out of the merge). */
  gone: number;
}

/** Pins asked about at once while checking that the marked pins still exist. */
const LOOKUPS_AT_ONCE = 6;

/** The ids among `ids` the server no longer shows (404); a failed look-up keeps its pin (the batch decides). */
async function goneOf(ids: readonly number[]): Promise<Set<number>> {
  const gone = new Set<number>();
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      try {
        await api.get<PinDetail>(paths.pin(id), { suppressToast: true });
      } catch (e) {
        if (asApiClientError(e).status === 404) gone.add(id);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, ids.length) }, worker));
  return gone;
}

/**
 * The visitor marks the account lacks, less those of pins the server no longer shows. Marks the account's own
 * record (from the server) already holds in full are forgotten here: a merge queued offline was delivered.
 */
export async function visitorMergePreview(userId: number, db: PinsStoreDb = localDb()): Promise<VisitorMergePreview> {
  const [marks, account, record] = await Promise.all([visitorMarks(db), knownChecks(userId, db), db.checks.get(userId)]);
  const lacking = marks.filter((id) => !account.has(id));
  const gone = await goneOf(lacking);
  const fresh = lacking.filter((id) => !gone.has(id));
  // Nothing left to offer and the server has them all (a merge queued offline was delivered): forget them.
  if (marks.length > 0 && record && marks.every((id) => gone.has(id) || record.pinIds.includes(id))) await clearVisitorMarks(db);
  return { fresh, already: marks.length - lacking.length, gone: gone.size };
}

/**
 * Adds `pinIds` to the account as one batch (undoable like any); the device forgets its visitor marks once the
 * server has it. Queued (server unreachable), the marks stay until it is delivered. Answers the change, or null
 * when there was nothing to send.
 */
export async function mergeVisitorMarks(userId: number, pinIds: readonly number[], db: PinsStoreDb = localDb()): Promise<MarkedChange | null> {
  if (pinIds.length === 0) {
    await clearVisitorMarks(db);
    return null;
  }
  const change = await markPins(userId, pinIds, true, db);
  if (change.status === 'sent') await clearVisitorMarks(db);
  return change;
}

/**
 * Found/total per category and region as the server counts them: the signed-in player's checks, or (a visitor,
 * VISITOR_ID) this device's marks, sent to be counted by the same rules.
 */
export async function fetchProgress(userId: number, db: PinsStoreDb = localDb()): Promise<Progress> {
  const marks = userId === VISITOR_ID ? await visitorMarks(db) : [];
  // What the server counts then holds every change this device has sent (a tick shows before it is sent).
  if (userId !== VISITOR_ID) await outboxSettled(userId);
  const { rows } =
    marks.length > 0
      ? await api.post<{ rows: ProgressRow[] }>(paths.progress, { pinIds: marks }, { suppressToast: true })
      : await api.get<{ rows: ProgressRow[] }>(paths.progress, { suppressToast: true });
  return aggregateProgress(rows);
}
