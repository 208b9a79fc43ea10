import { api, ApiClientError, asApiClientError, AUTH_ERR } from '../api';
import { addOutboxWaiting, applyChecks, reconcileChecks, setChecks, setChecksOf, setOutboxWaiting, store } from '../state';
import { ko } from '../i18n/ko';
import { notify } from '../state/notices';
import { applyCheckResponse, effectiveChecks, recordFromBatch, recordFromList, recordIsCurrent } from './check-rules';
import { localDb, type CheckRecord, type OutboxEntry, type PinsStoreDb } from './db';
import { paths } from './keys';
import { queryClient } from './query-client';
import type { BatchCheckResponse, CheckResponse, UserChecks } from './types';
import type { UndoResult } from '../../common/api';
import { trackCheckSync } from './check-sync/signals';
import { markVisitorPins, undoVisitorChange, VISITOR_ID } from './visitor-checks';

/** How often waiting check changes are offered to the server again while it does not answer. */
export const OUTBOX_RETRY_MS = 15_000;

/** The pins a user has found as this device knows it: the record with the waiting changes over it. */
export async function knownChecks(userId: number, db: PinsStoreDb = localDb()): Promise<Set<number>> {
  const [record, pending] = await Promise.all([db.checks.get(userId), pendingOf(userId, db)]);
  return effectiveChecks(record, pending);
}

/**
 * Fetches the user's whole check list and stores it as the local record, unless the record is
 * already newer (a pushed change applied while the list was on its way).
 */
export async function fetchCheckList(db: PinsStoreDb = localDb()): Promise<CheckRecord> {
  const list = await api.get<UserChecks>(paths.myChecks, { suppressToast: true });
  const record = recordFromList(list);
  return db.transaction('rw', db.checks, async () => {
    const held = await db.checks.get(record.userId);
    if (held && held.checkTime > record.checkTime) return held;
    await db.checks.put(record);
    return record;
  });
}

async function pendingOf(userId: number, db: PinsStoreDb): Promise<OutboxEntry[]> {
  return db.outbox.where('userId').equals(userId).sortBy('seq');
}

/**
 * Puts the user's effective checks (record + waiting changes) into the store as the pins that
 * changed (the whole set when none was shown: first load, after a sign-out), or as a whole new
 * set with `reset` (an import).
 */
export async function publishChecks(userId: number, db: PinsStoreDb = localDb(), opts: { reset?: boolean } = {}): Promise<Set<number>> {
  const [record, pending] = await Promise.all([db.checks.get(userId), pendingOf(userId, db)]);
  const ids = effectiveChecks(record, pending);
  if (opts.reset) setChecks(ids);
  // The same player's set (not a first load or another account's): what differs is logged as changes.
  else reconcileChecks(ids, store.checksOf === userId);
  setChecksOf(userId);
  setOutboxWaiting(pending.length);
  return ids;
}

/** What sending one change did: the server's action id, and whether it changed exactly what was shown. */
interface Sent {
  actionId: number | null;
  /** False when the answer may differ from what the mark showed (changed elsewhere, a batch's whole list). */
  asShown: boolean;
}

/**
 * Sends one change with the time the player made it (the server ignores it where the pin changed
 * later elsewhere, answering the current state) and applies the response to the local record by
 * the rules of SPEC §4, dropping the change from the outbox in the same transaction.
 */
async function send(entry: OutboxEntry, db: PinsStoreDb): Promise<Sent> {
  const seq = entry.seq!;
  if (entry.pinIds.length === 1) {
    const res = await api.post<CheckResponse>(paths.check(entry.pinIds[0]!), { check: entry.check, at: entry.at }, { suppressToast: true });
    const updated = await db.transaction('rw', db.checks, db.outbox, async () => {
      const next = applyCheckResponse(await db.checks.get(res.userId), res, entry.pinIds);
      if (!next) return false;
      await db.checks.put(next);
      await db.outbox.delete(seq);
      return true;
    });
    if (!updated) {
      await fetchCheckList(db);
      await db.outbox.delete(seq);
    }
    return { actionId: res.actionId ?? null, asShown: updated && res.check === entry.check };
  }
  const res = await api.post<BatchCheckResponse>(paths.batchCheck, { pinIds: entry.pinIds, check: entry.check, at: entry.at }, { suppressToast: true });
  await db.transaction('rw', db.checks, db.outbox, async () => {
    await db.checks.put(recordFromBatch(res));
    await db.outbox.delete(seq);
  });
  return { actionId: res.actionId ?? null, asShown: false };
}

