import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { RelayClose, isTrackerCode } from '../../common/tracker/protocol';
import { Gauge } from 'prom-client';
import { RelayHub } from './RelayHub';
import { DEFAULT_RELAY_LIMITS, type RelayLimits } from './limits';

/*
 * The tracker relay: GET /api/v1/tracker/{CODE}?role=server|viewer upgraded to a WebSocket.
 *
 * - The desktop tracker connects with role=server (its id is "SERVER"); browsers connect as
 *   viewers (role=viewer or no role). The code is 8 characters of 0-9A-Z; anything else is
 *   closed at once with 4400.
 * - Frames are the tracker's SignalPacket {from, to, msg:{type, data}}. The relay names each
 *   viewer (`v` + 12 random base64url characters), tells the tracker `new-peer` / `peer-left`,
 *   and routes `offer` / `answer` / `ice-candidate` by `to` inside the code only; the sender's
 *   `from` is always overwritten. A viewer can address only "SERVER" of its own code.
 * - `data` packets from the tracker (to "*" or no `to`) fan out to every viewer of the code:
 *   the path used where WebRTC cannot connect (and by our simulator, which has no WebRTC).
 * - Viewers get {from:"RELAY", msg:{type:"welcome", data:{id, tracker}}} on join, and
 *   `new-peer` / `peer-left` from "SERVER" when the tracker comes or goes.
 * - Heartbeat: the text frame {"type":"ping"} is answered with {"type":"pong"}; WebSocket-level
 *   pings (the real tracker's) are answered by `ws` itself. Both count as traffic.
 * - Limits (RelayLimits): 16 viewers per code and 4 per address per code (4403), 16 KiB per frame
 *   (1009), 60 frames/s per viewer and 600/s for the tracker, burst twice that (4429), 90 s of
 *   silence for the tracker and 60 s without a frame for a viewer (4408; WebSocket-level pongs do
 *   not keep a viewer), 10,000 codes per process (4503). Per address: 24 open sockets and 10
 *   distinct codes a minute (4429), checked before anything about the code is said — so probing
 *   whether a code has a tracker runs at typing speed. On PostgreSQL these budgets hold across
 *   processes (RelayBus.admitAddress), as do 4 viewers per address per code.
 * - One tracker per code: a second role=server socket for the same code pings the seated one; if
 *   it answers within 5 s it keeps the seat and the newcomer is closed with 4410, otherwise (the
 *   real tracker after a network change: its old connection is dead) the newcomer takes the seat
 *   and the old socket is closed with 4409. Holding the code lets one watch, not take over.
 *
 * Several server processes (PostgreSQL; RelayBus.ts): each process keeps its own sockets and LISTENs on
 *   "relay_<code>" while it has any socket of the code. Packets whose target is not local, and new-peer /
 *   peer-left / tracker-here news, are published with pg_notify (one code's notifications in order). Presence rows
 *   (`relay_peers`: code, peer id, process, address, seen_at) hold the tracker seat (a newer tracker anywhere replaces the
 *   older one, 4409) and the per-code viewer limit (counted under an advisory lock); rows of a dead process go
 *   stale after 90 s. Frames over ~7.6 KB (NOTIFY's limit) stay local. On PGlite (one process) nothing of this
 *   runs. Sticky sessions are not needed: routing is by code, not by connection.
 */

/** The relay's WebSocket route, under the API prefix: /api/v1/tracker/{CODE}. */
export const RELAY_PATH = '/v1/tracker/:code';

/** Registers the tracker relay (and @fastify/websocket) on the API scope. */
export async function registerRelay(app: FastifyInstance, limits: Partial<RelayLimits> = {}): Promise<RelayHub> {
  const all: RelayLimits = { ...DEFAULT_RELAY_LIMITS, ...limits };
  // On PostgreSQL other processes may hold the code's other sockets: the hub links them over LISTEN/NOTIFY.
  const hub = new RelayHub(all, app.hasDecorator('db') && app.db.kind === 'postgres' ? app.db : undefined);
  await app.register(websocket, { options: { maxPayload: all.maxMessageBytes } });
  app.addHook('preClose', async () => hub.closeAll());
  if (app.hasDecorator('metrics')) {
    new Gauge({
      name: 'relay_sockets',
      help: 'Tracker relay in this process: rooms (codes), viewers, trackers, notifications published to other processes, frames too large for them',
      labelNames: ['kind'] as const,
      registers: [app.metrics],
      collect() {
        const s = hub.stats();
        this.set({ kind: 'rooms' }, s.rooms);
        this.set({ kind: 'viewers' }, s.viewers);
        this.set({ kind: 'trackers' }, s.trackers);
        this.set({ kind: 'published' }, hub.bus?.published ?? 0);
        this.set({ kind: 'dropped_large' }, hub.droppedLarge);
      },
    });
  }
  app.get<{ Params: { code: string }; Querystring: { role?: string } }>(RELAY_PATH, { websocket: true }, (socket, request) => {
    const { code } = request.params;
    if (!isTrackerCode(code)) {
      socket.close(RelayClose.badCode, 'code must be 8 characters of 0-9A-Z');
      return;
    }
    const join = request.query.role === 'server' ? hub.joinTracker(code, socket, request.ip) : hub.joinViewer(code, socket, request.ip);
    join.catch((e: unknown) => {
      request.log.warn({ err: e }, 'relay join failed');
      socket.resume();
      socket.close(1011, 'relay unavailable');
    });
  });
  return hub;
}
