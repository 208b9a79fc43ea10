import { randomBytes } from 'node:crypto';
import type { WebSocket, RawData } from 'ws';
import { BROADCAST_ID, RELAY_ID, RelayClose, SERVER_ID, parsePlayerInfo, type SignalPacket } from '../../common/tracker/protocol';
import { RelayIpLimits } from './ip-limits';
import { DEFAULT_RELAY_LIMITS, type RelayLimits } from './limits';
import { MAX_BUS_TEXT, RelayBus, type BusEvent } from './RelayBus';
import { RelayPeer } from './RelayPeer';
import type { Db } from '../db';

/** Signal types each side may send; `new-peer` / `peer-left` / `welcome` are written by the relay only. */
const FROM_TRACKER = new Set(['offer', 'answer', 'ice-candidate', 'data']);
const FROM_VIEWER = new Set(['offer', 'answer', 'ice-candidate']);

interface Room {
  tracker: RelayPeer | undefined;
  viewers: Map<string, RelayPeer>;
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

  constructor(
    private readonly limits: RelayLimits = DEFAULT_RELAY_LIMITS,
    db?: Db,
  ) {
    this.bus = db ? new RelayBus(db, (code, event) => this.onBus(code, event)) : undefined;
    this.ips = new RelayIpLimits(limits.maxSocketsPerIp, limits.codesPerIpPerMin);
  }

  /** Per-address gate, before anything about the code is revealed; false (socket closed) when over budget. */
  private async admitIp(code: string, socket: WebSocket, ip: string): Promise<boolean> {
    let refusal = this.ips.admit(ip, code);
    if (!refusal && this.bus) {
      // The same budget in every process: the address's live seats and its codes of the last minute.
      socket.pause();
      const shared = await this.bus.admitAddress(ip, code, this.limits.maxSocketsPerIp, this.limits.codesPerIpPerMin).catch(() => null);
      socket.resume();
      if (shared) this.ips.release(ip);
      refusal = shared;
      if (!refusal && socket.readyState !== socket.OPEN) {
        this.ips.release(ip);
        return false;
      }
    }
    if (refusal) {
      socket.close(
        RelayClose.rateLimited,
        refusal === 'sockets' ? 'too many sockets from this address' : 'too many codes from this address',
      );
      return false;
    }
    socket.once('close', () => this.ips.release(ip));
    return true;
  }

