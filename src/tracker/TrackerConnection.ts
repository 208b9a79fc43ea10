import {
  PERMANENT_CLOSE_CODES,
  PING_FRAME,
  RelayClose,
  SERVER_ID,
  parseJsonObject,
  parsePlayerInfo,
  parseSignalPacket,
  type PlayerInfo,
  type SignalMessage,
  type WebSocketLike,
} from '../../common/tracker/protocol';

export type { WebSocketLike };
import { RtcViewer, type PeerFactory } from './RtcViewer';
import { systemTimers, type Timers } from './timers';

/** SPEC §9: the tracker websocket's rules. */
export const TRACKER_RECONNECT_LIMIT = 20;
export const TRACKER_RECONNECT_INTERVAL_MS = 5000;
export const TRACKER_HEARTBEAT_MS = 25_000;
export const TRACKER_TIMEOUT_MS = 60_000;

/** Where to connect: the tracker itself (local mode) or our relay with a code (external mode). */
export type TrackerTarget = { mode: 'local'; url: string } | { mode: 'external'; code: string; relayUrl: string };

export type TrackerStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'failed' | 'closed';
/** How positions reach us: the local socket, `data` packets through the relay, or a WebRTC channel. */
export type TrackerTransport = 'websocket' | 'relay' | 'webrtc';
/** Why the connection stopped for good. */
export type TrackerFailure = 'code' | 'replaced' | 'limit';

export interface TrackerState {
  status: TrackerStatus;
  /** Reconnects made since the last successful connection. */
  attempts: number;
  /** External mode: whether the desktop tracker is in the room. Local mode: connected. */
  trackerOnline: boolean;
  transport: TrackerTransport | null;
  failure: TrackerFailure | null;
}

export interface TrackerConnectionOptions {
  target: TrackerTarget;
  onInfo?: (info: PlayerInfo, at: number) => void;
  onState?: (state: TrackerState) => void;
  createSocket?: (url: string) => WebSocketLike;
  /** WebRTC peer factory; null turns WebRTC off (the relay's `data` packets still work). */
  createPeer?: PeerFactory | null;
  timers?: Timers;
  reconnectLimit?: number;
  reconnectIntervalMs?: number;
  heartbeatMs?: number;
  timeoutMs?: number;
}

const OPEN = 1;

/** The URL a target connects to: the tracker's own, or /…/tracker/{CODE}?role=viewer on the relay. */
export function targetUrl(t: TrackerTarget): string {
  return t.mode === 'local' ? t.url : `${t.relayUrl.replace(/\/$/, '')}/${t.code}?role=viewer`;
}

function defaultPeerFactory(): PeerFactory | null {
  const Ctor = (globalThis as { RTCPeerConnection?: typeof RTCPeerConnection }).RTCPeerConnection;
  // Host candidates only: the tracker's LAN, or a relay-carried fallback. A STUN server could be added here.
  return Ctor ? () => new Ctor({ iceServers: [] }) : null;
}

/**
 * One live tracker session with SPEC §9's rules: reconnect up to 20 times 5 s apart (the
 * count restarts after a successful connection), a heartbeat every 25 s, and 60 s without
 * any message counted as a drop. Plain TypeScript; the clock and the socket are injectable.
 */
export class TrackerConnection {
  private state: TrackerState = { status: 'idle', attempts: 0, trackerOnline: false, transport: null, failure: null };
  private socket: WebSocketLike | undefined;
  private rtc: RtcViewer | undefined;
  private lastMessageAt = 0;
  private heartbeat: unknown;
  private watchdog: unknown;
  private retry: unknown;
  private readonly timers: Timers;
  private readonly createSocket: (url: string) => WebSocketLike;
  private readonly createPeer: PeerFactory | null;
  private readonly limit: number;
  private readonly intervalMs: number;
  private readonly heartbeatMs: number;
  private readonly timeoutMs: number;

