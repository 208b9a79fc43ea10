import { randomBytes } from 'node:crypto';
import type { WebSocket, RawData } from 'ws';
import {
  BROADCAST_ID, PING_FRAME, PONG_FRAME, RELAY_ID, RelayClose, SERVER_ID,
  parseJsonObject, parsePlayerInfo, parseSignalPacket, type SignalPacket,
} from '../../common/tracker/protocol';
import { RelayIpLimits } from './ip-limits';
import { MAX_BUS_TEXT, RelayBus, type BusEvent } from './RelayBus';
import type { Db } from '../db';

/** Limits of the relay; every one can be lowered in tests. */
export interface RelayLimits {
  /** Viewers connected to one code at once. */
  maxViewersPerCode: number;
  /** Codes with anyone connected, per process. */
  maxRooms: number;
  /** Largest frame accepted (bytes); larger frames close the socket with 1009. */
  maxMessageBytes: number;
  /** Sustained frames per second per viewer socket (token bucket; burst is twice this). */
  viewerRatePerS: number;
  /** The tracker signals every viewer and streams positions, so it gets more. */
  trackerRatePerS: number;
  /** A tracker silent this long (no frame, ping or pong) is closed. */
  idleMs: number;
  /** A viewer that sends no frame this long is closed (the web client pings every 25 s; WebSocket-level pongs do not count). */
  viewerIdleMs: number;
  /** Sockets one address may hold open at once (per process). */
  maxSocketsPerIp: number;
  /** Distinct codes one address may open or join per minute (per process): bounds room-filling and probing. */
  codesPerIpPerMin: number;
  /** Viewers one address may hold on one code: a few idle sockets cannot fill a streamer's room. */
  maxViewersPerIpPerCode: number;
  /** How long a connected tracker has to answer a ping before a newcomer takes its seat. */
  seatProbeMs: number;
}

export const DEFAULT_RELAY_LIMITS: RelayLimits = {
  maxViewersPerCode: 16,
  maxRooms: 10_000,
  maxMessageBytes: 16 * 1024,
  viewerRatePerS: 60,
  trackerRatePerS: 600,
  idleMs: 90_000,
  viewerIdleMs: 60_000,
  maxSocketsPerIp: 24,
  codesPerIpPerMin: 10,
  maxViewersPerIpPerCode: 4,
  seatProbeMs: 5_000,
};

/** Signal types each side may send; `new-peer` / `peer-left` / `welcome` are written by the relay only. */
const FROM_TRACKER = new Set(['offer', 'answer', 'ice-candidate', 'data']);
const FROM_VIEWER = new Set(['offer', 'answer', 'ice-candidate']);

interface Peer {
  id: string;
  ip: string;
  socket: WebSocket;
  /** When anything (frame, ping, pong) last came from it. */
  heardAt: number;
  tokens: number;
  refilledAt: number;
  idleTimer: ReturnType<typeof setTimeout> | undefined;
  idleMs: number;
}

interface Room {
  tracker: Peer | undefined;
  viewers: Map<string, Peer>;
}

/** Counters a test or an operator can read. */
export interface RelayStats {
  rooms: number;
  viewers: number;
  trackers: number;
}

/**
 * The rooms of one process: one tracker (`SERVER`) and up to N viewers per code. Viewers are
 * addressed by ids the relay makes; a packet can only reach a socket of its own code, because
 * lookups start from the sender's room and the relay overwrites `from`.
 */
export class RelayHub {
  private readonly rooms = new Map<string, Room>();
  /** The link to other processes (PostgreSQL); undefined on PGlite, which one process owns. */
  readonly bus: RelayBus | undefined;

  private readonly ips: RelayIpLimits;
  /** Codes whose tracker is being pinged because a newcomer asked for its seat. */
  private readonly probing = new Set<string>();

  constructor(private readonly limits: RelayLimits = DEFAULT_RELAY_LIMITS, db?: Db) {
    this.bus = db ? new RelayBus(db, (code, event) => this.onBus(code, event)) : undefined;
    this.ips = new RelayIpLimits(limits.maxSocketsPerIp, limits.codesPerIpPerMin);
  }

  /** Per-address gate, before anything about the code is revealed; false (socket closed) when over budget. */
  private admitIp(code: string, socket: WebSocket, ip: string): boolean {
    const refusal = this.ips.admit(ip, code);
    if (refusal) {
      socket.close(RelayClose.rateLimited, refusal === 'sockets' ? 'too many sockets from this address' : 'too many codes from this address');
      return false;
    }
    socket.once('close', () => this.ips.release(ip));
    return true;
  }

