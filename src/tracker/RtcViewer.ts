import { parseJsonObject, parsePlayerInfo, type PlayerInfo, type SignalMessage } from '../../common/tracker/protocol';

/** Makes a peer connection (the browser's RTCPeerConnection; tests may pass another). */
export type PeerFactory = () => RTCPeerConnection;

/** What the viewer side of the WebRTC session reports back to its connection. */
export interface RtcViewerEvents {
  /** A signal to send to the tracker through the relay (`answer`, `ice-candidate`). */
  signal(msg: SignalMessage): void;
  info(info: PlayerInfo): void;
  open(): void;
  closed(): void;
}

/**
 * The browser's half of the tracker's WebRTC session: the tracker offers, we answer, ICE
 * candidates cross the relay, and positions arrive as bare PlayerInfo JSON on channel `data`.
 */
export class RtcViewer {
  private pc: RTCPeerConnection | undefined;
  private pending: RTCIceCandidateInit[] = [];
  private channelOpen = false;

  constructor(
    private readonly createPeer: PeerFactory,
    private readonly events: RtcViewerEvents,
  ) {}

  get open(): boolean {
    return this.channelOpen;
  }

  /** Handles the tracker's offer (a new offer replaces any previous session). */
  async offer(desc: RTCSessionDescriptionInit): Promise<void> {
    this.close();
    const pc = this.createPeer();
    this.pc = pc;
    pc.onicecandidate = (e) => {
      if (e.candidate) this.events.signal({ type: 'ice-candidate', data: e.candidate.toJSON() });
    };
    pc.ondatachannel = (e) => {
      const ch = e.channel;
      if (ch.label !== 'data') return;
      ch.onopen = () => {
        this.channelOpen = true;
        this.events.open();
      };
      ch.onclose = () => {
        if (this.pc !== pc) return;
        this.channelOpen = false;
        this.events.closed();
      };
      ch.onmessage = (m: MessageEvent) => {
        if (typeof m.data !== 'string') return;
        const o = parseJsonObject(m.data);
        // Bare PlayerInfo, as the tracker sends it; tolerate the {type:'data', data} form too.
        const info = o && (parsePlayerInfo(o) ?? (o.type === 'data' ? parsePlayerInfo(o.data) : null));
        if (info) this.events.info(info);
      };
      if (ch.readyState === 'open') ch.onopen(new Event('open'));
    };
    pc.onconnectionstatechange = () => {
      if (this.pc === pc && (pc.connectionState === 'failed' || pc.connectionState === 'closed') && this.channelOpen) {
        this.channelOpen = false;
        this.events.closed();
      }
    };
    await pc.setRemoteDescription(desc);
    for (const c of this.pending.splice(0)) await pc.addIceCandidate(c).catch(() => undefined);
    const answer = await pc.createAnswer();
    await pc.setLocalDescription(answer);
    if (this.pc !== pc || !pc.localDescription) return;
    this.events.signal({ type: 'answer', data: pc.localDescription.toJSON() });
  }

  /** Adds a tracker ICE candidate (queued until the offer is applied). */
  async candidate(c: RTCIceCandidateInit): Promise<void> {
    if (!this.pc || !this.pc.remoteDescription) {
      this.pending.push(c);
      return;
    }
    await this.pc.addIceCandidate(c).catch(() => undefined);
  }

  close(): void {
    const pc = this.pc;
    this.pc = undefined;
    this.pending = [];
    const wasOpen = this.channelOpen;
    this.channelOpen = false;
    if (pc) pc.close();
    if (wasOpen) this.events.closed();
  }
}
