/** sessionStorage key of the page's tracker target (kept across a reload, dropped on disconnect). */
export const TRACKER_SESSION_KEY = 'trackerSession';

/** Whether this tab had a tracker session before a reload (read without loading the tracker code). */
export function hasTrackerSession(): boolean {
  try {
    return globalThis.sessionStorage?.getItem(TRACKER_SESSION_KEY) != null;
  } catch {
    return false;
  }
}
