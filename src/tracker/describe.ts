import { ko } from '../i18n/ko';
import type { TrackerSnapshot } from './TrackerStore';

/** The Korean line for a snapshot's state (the dialog and the overlay show it). */
export function describeTracker(s: Pick<TrackerSnapshot, 'status' | 'attempts' | 'failure' | 'trackerOnline'>): string {
  switch (s.status) {
    case 'idle':
    case 'closed':
      return ko.trackerStateIdle;
    case 'connecting':
      return ko.trackerStateConnecting;
    case 'reconnecting':
      return ko.trackerStateReconnecting(s.attempts);
    case 'failed':
      return s.failure === 'code' ? ko.trackerCodeInvalid : ko.trackerStateFailed;
    case 'connected':
      return s.trackerOnline ? ko.trackerStateConnected : ko.trackerStateWaiting;
  }
}
