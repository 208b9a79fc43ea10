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

  const stop = () => {
    source?.close();
    source = null;
    if (retry) clearTimeout(retry);
    retry = null;
  };
  const open = () => {
    stop();
    if (closed || typeof EventSource === 'undefined') return;
    readies = 0;
    const es = new EventSource(`${apiBaseHost()}${paths.events}`, { withCredentials: true });
    source = es;
    es.addEventListener('ready', (m) => {
      const { userId } = JSON.parse((m as MessageEvent<string>).data) as { userId: number | null };
      const ready = { userId, reconnect: readies++ > 0 };
      for (const fn of listeners.ready) fn(ready);
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
      if (es.readyState === EventSource.CLOSED && source === es && !closed) retry = setTimeout(open, EVENTS_RETRY_MS);
    };
  };
  open();
  return {
    on(kind, fn) {
      const set = listeners[kind] as Set<typeof fn>;
      set.add(fn);
      return () => set.delete(fn);
    },
    reopen: open,
    close() {
      closed = true;
      stop();
    },
  };
}
