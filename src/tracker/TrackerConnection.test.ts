import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { registerRelay } from '../../tests/support/real-server';
import { startExternalSimulator, startLocalSimulator, type LocalSim } from '../../tools/tracker-sim';
import { TrackerConnection, type TrackerConnectionOptions, type TrackerState, type WebSocketLike } from './TrackerConnection';
import { SimTracker } from '../../common/tracker/sim/SimTracker';
import { ManualClock, until } from './test-support';
import type { PlayerInfo } from '../../common/tracker/protocol';
import { toSample } from './position';

/** A connection using the `ws` package as its WebSocket, counting the sockets it opens. */
function connection(o: Omit<TrackerConnectionOptions, 'createSocket'>) {
  const infos: PlayerInfo[] = [];
  const states: TrackerState[] = [];
  let sockets = 0;
  const c = new TrackerConnection({
    createPeer: null,
    ...o,
    createSocket: (url) => {
      sockets++;
      return new WebSocket(url) as unknown as WebSocketLike;
    },
    onInfo: (info) => infos.push(info),
    onState: (s) => {
      states.push(s);
      if (process.env.DBG) console.log(JSON.stringify(s));
    },
  });
  return { c, infos, states, sockets: () => sockets };
}

describe('local mode against the simulator', () => {
  let sim: LocalSim;
  beforeAll(async () => {
    sim = await startLocalSimulator({ port: 0, hz: 20, speed: 5 });
  });
  afterAll(() => sim.close());

  it('connects on local-offer and receives positions that map onto huanglong', async () => {
    const t = connection({ target: { mode: 'local', url: sim.url } });
    t.c.start();
    await until(() => t.c.getState().status === 'connected', 'connected');
    expect(t.c.getState()).toMatchObject({ transport: 'websocket', trackerOnline: true, attempts: 0 });
    await until(() => t.infos.length >= 5, 'five positions');
    const sample = toSample(t.infos.at(-1)!, 0, 0)!;
    expect(sample.regionId).toBe(0);
    expect(Math.abs(sample.x + 600)).toBeLessThan(800);
    t.c.stop();
    expect(t.c.getState().status).toBe('closed');
  });

  it('sends a heartbeat every 25 s, and 60 s of silence is a drop followed by a reconnect 5 s later', async () => {
    const clock = new ManualClock();
    const t = connection({ target: { mode: 'local', url: sim.url }, timers: clock });
    const before = sim.connections;
    t.c.start();
    await until(() => t.c.getState().status === 'connected', 'connected');
    sim.received.length = 0;
    clock.advance(24_999);
    await new Promise((r) => setTimeout(r, 50));
    expect(sim.received).toEqual([]);
    clock.advance(1);
    await until(() => sim.received.length === 1, 'a ping');
    expect(JSON.parse(sim.received[0]!)).toEqual({ type: 'ping' });

    // the last position arrives at +25 s on this clock; then the tracker goes quiet
    const seen = t.infos.length;
    await until(() => t.infos.length > seen, 'a position at +25 s');
    sim.setSilent(true);
    await new Promise((r) => setTimeout(r, 150)); // frames already in flight land now, still at +25 s
    clock.advance(59_999);
    expect(t.c.getState().status).toBe('connected');
    clock.advance(1);
    expect(t.c.getState()).toMatchObject({ status: 'reconnecting', attempts: 1 });
    sim.setSilent(false);
    clock.advance(4_999);
    expect(t.sockets()).toBe(1);
    clock.advance(1);
    expect(t.sockets()).toBe(2);
    await until(() => t.c.getState().status === 'connected', 'reconnected');
    expect(t.c.getState().attempts).toBe(0);
    expect(sim.connections - before).toBe(2);
    t.c.stop();
  });

  it('reconnects after the tracker drops the connection', async () => {
    const clock = new ManualClock();
    const t = connection({ target: { mode: 'local', url: sim.url }, timers: clock });
    t.c.start();
    await until(() => t.c.getState().status === 'connected', 'connected');
    sim.dropAll();
    await until(() => t.c.getState().status === 'reconnecting', 'reconnecting');
    clock.advance(5000);
    await until(() => t.c.getState().status === 'connected', 'connected again');
    const n = t.infos.length;
    await until(() => t.infos.length > n, 'positions after the reconnect');
    t.c.stop();
  });

  it('gives up after 20 reconnects, 5,000 ms apart', async () => {
    const gone = await startLocalSimulator({ port: 0 });
    const url = gone.url;
    await gone.close();
    const clock = new ManualClock();
    const t = connection({ target: { mode: 'local', url }, timers: clock });
    t.c.start();
    for (let i = 1; i <= 20; i++) {
      await until(() => t.c.getState().status === 'reconnecting' && t.c.getState().attempts === i, `reconnect ${i} scheduled`);
      clock.advance(4_999);
      expect(t.sockets()).toBe(i);
      clock.advance(1);
      expect(t.sockets()).toBe(i + 1);
    }
    await until(() => t.c.getState().status === 'failed', 'failed');
    expect(t.c.getState()).toMatchObject({ failure: 'limit', attempts: 20 });
    clock.advance(60_000);
    expect(t.sockets()).toBe(21);
  });
});

