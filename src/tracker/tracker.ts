import { ko } from '../i18n/ko';
import { notify } from '../state/notices';
import { DEFAULT_LOCAL_URL, isTrackerCode, normalizeTrackerCode } from '../../common/tracker/protocol';
import type { TrackerTarget } from './TrackerConnection';
import { TrackerStore } from './TrackerStore';
import { TRACKER_SESSION_KEY } from './session-key';
import { describeTracker } from './describe';
import { relayUrl } from './relay-url';

export { describeTracker, relayUrl };

/** The page's one tracker session; kept in the tab's sessionStorage so a reload reconnects. */
export const tracker = new TrackerStore({ rememberKey: TRACKER_SESSION_KEY });

/**
 * Reads what the user typed in the connect dialog: a ws:// or wss:// URL (local mode) or an
 * 8-character code (external mode), with or without separators, in any case; anything
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
  const code = normalizeTrackerCode(v);
  return isTrackerCode(code) ? { target: { mode: 'external', code, relayUrl: relay } } : { error: ko.trackerCodeInvalid };
}

// SPEC §8: "tracker connected / disconnected" toasts.
tracker.onStatus((now, before) => {
  if (now.status === 'connected' && before.status !== 'connected') notify({ kind: 'success', message: ko.trackerConnected });
  else if (before.status === 'connected' && now.status !== 'connected') notify({ kind: 'info', message: ko.trackerDisconnected });
  if (now.status === 'failed' && before.status !== 'failed') notify({ kind: 'error', message: describeTracker(now) });
});
