/**
 * The wire format of the desktop tracker (Wuma Tracker, ../shared/TRACKER-PROTOCOL.md) and the few
 * frames our relay adds. Shared by the browser client, the server relay and the simulator.
 */

/** One position reading: raw game coordinates (centimetres) and rotation in degrees. */
export interface PlayerInfo {
  x: number;
  y: number;
  z: number;
  pitch: number;
  yaw: number;
  roll: number;
}

/** Signal types of the tracker's `RtcSignal` enum (serde kebab-case tag). */
export type SignalType = 'new-peer' | 'peer-left' | 'offer' | 'answer' | 'ice-candidate' | 'data' | 'local-offer';

/** `{type, data}` as the tracker's serde `tag = "type", content = "data"` writes it. */
export interface SignalMessage {
  type: string;
  data?: unknown;
}

/** A relay frame: `{from, to, msg}`. */
export interface SignalPacket {
  from: string;
  to: string;
  msg: SignalMessage;
}

/** The tracker's own id in external mode. */
export const SERVER_ID = 'SERVER';
/** Sender id of frames our relay writes itself (the viewer's `welcome`). */
export const RELAY_ID = 'RELAY';
/** Address that makes the relay fan a tracker's packet out to every viewer of the code. */
export const BROADCAST_ID = '*';

/** Heartbeat frames (ours): the real tracker ignores text it cannot parse, our relay answers `pong`. */
export const PING_FRAME = '{"type":"ping"}';
export const PONG_FRAME = '{"type":"pong"}';

/** External codes: 8 characters of Base36 in upper case (SPEC §9 "code length 8"). */
export const TRACKER_CODE_LENGTH = 8;
const CODE_RE = /^[0-9A-Z]{8}$/;

/**
 * A code as people type it, made canonical: separators (space, hyphen, dash, dot, underscore) out and
 * upper case, so "abcd-1234" and "ABCD 1234" read as the desktop tracker's "ABCD-1234".
 */
export function normalizeTrackerCode(typed: string): string {
  return typed.replace(/[\s\-\u2010-\u2015._]/g, '').toUpperCase();
}

/** True for a well-formed external connection code. */
export function isTrackerCode(code: unknown): code is string {
  return typeof code === 'string' && CODE_RE.test(code);
}

/** Default local tracker address (the tracker's own default). */
export const DEFAULT_LOCAL_URL = 'ws://127.0.0.1:46821';

/** WebSocket close codes our relay uses (4000–4999 are free for applications). */
export const RelayClose = {
  badCode: 4400,
  roomFull: 4403,
  idle: 4408,
  replaced: 4409,
  /** Another tracker holds this code and answered the relay's ping: the newcomer may retry later. */
  seatTaken: 4410,
  rateLimited: 4429,
  tooManyRooms: 4503,
} as const;

/** Close codes after which reconnecting cannot help. */
export const PERMANENT_CLOSE_CODES: ReadonlySet<number> = new Set([RelayClose.badCode, RelayClose.replaced]);

function finite(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/** Validates a PlayerInfo record (numbers must be finite; extra fields are dropped). */
export function parsePlayerInfo(v: unknown): PlayerInfo | null {
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  if (!finite(o.x) || !finite(o.y) || !finite(o.z)) return null;
  const angle = (a: unknown) => (finite(a) ? a : 0);
  return { x: o.x, y: o.y, z: o.z, pitch: angle(o.pitch), yaw: angle(o.yaw), roll: angle(o.roll) };
}

/** Parses JSON text into an object, or null. */
export function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Reads a SignalPacket (from/to strings, msg with a string type), or null. */
export function parseSignalPacket(o: Record<string, unknown>): SignalPacket | null {
  const msg = o.msg as Record<string, unknown> | undefined;
  if (typeof msg !== 'object' || msg === null || typeof msg.type !== 'string') return null;
  const from = typeof o.from === 'string' ? o.from : '';
  const to = typeof o.to === 'string' ? o.to : '';
  return { from, to, msg: { type: msg.type, data: msg.data } };
}

/** The subset of the WebSocket API we use (the browser's, or `ws` in Node tests). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}