  stats(): RelayStats {
    let viewers = 0;
    let trackers = 0;
    for (const r of this.rooms.values()) {
      viewers += r.viewers.size;
      if (r.tracker) trackers++;
    }
    return { rooms: this.rooms.size, viewers, trackers };
  }

  /**
   * Admits the desktop tracker for `code`. A tracker already there (in this process) keeps its seat if it answers a
   * ping within `seatProbeMs` (the newcomer is closed with 4410); one that has gone silent (the real tracker after a
   * network change: its old connection is dead) is replaced by the newcomer. Across processes a newer tracker takes
   * the seat (see plugin.ts).
   */
  async joinTracker(code: string, socket: WebSocket, ip = ''): Promise<void> {
    if (!this.admitIp(code, socket, ip)) return;
    const old = this.rooms.get(code)?.tracker;
    if (!old || old.socket.readyState !== old.socket.OPEN) return this.seatTracker(code, socket, ip);
    if (this.probing.has(code)) {
      socket.close(RelayClose.seatTaken, 'another tracker is connected to this code');
      return;
    }
    this.probing.add(code);
    const askedAt = Date.now();
    old.socket.ping();
    await new Promise((r) => setTimeout(r, this.limits.seatProbeMs));
    this.probing.delete(code);
    const current = this.rooms.get(code);
    if (socket.readyState !== socket.OPEN) return;
    if (current?.tracker === old && old.heardAt >= askedAt && old.socket.readyState === old.socket.OPEN) {
      socket.close(RelayClose.seatTaken, 'another tracker is connected to this code');
      return;
    }
    return this.seatTracker(code, socket, ip);
  }

  private async seatTracker(code: string, socket: WebSocket, ip: string): Promise<void> {
    if (this.bus) {
      if (this.full(code, socket)) return;
      // Frames wait in the socket until the seat is taken and the code's channel is heard.
      socket.pause();
      await this.bus.enter(code);
      await this.bus.claimTracker(code);
      socket.resume();
      if (socket.readyState !== socket.OPEN) return this.bus.leave(code);
    }
    const room = this.room(code, socket);
    if (!room) return;
    const old = room.tracker;
    const peer = this.peer(SERVER_ID, socket, this.limits.trackerRatePerS, ip, this.limits.idleMs, true);
    room.tracker = peer;
    if (old) {
      this.stop(old);
      old.socket.close(RelayClose.replaced, 'replaced by a newer tracker');
    }
    socket.on('message', (raw, isBinary) => this.onTrackerFrame(code, peer, raw, isBinary));
    socket.on('close', () => this.leaveTracker(code, peer));
    // The tracker opens a peer connection for every viewer it is told about.
    for (const v of room.viewers.values()) {
      this.send(peer, { from: v.id, to: SERVER_ID, msg: { type: 'new-peer' } });
      this.send(v, { from: SERVER_ID, to: v.id, msg: { type: 'new-peer' } });
    }
    if (this.bus) {
      this.bus.publish(code, { k: 'tracker' });
      for (const id of await this.bus.remoteViewers(code)) this.send(peer, { from: id, to: SERVER_ID, msg: { type: 'new-peer' } });
    }
  }

  /** Admits a viewer for `code`; it is told its id and whether the tracker is there. */
  async joinViewer(code: string, socket: WebSocket, ip = ''): Promise<void> {
    if (!this.admitIp(code, socket, ip)) return;
    const local = this.rooms.get(code);
    let fromIp = 0;
    for (const v of local?.viewers.values() ?? []) if (v.ip === ip) fromIp++;
    if (fromIp >= this.limits.maxViewersPerIpPerCode) {
      socket.close(RelayClose.roomFull, 'too many viewers for this code');
      return;
    }
    let id = `v${randomBytes(9).toString('base64url')}`;
    let trackerElsewhere = false;
    if (this.bus) {
      if (this.full(code, socket)) return;
      socket.pause();
      await this.bus.enter(code);
      const r = await this.bus.addViewer(code, id, this.limits.maxViewersPerCode);
      // A paused socket could not read the close handshake's reply: resume before closing.
      socket.resume();
      if (!r.admitted) {
        socket.close(RelayClose.roomFull, 'too many viewers for this code');
        return this.bus.leave(code);
      }
      if (socket.readyState !== socket.OPEN) {
        this.bus.remove(code, id);
        return this.bus.leave(code);
      }
      trackerElsewhere = r.tracker;
    }
    const room = this.room(code, socket);
    if (!room) return;
    if (!this.bus && room.viewers.size >= this.limits.maxViewersPerCode) {
      socket.close(RelayClose.roomFull, 'too many viewers for this code');
      this.dropIfEmpty(code, room);
      return;
    }
    while (room.viewers.has(id)) id = `v${randomBytes(9).toString('base64url')}`;
    const peer = this.peer(id, socket, this.limits.viewerRatePerS, ip, this.limits.viewerIdleMs, false);
    room.viewers.set(id, peer);
    socket.on('message', (raw, isBinary) => this.onViewerFrame(code, peer, raw, isBinary));
    socket.on('close', () => this.leaveViewer(code, peer));
    this.send(peer, { from: RELAY_ID, to: id, msg: { type: 'welcome', data: { id, tracker: room.tracker !== undefined || trackerElsewhere } } });
    if (room.tracker) this.send(room.tracker, { from: id, to: SERVER_ID, msg: { type: 'new-peer' } });
    else if (this.bus) this.bus.publish(code, { k: 'viewer', id });
  }

