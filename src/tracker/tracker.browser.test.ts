import { afterEach, describe, expect, inject, it } from 'vitest';
import { TrackerConnection, type TrackerConnectionOptions, type WebSocketLike } from './TrackerConnection';
import { SimTracker } from '../../common/tracker/sim/SimTracker';
import { SimRoute } from '../../common/tracker/sim/route';
import { relayUrl } from './relay-url';
import { ManualClock, until } from './test-support';
import type { PlayerInfo } from '../../common/tracker/protocol';

// The real server behind the browser tests (tests/browser/global-setup.ts) is the relay,
// reached same-origin through the dev server's WebSocket proxy at /api.
const RELAY = relayUrl();
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const f of cleanups.splice(0)) f();
});

function sim(code: string, o: { webrtc: boolean; position?: (ms: number) => PlayerInfo }) {
  const route = new SimRoute(5);
  const s = new SimTracker({
    url: `${RELAY}/${code}?role=server`,
    createSocket: (url) => new WebSocket(url) as unknown as WebSocketLike,
    createPeer: o.webrtc ? () => new RTCPeerConnection({ iceServers: [] }) : null,
    position: o.position ?? ((ms) => route.at(ms).info),
    hz: 20,
    reconnectMs: 300,
  });
  s.start();
  cleanups.push(() => s.stop());
  return s;
}

function viewer(o: Omit<TrackerConnectionOptions, 'onInfo'>) {
  const infos: PlayerInfo[] = [];
  let sockets = 0;
  const c = new TrackerConnection({
    ...o,
    createSocket: (url) => {
      sockets++;
      return new WebSocket(url) as unknown as WebSocketLike;
    },
    onInfo: (i) => infos.push(i),
  });
  c.start();
  cleanups.push(() => c.stop());
  return { c, infos, sockets: () => sockets };
}

describe('tracker in Chromium through the real relay', () => {
  it('external mode by code: WebRTC data channel negotiated through the relay', async () => {
    const tracker = sim('BRWEBRTC', { webrtc: true });
    const v = viewer({ target: { mode: 'external', code: 'BRWEBRTC', relayUrl: RELAY } });
    await until(() => v.c.getState().transport === 'webrtc', 'the data channel', 15_000);
    expect(tracker.rtcOpen).toBe(1);
    const n = v.infos.length;
    await until(() => v.infos.length > n + 5, 'positions over WebRTC');
    expect(v.c.getState()).toMatchObject({ status: 'connected', trackerOnline: true, transport: 'webrtc' });
  });

  it('external mode by code: relay data packets where WebRTC is unavailable', async () => {
    sim('BRRELAY1', { webrtc: false });
    const v = viewer({ target: { mode: 'external', code: 'BRRELAY1', relayUrl: RELAY }, createPeer: null });
    await until(() => v.infos.length >= 5, 'positions through the relay');
    expect(v.c.getState()).toMatchObject({ status: 'connected', transport: 'relay' });
  });

  it('keeps two codes apart', async () => {
    const fixed = (x: number) => () => ({ x, y: 0, z: 0, pitch: 0, yaw: 0, roll: 0 });
    sim('BRISOLA1', { webrtc: false, position: fixed(1) });
    sim('BRISOLA2', { webrtc: false, position: fixed(2) });
    const a = viewer({ target: { mode: 'external', code: 'BRISOLA1', relayUrl: RELAY }, createPeer: null });
    const b = viewer({ target: { mode: 'external', code: 'BRISOLA2', relayUrl: RELAY }, createPeer: null });
    await until(() => a.infos.length >= 5 && b.infos.length >= 5, 'positions on both');
    expect(new Set(a.infos.map((i) => i.x))).toEqual(new Set([1]));
    expect(new Set(b.infos.map((i) => i.x))).toEqual(new Set([2]));
  });

  it('a bad code is refused by the relay and not retried', async () => {
    const v = viewer({ target: { mode: 'external', code: 'bad!code', relayUrl: RELAY } });
    await until(() => v.c.getState().status === 'failed', 'refusal');
    expect(v.c.getState().failure).toBe('code');
    expect(v.sockets()).toBe(1);
  });

  it('reconnects at most 20 times, 5,000 ms apart (fake clock)', async () => {
    const clock = new ManualClock();
    // Port 9 (discard) refuses at once on the test machine.
    const v = viewer({ target: { mode: 'local', url: 'ws://127.0.0.1:9' }, timers: clock });
    for (let i = 1; i <= 20; i++) {
      await until(() => v.c.getState().attempts === i && v.c.getState().status === 'reconnecting', `reconnect ${i}`);
      clock.advance(4_999);
      expect(v.sockets()).toBe(i);
      clock.advance(1);
      expect(v.sockets()).toBe(i + 1);
    }
    await until(() => v.c.getState().status === 'failed', 'giving up');
    expect(v.c.getState().failure).toBe('limit');
  });

  it('heartbeats keep the session; the tracker leaving and coming back is followed', async () => {
    const clock = new ManualClock();
    const v = viewer({ target: { mode: 'external', code: 'BRHEART1', relayUrl: RELAY }, timers: clock, createPeer: null });
    await until(() => v.c.getState().status === 'connected', 'connected');
    for (let i = 0; i < 4; i++) {
      clock.advance(25_000);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(v.c.getState()).toMatchObject({ status: 'connected', trackerOnline: false });
    const tracker = sim('BRHEART1', { webrtc: false });
    await until(() => v.infos.length > 3, 'positions once the tracker joins');
    tracker.drop();
    await until(() => !v.c.getState().trackerOnline, 'peer-left');
    await until(() => v.c.getState().trackerOnline, 'the tracker back');
  });
});

// Local mode needs the simulator running where Chromium can reach it: the browser project's
// global setup starts it and provides its URL (see the tracker report for the exact change).
const localSim = inject('trackerSimUrl');
describe('local mode against the simulator (Chromium)', () => {
  it('connects on local-offer and receives moving positions', async () => {
    const v = viewer({ target: { mode: 'local', url: localSim! } });
    await until(() => v.infos.length >= 10, 'positions');
    expect(v.c.getState()).toMatchObject({ status: 'connected', transport: 'websocket' });
    // The shared simulator's route holds still for 1.5 s at each teleport (its loading screen), so ten positions
    // may all fall in one pause: the player must be seen moving within the next few seconds, not within ten frames.
    const first = v.infos[0]!;
    await until(() => v.infos.some((p) => p.x !== first.x || p.y !== first.y || p.z !== first.z), 'a moved position');
    expect(v.infos.length).toBeGreaterThanOrEqual(10);
  });
});
