import { TrackerConnection, type TrackerConnectionOptions, type TrackerState, type TrackerTarget } from './TrackerConnection';
import { toSample, type TrackerSample } from './position';

/** What the UI reads: the connection's state, what it is connected to, and the last position. */
export interface TrackerSnapshot extends TrackerState {
  target: TrackerTarget | null;
  sample: TrackerSample | null;
}

/** Extra options for connections the store makes (tests pass their socket and clock). */
export type TrackerStoreOptions = Omit<TrackerConnectionOptions, 'target' | 'onInfo' | 'onState'>;

const IDLE: TrackerSnapshot = {
  status: 'idle', attempts: 0, trackerOnline: false, transport: null, failure: null, target: null, sample: null,
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

  /** Connects to a target, ending any current session first. */
  connect(target: TrackerTarget): void {
    this.conn?.stop();
    const conn = new TrackerConnection({
      ...this.options,
      target,
      onState: (state) => {
        if (this.conn === conn) this.update({ ...state, target });
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

  /** Ends the session (status becomes 'closed'). */
  disconnect(): void {
    const conn = this.conn;
    if (!conn) return;
    conn.stop();
    this.conn = undefined;
  }

  private update(patch: Partial<TrackerSnapshot>): void {
    const before = this.snapshot;
    this.snapshot = { ...before, ...patch };
    if (before.status !== this.snapshot.status || before.trackerOnline !== this.snapshot.trackerOnline || before.transport !== this.snapshot.transport) {
      for (const fn of this.statusListeners) fn(this.snapshot, before);
    }
    for (const fn of this.listeners) fn();
  }
}
