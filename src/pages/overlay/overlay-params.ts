import { DEFAULT_LOCAL_URL, isTrackerCode, normalizeTrackerCode } from '../../../common/tracker/protocol';
import type { TrackerTarget } from '../../tracker/TrackerConnection';

/** Backgrounds a streaming program can key out or show. */
export type OverlayBackground = 'transparent' | 'chroma' | 'dark';

/** The overlay's settings, all from its query string (a browser source has no UI). */
export interface OverlayParams {
  background: OverlayBackground;
  /** Category ids whose pins are drawn; empty = the default categories (see shownCategories). */
  categories: number[];
  /** Local URL or external code; the local default when neither is given. */
  tracker: { mode: 'local'; url: string } | { mode: 'external'; code: string };
  /** Engine zoom (1 = scale-100 tile pixels at 1:1 CSS px), before the UI scale. */
  zoom: number;
  /** UI scale (marker, pins, text); null = from the window height (1080p → 1, 4K → 2). */
  scale: number | null;
  /** Problems with the query (nothing is drawn; the setup page's preview says why). */
  errors: string[];
}

/** The chroma key colour (pure green, the streaming default). */
export const CHROMA_COLOR = '#00ff00';
export const DARK_COLOR = '#0b1220';

/**
 * Reads `?bg=transparent|chroma|dark&categories=1,2,3&tracker=ws://…|code=XXXXXXXX&zoom=1&scale=2`.
 * Unknown values fall back to defaults; a malformed code is reported (the overlay shows it).
 */
export function parseOverlayParams(search: string): OverlayParams {
  const q = new URLSearchParams(search);
  const errors: string[] = [];
  const bg = q.get('bg');
  const background: OverlayBackground = bg === 'chroma' || bg === 'dark' ? bg : 'transparent';
  const categories = (q.get('categories') ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  let tracker: OverlayParams['tracker'] = { mode: 'local', url: DEFAULT_LOCAL_URL };
  const code = q.get('code');
  const url = q.get('tracker');
  if (code !== null) {
    const c = normalizeTrackerCode(code);
    if (isTrackerCode(c)) tracker = { mode: 'external', code: c };
    else errors.push('code');
  } else if (url !== null) {
    if (/^wss?:\/\/.+/i.test(url.trim())) tracker = { mode: 'local', url: url.trim() };
    else errors.push('tracker');
  }
  const zoomRaw = Number(q.get('zoom') ?? '1');
  const zoom = Number.isFinite(zoomRaw) && zoomRaw > 0 ? Math.min(8, Math.max(0.05, zoomRaw)) : 1;
  const scaleRaw = q.get('scale') === null ? NaN : Number(q.get('scale'));
  const scale = Number.isFinite(scaleRaw) && scaleRaw > 0 ? Math.min(4, Math.max(0.5, scaleRaw)) : null;
  return { background, categories, tracker, zoom, scale, errors };
}

/** The tracker target for the parsed settings, given this site's relay URL. */
export function overlayTarget(p: OverlayParams, relayUrl: string): TrackerTarget {
  return p.tracker.mode === 'local' ? p.tracker : { mode: 'external', code: p.tracker.code, relayUrl };
}

/** UI scale for a window height: 1 up to 1080 px, growing with the height (2 at 2160 px). */
export function uiScaleFor(height: number): number {
  return Math.max(1, Math.round((height / 1080) * 4) / 4);
}

/** The engine's heading (degrees, 0 = up, clockwise) from a tracker heading (radians from +x, clockwise). */
export function engineHeading(radians: number): number {
  return ((((radians * 180) / Math.PI + 90) % 360) + 360) % 360;
}

/** The categories the overlay draws: those asked for, else the map's default ones (a bare /overlay is not empty). */
export function shownCategories(p: Pick<OverlayParams, 'categories'>, defaults: readonly number[]): number[] {
  return p.categories.length ? p.categories : [...defaults];
}

/** The overlay's settings as the setup page edits them (the query string's inverse). */
export type OverlaySettings = Omit<OverlayParams, 'errors'>;

/** The browser-source URL for settings: only what differs from the defaults goes in the query. */
export function overlayUrl(origin: string, s: OverlaySettings): string {
  const q = new URLSearchParams();
  if (s.tracker.mode === 'external') q.set('code', s.tracker.code);
  else if (s.tracker.url !== DEFAULT_LOCAL_URL) q.set('tracker', s.tracker.url);
  if (s.categories.length) q.set('categories', s.categories.join(','));
  if (s.zoom !== 1) q.set('zoom', String(s.zoom));
  if (s.scale !== null) q.set('scale', String(s.scale));
  if (s.background !== 'transparent') q.set('bg', s.background);
  const query = q.toString().replace(/%2C/g, ',');
  return `${origin}/overlay${query ? `?${query}` : ''}`;
}

/** What the overlay tells the page that frames it (the setup page's preview): its state, never drawn on the stream. */
export interface OverlayStatusMessage {
  type: 'overlay-status';
  /** 'error' for a bad query; otherwise the tracker connection's status. */
  status: string;
  trackerOnline: boolean;
  /** The Korean line to show beside the preview. */
  text: string;
}

/** Whether a message event's data is the overlay's status. */
export function isOverlayStatus(data: unknown): data is OverlayStatusMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'overlay-status';
}
