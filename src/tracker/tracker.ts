import { ko } from '../i18n/ko';
import { toast } from '../ui/toast';
import { DEFAULT_LOCAL_URL, isTrackerCode } from './protocol';
import type { TrackerTarget } from './TrackerConnection';
import { TrackerStore, type TrackerSnapshot } from './TrackerStore';

/** The page's one tracker session. */
export const tracker = new TrackerStore();

/** The relay of this site: ws(s)://{host}/api/v1/tracker. */
export function relayUrl(loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/api/v1/tracker`;
}

/**
 * Reads what the user typed in the connect dialog: a ws:// or wss:// URL (local mode) or an
 * 8-character code (external mode). Lower-case codes are accepted and upper-cased; anything
 * else is refused with the Korean message to show.
 */
export function parseTrackerInput(input: string, relay: string = relayUrl()): { target: TrackerTarget } | { error: string } {
  const v = input.trim();
  if (v === '') return { target: { mode: 'local', url: DEFAULT_LOCAL_URL } };
  if (/^wss?:\/\//i.test(v)) {
    try {
      const url = new URL(v);
      return { target: { mode: 'local', url: url.href.replace(/\/$/, '') } };
    } catch {
      return { error: ko.trackerUrlInvalid };
    }
  }
  const code = v.toUpperCase();
  return isTrackerCode(code) ? { target: { mode: 'external', code, relayUrl: relay } } : { error: ko.trackerCodeInvalid };
}

/** The Korean line for a snapshot's state (the dialog and the overlay show it). */
export function describeTracker(s: TrackerSnapshot): string {
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

// SPEC §8: "tracker connected / disconnected" toasts.
tracker.onStatus((now, before) => {
  if (now.status === 'connected' && before.status !== 'connected') toast.success(ko.trackerConnected);
  else if (before.status === 'connected' && now.status !== 'connected') toast.info(ko.trackerDisconnected);
  if (now.status === 'failed' && before.status !== 'failed') toast.error(describeTracker(now));
});