/** Outcome of offering the waiting changes to the server. */
export interface FlushResult {
  sent: number;
  /** Changes still waiting (server unreachable or the session gone). */
  waiting: number;
}

const flushing = new Map<number, Promise<FlushResult>>();
const refused = new Map<number, ApiClientError>();
// Outbox seq → the server's action id once sent (what undo reverts).
const sentActions = new Map<number, number | null>();
// Per user: the oldest change left waiting by the last pass (the one that starts a wait).
const firstWaiting = new Map<number, number>();

async function flushLoop(userId: number, db: PinsStoreDb): Promise<FlushResult> {
  let sent = 0;
  let drained = false;
  // Whether the shown checks may differ from the record + outbox now (re-read them only then).
  let reread = false;
  firstWaiting.delete(userId);
  // Re-read the head each time: changes added meanwhile are sent in the same pass, in order.
  for (;;) {
    const head = await db.outbox.where('userId').equals(userId).first();
    if (!head) {
      drained = true;
      break;
    }
    try {
      const r = await send(head, db);
      sentActions.set(head.seq!, r.actionId);
      sent++;
      reread ||= !r.asShown;
    } catch (e) {
      const err = asApiClientError(e);
      const sessionGone = err.errClazz === AUTH_ERR.requiresLogin || err.errClazz === AUTH_ERR.accessTokenInvalid;
      if (err.unreachable || sessionGone || err.failure === 'cancelled') {
        firstWaiting.set(userId, head.seq!);
        break;
      }
      // The server refused this change for good (e.g. an unknown pin): drop it, tell the user.
      refused.set(head.seq!, err);
      notify({ kind: 'error', message: err.messageTranslated });
      await db.outbox.delete(head.seq!);
      reread = true;
    }
  }
  const waiting = drained ? 0 : await db.outbox.where('userId').equals(userId).count();
  if (reread) await publishChecks(userId, db);
  else setOutboxWaiting(waiting);
  // A change was ignored for a newer one made elsewhere: open pin details read again.
  if (reread && sent > 0) void queryClient.invalidateQueries({ queryKey: ['pin'] });
  return { sent, waiting };
}

/** Offers the user's waiting check changes to the server, oldest first (one pass at a time). */
export function flushOutbox(userId: number, db: PinsStoreDb = localDb()): Promise<FlushResult> {
  const running = flushing.get(userId);
  if (running) return running.then(() => flushOutbox(userId, db));
  const p = flushLoop(userId, db).finally(() => flushing.delete(userId));
  flushing.set(userId, p);
  return trackCheckSync(p);
}

/** Resolves once no pass of the user's outbox is under way (what the server counts then includes every change sent). */
export function outboxSettled(userId: number): Promise<void> {
  const running = flushing.get(userId);
  return running ? running.then(() => outboxSettled(userId), () => outboxSettled(userId)) : Promise.resolve();
}

/** Whether a pass of some user's outbox is under way (the check-sync signal's "busy"). */
export function outboxFlushing(): boolean {
  return flushing.size > 0;
}

/**
 * Marks pins found (check = true) or not found. The change is written to the outbox first
 * (so neither a reload nor a failing server loses it), shown at once, then sent. Resolves
 * 'sent' or 'queued' (will be sent when the server answers again); rejects when the server
 * refused the change for good.
 */
export async function checkPins(userId: number, pinIds: readonly number[], check: boolean, db: PinsStoreDb = localDb()): Promise<'sent' | 'queued'> {
  return (await markPins(userId, pinIds, check, db)).status;
}

/** A change the player made, as undo knows it. */
export interface MarkedChange {
  status: 'sent' | 'queued';
  userId: number;
  /** Its outbox seq (the handle undo takes). */
  seq: number;
  count: number;
  check: boolean;
}

