import { useSyncExternalStore } from 'react';
import { tracker } from './tracker';
import type { TrackerSnapshot } from './TrackerStore';
import type { TrackerTarget } from './TrackerConnection';

/** The page's tracker session for React: its snapshot and the connect / disconnect actions. */
export function useTracker(): TrackerSnapshot & { connect(target: TrackerTarget): void; disconnect(): void } {
  const snap = useSyncExternalStore(tracker.subscribe, tracker.getSnapshot, tracker.getSnapshot);
  return { ...snap, connect: (t) => tracker.connect(t), disconnect: () => tracker.disconnect() };
}
