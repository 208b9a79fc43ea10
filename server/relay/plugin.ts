import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { RelayClose, isTrackerCode } from '../../src/tracker/protocol';
import { DEFAULT_RELAY_LIMITS, RelayHub, type RelayLimits } from './RelayHub';

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
 *   not keep a viewer), 10,000 codes per process (4503). Per address (per process): 24 open
 *   sockets and 10 distinct codes a minute (4429), checked before anything about the code is
 *   said — so probing whether a code has a tracker runs at typing speed.
 * - One tracker per code: a second role=server socket for the same code pings the seated one; if
 *   it answers within 5 s it keeps the seat and the newcomer is closed with 4410, otherwise (the
 *   real tracker after a network change: its old connection is dead) the newcomer takes the seat
 *   and the old socket is closed with 4409. Holding the code lets one watch, not take over.
 *
 * Scaling to several server processes (one process now):
 * - Each process keeps its own sockets. A packet whose target is not local is published on a
 *   per-code channel and delivered by the process that holds the target socket.
 * - With PostgreSQL: LISTEN "tracker_<CODE>" while a process has any socket of that code;
 *   publish with pg_notify('tracker_<CODE>', json). Viewer ids carry the process id
 *   (`<proc>.<random>`) so `to` tells which process owns the socket. NOTIFY payloads are limited
 *   to ~8000 bytes: SDP offers fit; larger frames would go through a table row whose id is sent.
 * - One tracker per code across processes: the process that admits a tracker takes
 *   pg_try_advisory_lock(hashtext(code)) on its connection and announces "tracker-here";
 *   a newer tracker elsewhere announces "replace" and the old holder closes its socket.
 * - new-peer / peer-left become notifications on the same channel; the per-code viewer limit
 *   is counted in a small `tracker_presence` table (code, viewer id, process, last_seen) swept
 *   on process start and by last_seen.
 * - A broker (Redis pub/sub, NATS) replaces LISTEN/NOTIFY 1:1 when traffic outgrows PostgreSQL;
 *   sticky sessions are not needed because routing is by code, not by connection.
 */

/** The relay's WebSocket route, under the API prefix: /api/v1/tracker/{CODE}. */
export const RELAY_PATH = '/v1/tracker/:code';

/** Registers the tracker relay (and @fastify/websocket) on the API scope. */
export async function registerRelay(app: FastifyInstance, limits: Partial<RelayLimits> = {}): Promise<RelayHub> {
  const all: RelayLimits = { ...DEFAULT_RELAY_LIMITS, ...limits };
  const hub = new RelayHub(all);
  await app.register(websocket, { options: { maxPayload: all.maxMessageBytes } });
  app.addHook('preClose', async () => hub.closeAll());
  app.get<{ Params: { code: string }; Querystring: { role?: string } }>(RELAY_PATH, { websocket: true }, (socket, request) => {
    const { code } = request.params;
    if (!isTrackerCode(code)) {
      socket.close(RelayClose.badCode, 'code must be 8 characters of 0-9A-Z');
      return;
    }
    if (request.query.role === 'server') hub.joinTracker(code, socket, request.ip);
    else hub.joinViewer(code, socket, request.ip);
  });
  return hub;
}