  /** How many rooms, viewers and trackers this process holds. */
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
    if (!(await this.admitIp(code, socket, ip))) return;
    const old = this.rooms.get(code)?.tracker;
    if (!old || !old.open) return this.seatTracker(code, socket, ip);
    if (this.probing.has(code)) {
      socket.close(RelayClose.seatTaken, 'another tracker is connected to this code');
      return;
    }
    this.probing.add(code);
    const askedAt = performance.now();
    old.socket.ping();
    await new Promise((r) => setTimeout(r, this.limits.seatProbeMs));
    this.probing.delete(code);
    const current = this.rooms.get(code);
    if (socket.readyState !== socket.OPEN) return;
    if (current?.tracker === old && old.heardAt > askedAt && old.open) {
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
      await this.bus.claimTracker(code, ip).catch((e: unknown) => {
        this.bus!.leave(code);
        throw e;
      });
      socket.resume();
      if (socket.readyState !== socket.OPEN) return this.bus.leave(code);
    }
    const room = this.room(code, socket);
    if (!room) return;
    const old = room.tracker;
    const peer = new RelayPeer(SERVER_ID, socket, {
      ip,
      ratePerS: this.limits.trackerRatePerS,
      idleMs: this.limits.idleMs,
      controlFrames: true,
    });
    room.tracker = peer;
    if (old) {
      old.stop();
      old.socket.close(RelayClose.replaced, 'replaced by a newer tracker');
    }
    socket.on('message', (raw, isBinary) => this.onTrackerFrame(code, peer, raw, isBinary));
    socket.on('close', () => this.leaveTracker(code, peer));
    // The tracker opens a peer connection for every viewer it is told about.
    for (const v of room.viewers.values()) {
      peer.send({ from: v.id, to: SERVER_ID, msg: { type: 'new-peer' } });
      v.send({ from: SERVER_ID, to: v.id, msg: { type: 'new-peer' } });
    }
    if (this.bus) {
      this.bus.publish(code, { k: 'tracker' });
      for (const id of await this.bus.remoteViewers(code)) peer.send({ from: id, to: SERVER_ID, msg: { type: 'new-peer' } });
    }
  }

  /** Admits a viewer for `code`; it is told its id and whether the tracker is there. */
  async joinViewer(code: string, socket: WebSocket, ip = ''): Promise<void> {
    if (!(await this.admitIp(code, socket, ip))) return;
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
      const r = await this.bus
        .addViewer(code, id, this.limits.maxViewersPerCode, ip, this.limits.maxViewersPerIpPerCode)
        .catch((e: unknown) => {
          this.bus!.leave(code);
          throw e;
        });
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
    const peer = new RelayPeer(id, socket, {
      ip,
      ratePerS: this.limits.viewerRatePerS,
      idleMs: this.limits.viewerIdleMs,
      controlFrames: false,
    });
    room.viewers.set(id, peer);
    socket.on('message', (raw, isBinary) => this.onViewerFrame(code, peer, raw, isBinary));
    socket.on('close', () => this.leaveViewer(code, peer));
    peer.send({ from: RELAY_ID, to: id, msg: { type: 'welcome', data: { id, tracker: room.tracker !== undefined || trackerElsewhere } } });
    if (room.tracker) room.tracker.send({ from: id, to: SERVER_ID, msg: { type: 'new-peer' } });
    else if (this.bus) this.bus.publish(code, { k: 'viewer', id });
  }

  /** Closes every socket (server shutdown) and removes this process's presence. */
  async closeAll(): Promise<void> {
    for (const room of this.rooms.values()) {
      for (const p of [room.tracker, ...room.viewers.values()]) {
        if (!p) continue;
        p.stop();
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
          old.stop();
          old.socket.close(RelayClose.replaced, 'replaced by a newer tracker');
        }
        for (const v of room.viewers.values()) v.send({ from: SERVER_ID, to: v.id, msg: { type: 'new-peer' } });
        break;
      case 'tracker-left':
        if (!room.tracker) for (const v of room.viewers.values()) v.send({ from: SERVER_ID, to: v.id, msg: { type: 'peer-left' } });
        break;
      case 'viewer':
        if (room.tracker) room.tracker.send({ from: event.id, to: SERVER_ID, msg: { type: 'new-peer' } });
        break;
      case 'viewer-left':
        if (room.tracker) room.tracker.send({ from: event.id, to: SERVER_ID, msg: { type: 'peer-left' } });
        break;
      case 'to-viewer':
        for (const v of room.viewers.values()) {
          if (event.to === BROADCAST_ID || event.to === v.id) v.sendText(event.text);
        }
        break;
      case 'to-tracker':
        room.tracker?.sendText(event.text);
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

  private onTrackerFrame(code: string, peer: RelayPeer, raw: RawData, isBinary: boolean): void {
    const packet = peer.read(raw, isBinary);
    const room = this.rooms.get(code);
    if (!packet || !room || room.tracker !== peer || !FROM_TRACKER.has(packet.msg.type)) return;
    const out: SignalPacket = { from: SERVER_ID, to: packet.to, msg: packet.msg };
    if (packet.msg.type === 'data') {
      const info = parsePlayerInfo(packet.msg.data);
      if (!info) return;
      out.msg = { type: 'data', data: info };
      if (packet.to === '' || packet.to === BROADCAST_ID) {
        const text = JSON.stringify(out);
        for (const v of room.viewers.values()) v.sendText(text);
        this.publishPacket(code, BROADCAST_ID, text);
        return;
      }
    }
    const target = room.viewers.get(packet.to);
    if (target) target.send(out);
    else this.publishPacket(code, packet.to, JSON.stringify(out));
  }

  private onViewerFrame(code: string, peer: RelayPeer, raw: RawData, isBinary: boolean): void {
    const packet = peer.read(raw, isBinary);
    const room = this.rooms.get(code);
    // A viewer talks to its own code's tracker and nobody else; `from` is always its own id.
    if (!packet || !room || packet.to !== SERVER_ID || !FROM_VIEWER.has(packet.msg.type)) return;
    const out: SignalPacket = { from: peer.id, to: SERVER_ID, msg: packet.msg };
    if (room.tracker) room.tracker.send(out);
    else this.publishPacket(code, null, JSON.stringify(out));
  }

  private leaveTracker(code: string, peer: RelayPeer): void {
    peer.stop();
    this.bus?.leave(code);
    const room = this.rooms.get(code);
    if (!room || room.tracker !== peer) return;
    room.tracker = undefined;
    for (const v of room.viewers.values()) v.send({ from: SERVER_ID, to: v.id, msg: { type: 'peer-left' } });
    if (this.bus) {
      this.bus.remove(code, SERVER_ID);
      this.bus.publish(code, { k: 'tracker-left' });
    }
    this.dropIfEmpty(code, room);
  }

  private leaveViewer(code: string, peer: RelayPeer): void {
    peer.stop();
    const room = this.rooms.get(code);
    if (!room || room.viewers.get(peer.id) !== peer) return;
    room.viewers.delete(peer.id);
    if (this.bus) {
      this.bus.leave(code);
      this.bus.remove(code, peer.id);
      if (!room.tracker) this.bus.publish(code, { k: 'viewer-left', id: peer.id });
    }
    if (room.tracker) room.tracker.send({ from: peer.id, to: SERVER_ID, msg: { type: 'peer-left' } });
    this.dropIfEmpty(code, room);
  }

  private dropIfEmpty(code: string, room: Room): void {
    if (!room.tracker && room.viewers.size === 0) this.rooms.delete(code);
  }
}
