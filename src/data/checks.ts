import { api, ApiClientError, asApiClientError, AUTH_ERR } from '../api';
import { setChecks, setOutboxWaiting } from '../state';
import { ko } from '../i18n/ko';
import { toast } from '../ui/toast';
import { applyCheckResponse, effectiveChecks, recordFromBatch, recordFromList, recordIsCurrent } from './check-rules';
import { localDb, type CheckRecord, type OutboxEntry, type PinsStoreDb } from './db';
import { paths } from './keys';
import type { BatchCheckResponse, CheckResponse, UserChecks } from './types';

/** How often waiting check changes are offered to the server again while it does not answer. */
export const OUTBOX_RETRY_MS = 15_000;

/** Fetches the user's whole check list and stores it as the local record. */
export async function fetchCheckList(db: PinsStoreDb = localDb()): Promise<CheckRecord> {
  const list = await api.get<UserChecks>(paths.myChecks, { suppressToast: true });
  const record = recordFromList(list);
  await db.checks.put(record);
  return record;
}

async function pendingOf(userId: number, db: PinsStoreDb): Promise<OutboxEntry[]> {
  return db.outbox.where('userId').equals(userId).sortBy('seq');
}

/** Puts the user's effective checks (record + waiting changes) into the store. */
export async function publishChecks(userId: number, db: PinsStoreDb = localDb()): Promise<Set<number>> {
  const [record, pending] = await Promise.all([db.checks.get(userId), pendingOf(userId, db)]);
  const ids = effectiveChecks(record, pending);
  setChecks(ids);
  setOutboxWaiting(pending.length);
  return ids;
}

/** Sends one change and applies the response to the local record by the rules of SPEC §4. */
async function send(entry: OutboxEntry, db: PinsStoreDb): Promise<void> {
  if (entry.pinIds.length === 1) {
    const res = await api.post<CheckResponse>(paths.check(entry.pinIds[0]!), { check: entry.check }, { suppressToast: true });
    const updated = await db.transaction('rw', db.checks, async () => {
      const next = applyCheckResponse(await db.checks.get(res.userId), res, entry.pinIds);
      if (next) await db.checks.put(next);
      return next != null;
    });
    if (!updated) await fetchCheckList(db);
  } else {
    const res = await api.post<BatchCheckResponse>(paths.batchCheck, { pinIds: entry.pinIds, check: entry.check }, { suppressToast: true });
    await db.checks.put(recordFromBatch(res));
  }
}

/** Outcome of offering the waiting changes to the server. */
export interface FlushResult {
  sent: number;
  /** Changes still waiting (server unreachable or the session gone). */
  waiting: number;
}

const flushing = new Map<number, Promise<FlushResult>>();
const refused = new Map<number, ApiClientError>();

async function flushLoop(userId: number, db: PinsStoreDb): Promise<FlushResult> {
  let sent = 0;
  // Re-read the head each time: changes added meanwhile are sent in the same pass, in order.
  for (;;) {
    const head = await db.outbox.where('userId').equals(userId).first();
    if (!head) break;
    try {
      await send(head, db);
      sent++;
    } catch (e) {
      const err = asApiClientError(e);
      const sessionGone = err.errClazz === AUTH_ERR.requiresLogin || err.errClazz === AUTH_ERR.accessTokenInvalid;
      if (err.unreachable || sessionGone || err.failure === 'cancelled') break;
      // The server refused this change for good (e.g. an unknown pin): drop it, tell the user.
      refused.set(head.seq!, err);
      toast.error(err.messageTranslated);
    }
    await db.outbox.delete(head.seq!);
  }
  await publishChecks(userId, db);
  return { sent, waiting: await db.outbox.where('userId').equals(userId).count() };
}

/** Offers the user's waiting check changes to the server, oldest first (one pass at a time). */
export function flushOutbox(userId: number, db: PinsStoreDb = localDb()): Promise<FlushResult> {
  const running = flushing.get(userId);
  if (running) return running.then(() => flushOutbox(userId, db));
  const p = flushLoop(userId, db).finally(() => flushing.delete(userId));
  flushing.set(userId, p);
  return p;
}

/**
 * Marks pins found (check = true) or not found. The change is written to the outbox first
 * (so neither a reload nor a failing server loses it), shown at once, then sent. Resolves
 * 'sent' or 'queued' (will be sent when the server answers again); rejects when the server
 * refused the change for good.
 */
export async function checkPins(userId: number, pinIds: readonly number[], check: boolean, db: PinsStoreDb = localDb()): Promise<'sent' | 'queued'> {
  const waitingBefore = await db.outbox.where('userId').equals(userId).count();
  const seq = await db.outbox.add({ userId, pinIds: [...pinIds], check, at: Date.now() });
  await publishChecks(userId, db);
  await flushOutbox(userId, db);
  const err = refused.get(seq);
  if (err) {
    refused.delete(seq);
    throw err;
  }
  if (!(await db.outbox.get(seq))) return 'sent';
  // Said once when changes start waiting, not on every mark made while offline.
  if (waitingBefore === 0) toast.info(ko.checksQueued);
  return 'queued';
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