  /** Closes every socket (server shutdown) and removes this process's presence. */
  async closeAll(): Promise<void> {
    for (const room of this.rooms.values()) {
      for (const p of [room.tracker, ...room.viewers.values()]) {
        if (!p) continue;
        this.stop(p);
        p.socket.close(1001, 'server shutting down');
      }
    }
    this.rooms.clear();
    await this.bus?.close();
  }

  /** Too many codes in this process: the socket is closed (the check before a cross-process join). */
  private full(code: string, socket: WebSocket): boolean {
    if (this.rooms.has(code) || this.rooms.size < this.limits.maxRooms) return false;
    socket.close(RelayClose.tooManyRooms, 'relay is full');
    return true;
  }

  /** Another process's news about a code this process has sockets of. */
  private onBus(code: string, event: BusEvent): void {
    const room = this.rooms.get(code);
    if (!room) return;
    switch (event.k) {
      case 'tracker':
        // A newer tracker elsewhere took the seat: ours is replaced, as within one process.
        if (room.tracker) {
          const old = room.tracker;
          room.tracker = undefined;
          this.stop(old);
          old.socket.close(RelayClose.replaced, 'replaced by a newer tracker');
        }
        for (const v of room.viewers.values()) this.send(v, { from: SERVER_ID, to: v.id, msg: { type: 'new-peer' } });
        break;
      case 'tracker-left':
        if (!room.tracker) for (const v of room.viewers.values()) this.send(v, { from: SERVER_ID, to: v.id, msg: { type: 'peer-left' } });
        break;
      case 'viewer':
        if (room.tracker) this.send(room.tracker, { from: event.id, to: SERVER_ID, msg: { type: 'new-peer' } });
        break;
      case 'viewer-left':
        if (room.tracker) this.send(room.tracker, { from: event.id, to: SERVER_ID, msg: { type: 'peer-left' } });
        break;
      case 'to-viewer':
        for (const v of room.viewers.values()) {
          if ((event.to === BROADCAST_ID || event.to === v.id) && v.socket.readyState === v.socket.OPEN) v.socket.send(event.text);
        }
        break;
      case 'to-tracker':
        if (room.tracker?.socket.readyState === room.tracker?.socket.OPEN) room.tracker?.socket.send(event.text);
        break;
    }
  }

  /** Sends a packet to the other processes; frames over NOTIFY's limit stay local (logged by the caller's stats). */
  private publishPacket(code: string, to: string | null, text: string): void {
    if (!this.bus) return;
    if (text.length > MAX_BUS_TEXT) {
      this.droppedLarge++;
      return;
    }
    this.bus.publish(code, to === null ? { k: 'to-tracker', text } : { k: 'to-viewer', to, text });
  }

  /** Frames too large for NOTIFY that could not reach another process. */
  droppedLarge = 0;

  private room(code: string, socket: WebSocket): Room | undefined {
    let room = this.rooms.get(code);
    if (!room) {
      if (this.rooms.size >= this.limits.maxRooms) {
        socket.close(RelayClose.tooManyRooms, 'relay is full');
        return undefined;
      }
      room = { tracker: undefined, viewers: new Map() };
      this.rooms.set(code, room);
    }
    return room;
  }

  /** `controlFrames`: whether WebSocket pings/pongs count as life (the tracker's do; a viewer must speak). */
  private peer(id: string, socket: WebSocket, rate: number, ip: string, idleMs: number, controlFrames: boolean): Peer {
    const peer: Peer = { id, ip, socket, heardAt: Date.now(), tokens: rate * 2, refilledAt: Date.now(), idleTimer: undefined, idleMs };
    if (controlFrames) {
      const touch = () => this.touch(peer);
      socket.on('ping', touch);
      socket.on('pong', touch);
    }
    this.touch(peer);
    return peer;
  }

