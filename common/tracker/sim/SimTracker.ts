import {
  BROADCAST_ID,
  SERVER_ID,
  parseJsonObject,
  parseSignalPacket,
  type PlayerInfo,
  type SignalPacket,
  type WebSocketLike,
} from '../protocol';

export interface SimTrackerOptions {
  /** Full relay URL with code and role, e.g. ws://host/api/v1/tracker/ABCD1234?role=server. */
  url: string;
  /** The position to send at a time since start (ms). */
  position: (ms: number) => PlayerInfo;
  createSocket: (url: string) => WebSocketLike;
  /** WebRTC, as the real tracker does it; without it every viewer gets relay `data` packets. */
  createPeer?: (() => RTCPeerConnection) | null;
  /** Samples per second. */
  hz?: number;
  /** Reconnect delay after the relay connection drops. */
  reconnectMs?: number;
  log?: (line: string) => void;
}

interface Viewer {
  id: string;
  pc?: RTCPeerConnection;
  channel?: RTCDataChannel;
}

/**
 * The desktop tracker's external mode, for tests and `npm run tracker:sim`: joins the relay as
 * role=server, offers a WebRTC data channel named `data` to each viewer it is told about, and
 * sends positions over the channel when it is open, otherwise as relay `data` packets.
 * Runs in Node (no WebRTC: relay packets only) and in the browser (both paths).
 */
export class SimTracker {
  readonly viewers = new Map<string, Viewer>();
  /** Sockets opened so far (reconnects included). */
  connections = 0;
  private socket: WebSocketLike | undefined;
  private ticker: ReturnType<typeof setInterval> | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private startedAt = 0;
  private running = false;

  constructor(private readonly o: SimTrackerOptions) {}

  start(): void {
    this.running = true;
    this.startedAt = Date.now();
    this.connect();
    this.ticker = setInterval(() => this.tick(), 1000 / (this.o.hz ?? 10));
  }

  stop(): void {
    this.running = false;
    clearInterval(this.ticker);
    clearTimeout(this.retry);
    this.closeSocket();
  }

  /** Closes the relay connection as a network failure would; it reconnects after reconnectMs. */
  drop(): void {
    this.socket?.close(4000, 'simulated drop');
  }

  /** Viewers whose WebRTC data channel is open. */
  get rtcOpen(): number {
    return [...this.viewers.values()].filter((v) => v.channel?.readyState === 'open').length;
  }

  private connect(): void {
    const s = this.o.createSocket(this.o.url);
    this.socket = s;
    this.connections++;
    s.onopen = () => this.o.log?.(`relay connected: ${this.o.url}`);
    s.onmessage = (ev) => {
      if (typeof ev.data !== 'string') return;
      const o = parseJsonObject(ev.data);
      const p = o && parseSignalPacket(o);
      if (p) void this.onPacket(p);
    };
    s.onclose = (ev) => {
      if (this.socket !== s) return;
      this.o.log?.(`relay closed (${ev.code} ${ev.reason})`);
      this.closeSocket();
      if (this.running) this.retry = setTimeout(() => this.connect(), this.o.reconnectMs ?? 1000);
    };
    s.onerror = () => undefined;
  }

  private closeSocket(): void {
    for (const v of this.viewers.values()) v.pc?.close();
    this.viewers.clear();
    const s = this.socket;
    this.socket = undefined;
    if (s) {
      s.onclose = s.onmessage = s.onopen = null;
      if (s.readyState <= 1) s.close(1000, 'bye');
    }
  }

  private send(p: SignalPacket): void {
    if (this.socket?.readyState === 1) this.socket.send(JSON.stringify(p));
  }

  private async onPacket(p: SignalPacket): Promise<void> {
    const { type, data } = p.msg;
    if (type === 'new-peer') {
      const v: Viewer = { id: p.from };
      this.viewers.set(p.from, v);
      this.o.log?.(`viewer joined: ${p.from}`);
      if (this.o.createPeer) await this.offer(v);
    } else if (type === 'peer-left') {
      this.viewers.get(p.from)?.pc?.close();
      this.viewers.delete(p.from);
      this.o.log?.(`viewer left: ${p.from}`);
    } else if (type === 'answer') {
      await this.viewers
        .get(p.from)
        ?.pc?.setRemoteDescription(data as RTCSessionDescriptionInit)
        .catch(() => undefined);
    } else if (type === 'ice-candidate') {
      await this.viewers
        .get(p.from)
        ?.pc?.addIceCandidate(data as RTCIceCandidateInit)
        .catch(() => undefined);
    }
  }

  private async offer(v: Viewer): Promise<void> {
    const pc = this.o.createPeer!();
    v.pc = pc;
    v.channel = pc.createDataChannel('data');
    pc.onicecandidate = (e) => {
      if (e.candidate) this.send({ from: SERVER_ID, to: v.id, msg: { type: 'ice-candidate', data: e.candidate.toJSON() } });
    };
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    this.send({ from: SERVER_ID, to: v.id, msg: { type: 'offer', data: pc.localDescription!.toJSON() } });
  }

  private tick(): void {
    if (this.socket?.readyState !== 1) return;
    const info = this.o.position(Date.now() - this.startedAt);
    const text = JSON.stringify(info);
    const relayed = [...this.viewers.values()].filter((v) => {
      if (v.channel?.readyState !== 'open') return true;
      v.channel.send(text);
      return false;
    });
    if (relayed.length === 0) return;
    if (relayed.length === this.viewers.size) this.send({ from: SERVER_ID, to: BROADCAST_ID, msg: { type: 'data', data: info } });
    else for (const v of relayed) this.send({ from: SERVER_ID, to: v.id, msg: { type: 'data', data: info } });
  }
}
