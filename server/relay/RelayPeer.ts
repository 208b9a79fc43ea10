import type { RawData, WebSocket } from 'ws';
import { PING_FRAME, PONG_FRAME, RelayClose, parseJsonObject, parseSignalPacket, type SignalPacket } from '../../common/tracker/protocol';

/** How a peer's socket is watched: its rate, its idle limit and whether WebSocket pings count as life. */
export interface PeerOptions {
  ip: string;
  /** Sustained frames per second (token bucket; burst is twice this). */
  ratePerS: number;
  /** Closed after this long without hearing from it. */
  idleMs: number;
  /** Whether WebSocket pings/pongs count as life (the tracker's do; a viewer must speak). */
  controlFrames: boolean;
}

/**
 * One socket of a relay room (the tracker or a viewer): its heartbeat, its rate limit and the
 * reading of its frames. The hub decides where a packet goes; the peer only says what it sent.
 */
export class RelayPeer {
  /**
   * When anything (frame, ping, pong) last came from it, on the monotonic sub-millisecond clock (performance.now):
   * with Date.now a tracker seated in the same millisecond as a newcomer's seat probe read as having answered it.
   */
  heardAt = performance.now();
  readonly ip: string;
  private tokens: number;
  private refilledAt = Date.now();
  private idleTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly id: string,
    readonly socket: WebSocket,
    private readonly opts: PeerOptions,
  ) {
    this.ip = opts.ip;
    this.tokens = opts.ratePerS * 2;
    if (opts.controlFrames) {
      const touch = () => this.touch();
      socket.on('ping', touch);
      socket.on('pong', touch);
    }
    this.touch();
  }

  /** Whether the socket is open. */
  get open(): boolean {
    return this.socket.readyState === this.socket.OPEN;
  }

  /** Stops the idle timer (the peer left or is being replaced). */
  stop(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
  }

  /** Sends a packet when the socket is open. */
  send(packet: SignalPacket): void {
    if (this.open) this.socket.send(JSON.stringify(packet));
  }

  /** Sends text already encoded when the socket is open. */
  sendText(text: string): void {
    if (this.open) this.socket.send(text);
  }

  /** Takes one frame: heartbeat, rate, pings answered here. Returns the packet to route, if any. */
  read(raw: RawData, isBinary: boolean): SignalPacket | null {
    this.touch();
    if (!this.admit() || isBinary) return null;
    const text = raw.toString();
    if (text === PING_FRAME) {
      this.socket.send(PONG_FRAME);
      return null;
    }
    const obj = parseJsonObject(text);
    if (!obj) return null;
    if (obj.type === 'ping') {
      this.socket.send(PONG_FRAME);
      return null;
    }
    return parseSignalPacket(obj);
  }

  private touch(): void {
    this.heardAt = performance.now();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.socket.close(RelayClose.idle, 'idle timeout'), this.opts.idleMs);
  }

  /** Token bucket: false (and the socket closed) when the sender is over its rate. */
  private admit(): boolean {
    const now = Date.now();
    const rate = this.opts.ratePerS;
    this.tokens = Math.min(rate * 2, this.tokens + ((now - this.refilledAt) / 1000) * rate);
    this.refilledAt = now;
    if (this.tokens < 1) {
      this.socket.close(RelayClose.rateLimited, 'too many messages');
      return false;
    }
    this.tokens -= 1;
    return true;
  }
}