/** checkPins, answering the change's handle for undo too; a visitor's (VISITOR_ID) stay on this device. */
export async function markPins(userId: number, pinIds: readonly number[], check: boolean, db: PinsStoreDb = localDb()): Promise<MarkedChange> {
  if (userId === VISITOR_ID) return markVisitorPins(pinIds, check, db);
  const status = await mark(userId, pinIds, check, db);
  return { status: status.result, userId, seq: status.seq, count: pinIds.length, check };
}

async function mark(userId: number, pinIds: readonly number[], check: boolean, db: PinsStoreDb): Promise<{ result: 'sent' | 'queued'; seq: number }> {
  const seq = await db.outbox.add({ userId, pinIds: [...pinIds], check, at: Date.now() });
  // A new seq is new to this database; one remembered here came from a database since deleted.
  sentActions.delete(seq);
  refused.delete(seq);
  // Shown at once, as the pins it changes, and counted as waiting until the server has it (a slow answer shows
  // "보내는 중" while it is on its way; the flush sets the true count).
  applyChecks(pinIds, check);
  addOutboxWaiting();
  const { waiting } = await flushOutbox(userId, db);
  const err = refused.get(seq);
  if (err) {
    refused.delete(seq);
    throw err;
  }
  if (sentActions.has(seq) || waiting === 0) return { result: 'sent', seq };
  // Said once when changes start waiting, not on every mark made while offline.
  if (firstWaiting.get(userId) === seq) notify({ kind: 'info', message: ko.checksQueued });
  return { result: 'queued', seq };
}

/** Reverts one of the server's recorded actions and stores the user's list it answers. */
export async function undoServerAction(userId: number, actionId: number, db: PinsStoreDb = localDb()): Promise<number> {
  const res = await api.post<UndoResult>(paths.undoAction(actionId), {});
  await db.checks.put({ userId, checkTime: res.checkTime, pinIds: [...res.userChecks] });
  await publishChecks(userId, db);
  return res.restored;
}

/**
 * Undoes a change made on this device: still waiting in the outbox, it is simply dropped;
 * sent, the server reverts exactly the pins it changed. Resolves false when there is nothing
 * to undo (the change changed nothing, or it was refused).
 */
export async function undoChange(userId: number, seq: number, db: PinsStoreDb = localDb()): Promise<boolean> {
  if (userId === VISITOR_ID) return undoVisitorChange(seq, db);
  await flushing.get(userId)?.catch(() => undefined);
  if (await db.outbox.get(seq)) {
    await db.outbox.delete(seq);
    await publishChecks(userId, db);
    return true;
  }
  const actionId = sentActions.get(seq);
  if (actionId == null) return false;
  sentActions.delete(seq);
  await undoServerAction(userId, actionId, db);
  return true;
}

/**
 * After sign-in (or at start-up for a signed-in user): keeps the local record when its
 * checkTime matches the server's, else fetches the whole list; then sends waiting changes.
 */
export async function syncChecks(userId: number, serverCheckTime: number | null, db: PinsStoreDb = localDb()): Promise<void> {
  const record = await db.checks.get(userId);
  await publishChecks(userId, db);
  if (serverCheckTime == null || !recordIsCurrent(record, userId, serverCheckTime)) {
    try {
      await fetchCheckList(db);
      await publishChecks(userId, db);
    } catch (e) {
      if (!(e instanceof ApiClientError) || !e.unreachable) throw e;
    }
  }
  await flushOutbox(userId, db);
}

/**
 * Offers waiting changes again when the browser comes back online, when the page becomes
 * visible, and every OUTBOX_RETRY_MS while any wait. Returns the stop function.
 */
export function startOutboxSync(currentUserId: () => number | null, db: PinsStoreDb = localDb()): () => void {
  const tick = () => {
    const id = currentUserId();
    if (id != null && !flushing.has(id)) void flushOutbox(id, db).catch(() => {});
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') tick();
  };
  const timer = setInterval(async () => {
    const id = currentUserId();
    if (id != null && (await db.outbox.where('userId').equals(id).count()) > 0) tick();
  }, OUTBOX_RETRY_MS);
  window.addEventListener('online', tick);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(timer);
    window.removeEventListener('online', tick);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
