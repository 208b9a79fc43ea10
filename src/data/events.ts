// The page's one server event stream (GET /api/v1/events, server/routes/events.ts): pin edits for
// every map and, for a signed-in player, their own check and private-note changes. One stream per page rather than one
// per kind: a browser opens at most six HTTP/1.1 connections to a host, across all its tabs.
import { apiBaseHost } from '../api';
import { paths } from './keys';

/** Wait before opening again a stream that could not be opened (ms). */
export const EVENTS_RETRY_MS = 5000;

/** The stream's first event: whom the server opened it for (it reads the session cookie then). */
export interface StreamReady {
  userId: number | null;
  /** Not the first `ready` since the stream was (re)opened by the page: events may have been missed. */
  reconnect: boolean;
}

interface Listeners {
  ready: (r: StreamReady) => void;
  pin: (data: string) => void;
  check: (data: string) => void;
  note: (data: string) => void;
}

export interface EventStream {
  /**
   * Settles at the stream's first `ready` (from then on every change reaches the page as an event)
   * or when its first attempt failed (offline): what start-up waits for before reading lists.
   */
  opened: Promise<void>;
  /** Listens to one kind of event; returns the function that stops listening. */
  on<K extends keyof Listeners>(kind: K, fn: Listeners[K]): () => void;
  /** Opens the stream again, e.g. as another user after a sign-in or sign-out. */
  reopen(): void;
  close(): void;
}

/** Opens the event stream; the browser reconnects a dropped one itself, and one it could not open is retried. */
export function openEventStream(): EventStream {
  const listeners: { [K in keyof Listeners]: Set<Listeners[K]> } = { ready: new Set(), pin: new Set(), check: new Set(), note: new Set() };
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let readies = 0;
  let closed = false;
  let settle: () => void = () => {};
  const opened = new Promise<void>((resolve) => (settle = resolve));

  const stop = () => {
    source?.close();
    source = null;
    if (retry) clearTimeout(retry);
    retry = null;
  };
  // A retry after a failed attempt keeps counting readies: changes made meanwhile were missed.
  const open = (fresh = true) => {
    stop();
    if (closed || typeof EventSource === 'undefined') return settle();
    if (fresh) readies = 0;
    const es = new EventSource(`${apiBaseHost()}${paths.events}`, { withCredentials: true });
    source = es;
    es.addEventListener('ready', (m) => {
      const { userId } = JSON.parse((m as MessageEvent<string>).data) as { userId: number | null };
      const ready = { userId, reconnect: readies++ > 0 };
      for (const fn of listeners.ready) fn(ready);
      settle();
    });
    es.addEventListener('pin', (m) => {
      for (const fn of listeners.pin) fn((m as MessageEvent<string>).data);
    });
    es.addEventListener('check', (m) => {
      for (const fn of listeners.check) fn((m as MessageEvent<string>).data);
    });
    es.addEventListener('note', (m) => {
      for (const fn of listeners.note) fn((m as MessageEvent<string>).data);
    });
    es.onerror = () => {
      if (source !== es || closed) return;
      // Not open yet (offline, server down): start-up goes on without it, and the ready that comes
      // later counts as a reconnect, so what changed meanwhile is fetched then.
      settle();
      if (readies === 0) readies = 1;
      if (es.readyState === EventSource.CLOSED) retry = setTimeout(() => open(false), EVENTS_RETRY_MS);
    };
  };
  open();
  return {
    opened,
    on(kind, fn) {
      const set = listeners[kind] as Set<typeof fn>;
      set.add(fn);
      return () => set.delete(fn);
    },
    reopen: () => open(),
    close() {
      closed = true;
      stop();
      settle();
    },
  };
}