describe('external mode through the relay', () => {
  let relay: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    // The relay plugin alone, mounted as app.ts mounts it (the whole server is relay.test.ts's job).
    const app = Fastify();
    await app.register((api) => registerRelay(api), { prefix: '/api' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    relay = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/tracker`;
    close = () => app.close();
  });
  afterAll(() => close());

  it("connects by code and receives the simulator's positions as relay data packets", async () => {
    const sim = startExternalSimulator({ relay, code: 'SIMEXT01', hz: 20 });
    const t = connection({ target: { mode: 'external', code: 'SIMEXT01', relayUrl: relay } });
    t.c.start();
    await until(() => t.c.getState().status === 'connected', 'connected');
    await until(() => t.infos.length >= 3, 'positions');
    expect(t.c.getState()).toMatchObject({ transport: 'relay', trackerOnline: true });
    // the tracker drops and comes back: the viewer hears peer-left, then positions again
    sim.tracker.drop();
    await until(() => !t.c.getState().trackerOnline, 'tracker gone');
    const n = t.infos.length;
    await until(() => t.infos.length > n + 2, 'positions after the tracker reconnected', 8000);
    expect(t.c.getState().status).toBe('connected');
    sim.close();
    t.c.stop();
  });

  it('stays connected on heartbeats while the tracker is away', async () => {
    const clock = new ManualClock();
    const t = connection({ target: { mode: 'external', code: 'NOTRACK1', relayUrl: relay }, timers: clock });
    t.c.start();
    await until(() => t.c.getState().status === 'connected', 'connected');
    expect(t.c.getState().trackerOnline).toBe(false);
    // five heartbeats, each answered by the relay's pong: 125 s without a position is fine
    for (let i = 0; i < 5; i++) {
      clock.advance(25_000);
      await new Promise((r) => setTimeout(r, 100));
      expect(t.c.getState().status).toBe('connected');
    }
    t.c.stop();
  });

  it('treats a relay refusal of a bad code as final', async () => {
    const t = connection({ target: { mode: 'external', code: 'bad-code', relayUrl: relay } });
    t.c.start();
    await until(() => t.c.getState().status === 'failed', 'failed');
    expect(t.c.getState().failure).toBe('code');
    expect(t.sockets()).toBe(1);
  });

  it("hears only its own code's tracker", async () => {
    const fixed = (x: number) => (): PlayerInfo => ({ x, y: 0, z: 0, pitch: 0, yaw: 0, roll: 0 });
    const mk = (code: string, x: number) =>
      new SimTracker({
        url: `${relay}/${code}?role=server`,
        createSocket: (url) => new WebSocket(url) as unknown as WebSocketLike,
        position: fixed(x),
        hz: 20,
      });
    const a = mk('CODEAAAA', 1);
    const b = mk('CODEBBBB', 2);
    a.start();
    b.start();
    const va = connection({ target: { mode: 'external', code: 'CODEAAAA', relayUrl: relay } });
    const vb = connection({ target: { mode: 'external', code: 'CODEBBBB', relayUrl: relay } });
    va.c.start();
    vb.c.start();
    await until(() => va.infos.length >= 5 && vb.infos.length >= 5, 'positions on both');
    expect(new Set(va.infos.map((i) => i.x))).toEqual(new Set([1]));
    expect(new Set(vb.infos.map((i) => i.x))).toEqual(new Set([2]));
    for (const s of [a, b]) s.stop();
    for (const v of [va, vb]) v.c.stop();
  });
});