  constructor(private readonly options: TrackerConnectionOptions) {
    this.timers = options.timers ?? systemTimers;
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url) as unknown as WebSocketLike);
    this.createPeer = options.createPeer === undefined ? defaultPeerFactory() : options.createPeer;
    this.limit = options.reconnectLimit ?? TRACKER_RECONNECT_LIMIT;
    this.intervalMs = options.reconnectIntervalMs ?? TRACKER_RECONNECT_INTERVAL_MS;
    this.heartbeatMs = options.heartbeatMs ?? TRACKER_HEARTBEAT_MS;
    this.timeoutMs = options.timeoutMs ?? TRACKER_TIMEOUT_MS;
  }

  get target(): TrackerTarget {
    return this.options.target;
  }

  getState(): TrackerState {
    return this.state;
  }

  /** Starts connecting (no-op while a session is active). */
  start(): void {
    if (this.state.status !== 'idle' && this.state.status !== 'closed' && this.state.status !== 'failed') return;
    this.set({ status: 'connecting', attempts: 0, failure: null });
    this.open();
  }

  /** Ends the session for good; no reconnect follows. */
  stop(): void {
    this.teardown();
    this.set({ status: 'closed', trackerOnline: false, transport: null });
  }

  private set(patch: Partial<TrackerState>): void {
    this.state = { ...this.state, ...patch };
    this.options.onState?.(this.state);
  }

  private open(): void {
    const socket = this.createSocket(targetUrl(this.options.target));
    this.socket = socket;
    this.lastMessageAt = this.timers.now();
    this.armWatchdog();
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.lastMessageAt = this.timers.now();
      this.heartbeat = this.timers.setInterval(() => {
        if (socket.readyState === OPEN) socket.send(PING_FRAME);
      }, this.heartbeatMs);
    };
    socket.onmessage = (ev) => {
      if (this.socket !== socket || typeof ev.data !== 'string') return;
      this.lastMessageAt = this.timers.now();
      if (this.options.target.mode === 'local') this.onLocal(ev.data);
      else this.onRelay(ev.data);
    };
    socket.onclose = (ev) => {
      if (this.socket === socket) this.drop(ev.code);
    };
    socket.onerror = () => {
      // A close event follows every error; dropping there keeps one path.
    };
  }

  /** 60 s without a message (or without the socket ever opening) is a drop. */
  private armWatchdog(): void {
    const due = this.lastMessageAt + this.timeoutMs - this.timers.now();
    this.watchdog = this.timers.setTimeout(
      () => {
        if (this.timers.now() - this.lastMessageAt >= this.timeoutMs) {
          this.socket?.close(4000, 'timeout');
          this.drop(undefined);
        } else this.armWatchdog();
      },
      Math.max(0, due),
    );
  }

  private connected(transport: TrackerTransport, trackerOnline: boolean): void {
    if (this.state.status !== 'connected' || this.state.attempts !== 0 || this.state.trackerOnline !== trackerOnline) {
      this.set({ status: 'connected', attempts: 0, trackerOnline, transport: this.state.transport ?? transport });
    }
  }

  private emit(info: PlayerInfo, transport: TrackerTransport): void {
    if (this.state.transport !== transport) this.set({ transport });
    this.options.onInfo?.(info, this.timers.now());
  }

  private onLocal(text: string): void {
    const o = parseJsonObject(text);
    if (!o) return;
    if (o.type === 'local-offer') this.connected('websocket', true);
    else if (o.type === 'data') {
      const info = parsePlayerInfo(o.data);
      if (!info) return;
      // A tracker restarted mid-session may skip local-offer: data also means connected.
      this.connected('websocket', true);
      this.emit(info, 'websocket');
    }
  }

  private onRelay(text: string): void {
    const o = parseJsonObject(text);
    const p = o && parseSignalPacket(o);
    if (!p) return;
    const { type, data } = p.msg;
    if (type === 'welcome') {
      this.connected('relay', Boolean((data as { tracker?: unknown } | undefined)?.tracker));
    } else if (p.from !== SERVER_ID) {
      return;
    } else if (type === 'new-peer') {
      this.connected('relay', true);
    } else if (type === 'peer-left') {
      this.rtc?.close();
      this.set({ trackerOnline: false });
    } else if (type === 'data') {
      const info = parsePlayerInfo(data);
      if (!info) return;
      if (!this.state.trackerOnline) this.set({ trackerOnline: true });
      // While the WebRTC channel is open it is the source; relay copies would only duplicate.
      if (!this.rtc?.open) this.emit(info, 'relay');
    } else if (type === 'offer' && this.createPeer) {
      if (!this.state.trackerOnline) this.set({ trackerOnline: true });
      this.rtcViewer()
        .offer(data as RTCSessionDescriptionInit)
        .catch(() => this.rtc?.close());
    } else if (type === 'ice-candidate' && this.rtc) {
      void this.rtc.candidate(data as RTCIceCandidateInit);
    }
  }

  private rtcViewer(): RtcViewer {
    if (this.rtc) return this.rtc;
    const socket = this.socket;
    this.rtc = new RtcViewer(this.createPeer!, {
      signal: (msg: SignalMessage) => {
        if (socket && socket === this.socket && socket.readyState === OPEN) socket.send(JSON.stringify({ from: '', to: SERVER_ID, msg }));
      },
      info: (info) => {
        this.lastMessageAt = this.timers.now();
        this.emit(info, 'webrtc');
      },
      open: () => this.set({ transport: 'webrtc' }),
      closed: () => {
        if (this.state.transport === 'webrtc') this.set({ transport: 'relay' });
      },
    });
    return this.rtc;
  }

  private teardown(): void {
    this.timers.clearInterval(this.heartbeat);
    this.timers.clearTimeout(this.watchdog);
    this.timers.clearTimeout(this.retry);
    this.heartbeat = this.watchdog = this.retry = undefined;
    this.rtc?.close();
    this.rtc = undefined;
    const s = this.socket;
    this.socket = undefined;
    if (s) {
      s.onopen = s.onmessage = s.onclose = s.onerror = null;
      if (s.readyState <= OPEN) s.close(1000, 'bye');
    }
  }

  /** The socket ended (closed, failed to open, or timed out): reconnect or give up. */
  private drop(code: number | undefined): void {
    this.teardown();
    if (code !== undefined && PERMANENT_CLOSE_CODES.has(code)) {
      this.set({ status: 'failed', trackerOnline: false, transport: null, failure: code === RelayClose.badCode ? 'code' : 'replaced' });
      return;
    }
    if (this.state.attempts >= this.limit) {
      this.set({ status: 'failed', trackerOnline: false, transport: null, failure: 'limit' });
      return;
    }
    this.set({ status: 'reconnecting', attempts: this.state.attempts + 1, trackerOnline: false, transport: null });
    this.retry = this.timers.setTimeout(() => this.open(), this.intervalMs);
  }
}