  private touch(peer: Peer): void {
    peer.heardAt = Date.now();
    if (peer.idleTimer) clearTimeout(peer.idleTimer);
    peer.idleTimer = setTimeout(() => peer.socket.close(RelayClose.idle, 'idle timeout'), peer.idleMs);
  }

  private stop(peer: Peer): void {
    if (peer.idleTimer) clearTimeout(peer.idleTimer);
    peer.idleTimer = undefined;
  }

  /** Token bucket: false (and the socket closed) when the sender is over its rate. */
  private admit(peer: Peer, rate: number): boolean {
    const now = Date.now();
    peer.tokens = Math.min(rate * 2, peer.tokens + ((now - peer.refilledAt) / 1000) * rate);
    peer.refilledAt = now;
    if (peer.tokens < 1) {
      peer.socket.close(RelayClose.rateLimited, 'too many messages');
      return false;
    }
    peer.tokens -= 1;
    return true;
  }

  /** Common part of both sides: rate, heartbeat, parsing. Returns the packet to route, if any. */
  private read(peer: Peer, rate: number, raw: RawData, isBinary: boolean): SignalPacket | null {
    this.touch(peer);
    if (!this.admit(peer, rate) || isBinary) return null;
    const text = raw.toString();
    if (text === PING_FRAME) {
      peer.socket.send(PONG_FRAME);
      return null;
    }
    const obj = parseJsonObject(text);
    if (!obj) return null;
    if (obj.type === 'ping') {
      peer.socket.send(PONG_FRAME);
      return null;
    }
    return parseSignalPacket(obj);
  }

  private onTrackerFrame(code: string, peer: Peer, raw: RawData, isBinary: boolean): void {
    const packet = this.read(peer, this.limits.trackerRatePerS, raw, isBinary);
    const room = this.rooms.get(code);
    if (!packet || !room || room.tracker !== peer || !FROM_TRACKER.has(packet.msg.type)) return;
    const out: SignalPacket = { from: SERVER_ID, to: packet.to, msg: packet.msg };
    if (packet.msg.type === 'data') {
      const info = parsePlayerInfo(packet.msg.data);
      if (!info) return;
      out.msg = { type: 'data', data: info };
      if (packet.to === '' || packet.to === BROADCAST_ID) {
        const text = JSON.stringify(out);
        for (const v of room.viewers.values()) if (v.socket.readyState === v.socket.OPEN) v.socket.send(text);
        this.publishPacket(code, BROADCAST_ID, text);
        return;
      }
    }
    const target = room.viewers.get(packet.to);
    if (target) this.send(target, out);
    else this.publishPacket(code, packet.to, JSON.stringify(out));
  }

  private onViewerFrame(code: string, peer: Peer, raw: RawData, isBinary: boolean): void {
    const packet = this.read(peer, this.limits.viewerRatePerS, raw, isBinary);
    const room = this.rooms.get(code);
    // A viewer talks to its own code's tracker and nobody else; `from` is always its own id.
    if (!packet || !room || packet.to !== SERVER_ID || !FROM_VIEWER.has(packet.msg.type)) return;
    const out: SignalPacket = { from: peer.id, to: SERVER_ID, msg: packet.msg };
    if (room.tracker) this.send(room.tracker, out);
    else this.publishPacket(code, null, JSON.stringify(out));
  }

  private leaveTracker(code: string, peer: Peer): void {
    this.stop(peer);
    this.bus?.leave(code);
    const room = this.rooms.get(code);
    if (!room || room.tracker !== peer) return;
    room.tracker = undefined;
    for (const v of room.viewers.values()) this.send(v, { from: SERVER_ID, to: v.id, msg: { type: 'peer-left' } });
    if (this.bus) {
      this.bus.remove(code, SERVER_ID);
      this.bus.publish(code, { k: 'tracker-left' });
    }
    this.dropIfEmpty(code, room);
  }

  private leaveViewer(code: string, peer: Peer): void {
    this.stop(peer);
    const room = this.rooms.get(code);
    if (!room || room.viewers.get(peer.id) !== peer) return;
    room.viewers.delete(peer.id);
    if (this.bus) {
      this.bus.leave(code);
      this.bus.remove(code, peer.id);
      if (!room.tracker) this.bus.publish(code, { k: 'viewer-left', id: peer.id });
    }
    if (room.tracker) this.send(room.tracker, { from: peer.id, to: SERVER_ID, msg: { type: 'peer-left' } });
    this.dropIfEmpty(code, room);
  }

  private dropIfEmpty(code: string, room: Room): void {
    if (!room.tracker && room.viewers.size === 0) this.rooms.delete(code);
  }

  private send(peer: Peer, packet: SignalPacket): void {
    if (peer.socket.readyState === peer.socket.OPEN) peer.socket.send(JSON.stringify(packet));
  }
}
