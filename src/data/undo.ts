import { ko } from '../i18n/ko';
import { notify } from '../state/notices';
import { undoChange, type MarkedChange } from './checks';
import { localDb, type PinsStoreDb } from './db';
import { keys } from './keys';
import { VISITOR_ID } from './visitor-checks';
import { queryClient } from './query-client';

/** How long the undo toast offers "실행 취소" (ms). */
export const UNDO_TOAST_MS = 10_000;

// This device's changes, newest last: Ctrl+Z undoes them one by one.
const history: MarkedChange[] = [];
const MAX_HISTORY = 50;

/** Remembers a change for Ctrl+Z and offers "실행 취소" in a toast for UNDO_TOAST_MS. */
export function offerUndo(change: MarkedChange, db: PinsStoreDb = localDb()): void {
  history.push(change);
  if (history.length > MAX_HISTORY) history.shift();
  const message =
    change.userId === VISITOR_ID
      ? ko.visitorMerge.markedHere(change.check)
      : change.check
        ? ko.markedFound(change.count)
        : ko.markedNotFound(change.count);
  notify({ kind: 'success', message, action: { label: ko.undo, run: () => void undo(change, db), durationMs: UNDO_TOAST_MS } });
}

async function undo(change: MarkedChange, db: PinsStoreDb): Promise<boolean> {
  const i = history.indexOf(change);
  if (i >= 0) history.splice(i, 1);
  const done = await undoChange(change.userId, change.seq, db).catch(() => false);
  notify({ kind: 'info', message: done ? ko.undone : ko.nothingToUndo });
  if (done) {
    void queryClient.invalidateQueries({ queryKey: ['pin'] });
    void queryClient.invalidateQueries({ queryKey: keys.myActions });
    // The profile's found-count moved; the live notice of our own undo is one this device already holds.
    void queryClient.invalidateQueries({ queryKey: keys.profiles });
  }
  return done;
}

/** Forgets this device's changes (a switch of progress profile: they belong to the profile left). */
export function forgetUndo(): void {
  history.length = 0;
}

/** Undoes this device's last change (Ctrl+Z); false when there is none. */
export async function undoLast(userId: number | null, db: PinsStoreDb = localDb()): Promise<boolean> {
  for (let i = history.length - 1; i >= 0; i--) {
    if (history[i]!.userId === userId) return undo(history[i]!, db);
  }
  notify({ kind: 'info', message: ko.nothingToUndo });
  return false;
}
