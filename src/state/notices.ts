// Notices for the person using the app (saved, failed, undo offered), without React: the
// data layer, the API client and the tracker emit them; the UI (src/ui/toast.tsx) shows them.

/** How a notice reads: a success, an error or plain information. */
export type NoticeKind = 'success' | 'error' | 'info';

/** One message for the person using the app. */
export interface Notice {
  kind: NoticeKind;
  message: string;
  /** A button on the notice (e.g. undo); such a notice stays `durationMs` and is not paused on blur. */
  action?: { label: string; run: () => void; durationMs: number };
}

type Listener = (notice: Notice) => void;
const listeners = new Set<Listener>();

/** Tells the person something: every subscriber (the toast host) shows it; with none it is dropped. */
export function notify(notice: Notice): void {
  for (const listener of listeners) listener(notice);
}

/** Calls `listener` with every notice from now on; returns the unsubscribe. */
export function subscribeNotices(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
