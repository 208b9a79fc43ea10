import { TrackerConnection, type TrackerConnectionOptions, type TrackerState, type TrackerTarget } from './TrackerConnection';
import { toSample, type TrackerSample } from './position';

/** What the UI reads: the connection's state, what it is connected to, and the last position. */
export interface TrackerSnapshot extends TrackerState {
  target: TrackerTarget | null;
  sample: TrackerSample | null;
}

/** Extra options for connections the store makes (tests pass their socket and clock). */
export type TrackerStoreOptions = Omit<TrackerConnectionOptions, 'target' | 'onInfo' | 'onState'> & {
  /** sessionStorage key under which the target is kept, so a reload of the tab can `resume()` it. */
  rememberKey?: string;
};

/** The target remembered under `key` in this tab's sessionStorage, or null. */
export function rememberedTarget(key: string): TrackerTarget | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(key);
    const t = raw ? (JSON.parse(raw) as Partial<TrackerTarget> | null) : null;
    if (t?.mode === 'local' && typeof t.url === 'string') return { mode: 'local', url: t.url };
    if (t?.mode === 'external' && typeof t.code === 'string' && typeof t.relayUrl === 'string')
      return { mode: 'external', code: t.code, relayUrl: t.relayUrl };
  } catch {
    // Storage off or a damaged value: nothing to resume.
  }
  return null;
}

function remember(key: string | undefined, target: TrackerTarget | null): void {
  if (!key) return;
  try {
    if (target) globalThis.sessionStorage?.setItem(key, JSON.stringify(target));
    else globalThis.sessionStorage?.removeItem(key);
  } catch {
    // Private mode without storage: the session just is not resumed after a reload.
  }
}

const IDLE: TrackerSnapshot = {
  status: 'idle',
  attempts: 0,
  trackerOnline: false,
  transport: null,
  failure: null,
  target: null,
  sample: null,
};

/**
 * One tracker session for the page, readable with useSyncExternalStore (subscribe /
 * getSnapshot), plus `onPosition` for whoever moves the map (the engine bridge, the overlay).
 */
export class TrackerStore {
  private snapshot: TrackerSnapshot = IDLE;
  private conn: TrackerConnection | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly positionListeners = new Set<(s: TrackerSample) => void>();
  private readonly statusListeners = new Set<(now: TrackerSnapshot, before: TrackerSnapshot) => void>();

  constructor(private readonly options: TrackerStoreOptions = {}) {}

  readonly subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  readonly getSnapshot = (): TrackerSnapshot => this.snapshot;

  /** Calls `fn` with every mapped position (timestamped; the engine interpolates). */
  onPosition(fn: (s: TrackerSample) => void): () => void {
    this.positionListeners.add(fn);
    return () => this.positionListeners.delete(fn);
  }

  /** Calls `fn` whenever status, tracker presence or transport change (toasts, the app store). */
  onStatus(fn: (now: TrackerSnapshot, before: TrackerSnapshot) => void): () => void {
    this.statusListeners.add(fn);
    return () => this.statusListeners.delete(fn);
  }

  /** Connects to a target, ending any current session first (and remembers it for a reload). */
  connect(target: TrackerTarget): void {
    this.conn?.stop();
    remember(this.options.rememberKey, target);
    const conn = new TrackerConnection({
      ...this.options,
      target,
      onState: (state) => {
        if (this.conn !== conn) return;
        // A code the relay refuses will not work after a reload either.
        if (state.status === 'failed' && state.failure === 'code') remember(this.options.rememberKey, null);
        this.update({ ...state, target });
      },
      onInfo: (info, at) => {
        if (this.conn !== conn) return;
        const sample = toSample(info, at, this.snapshot.sample?.regionId);
        if (!sample) return;
        this.update({ sample });
        for (const fn of this.positionListeners) fn(sample);
      },
    });
    this.conn = conn;
    this.update({ ...IDLE, target });
    conn.start();
  }

  /** Connects again to the target remembered before a reload; false when there is none. */
  resume(): boolean {
    const target = this.options.rememberKey ? rememberedTarget(this.options.rememberKey) : null;
    if (!target || this.conn) return false;
    this.connect(target);
    return true;
  }

  /** Ends the session (status becomes 'closed') and forgets it: a reload does not reconnect. */
  disconnect(): void {
    remember(this.options.rememberKey, null);
    const conn = this.conn;
    if (!conn) return;
    conn.stop();
    this.conn = undefined;
  }

  private update(patch: Partial<TrackerSnapshot>): void {
    const before = this.snapshot;
    this.snapshot = { ...before, ...patch };
    if (
      before.status !== this.snapshot.status ||
      before.trackerOnline !== this.snapshot.trackerOnline ||
      before.transport !== this.snapshot.transport
    ) {
      for (const fn of this.statusListeners) fn(this.snapshot, before);
    }
    for (const fn of this.listeners) fn();
  }
}
