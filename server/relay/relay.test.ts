import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { testApp } from '../test-helper';
import { registerRelay } from './plugin';
import { TestSocket, typeOf } from './test-client';
import { RelayClose } from '../../common/tracker/protocol';

const POS = { x: 12_300, y: -45_600, z: 120, pitch: 0, yaw: 90, roll: 0 };

describe('tracker relay on the real server', () => {
  let close: () => Promise<void>;
  let base: string;

  beforeAll(async () => {
    // Every socket here comes from 127.0.0.1: the per-address budgets get their own tests below.
    const t = await testApp(
      {},
      { relayLimits: { maxSocketsPerIp: 1000, codesPerIpPerMin: 1000, maxViewersPerIpPerCode: 1000, seatProbeMs: 300 } },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/tracker`;
    close = t.close;
  });
  afterAll(() => close());

  async function viewer(code: string) {
    const s = await TestSocket.open(`${base}/${code}?role=viewer`);
    const welcome = await s.next((m) => typeOf(m) === 'welcome');
    const id = (welcome.msg as { data: { id: string; tracker: boolean } }).data;
    return { s, id: id.id, trackerWasThere: id.tracker };
  }

  it('names viewers, tells the tracker new-peer / peer-left, and routes by id', async () => {
    const tracker = await TestSocket.open(`${base}/ROUTE001?role=server`);
    const a = await viewer('ROUTE001');
    const b = await viewer('ROUTE001');
    expect(a.trackerWasThere).toBe(true);
    expect(a.id).not.toBe(b.id);
    const joined = [await tracker.next((m) => typeOf(m) === 'new-peer'), await tracker.next((m) => typeOf(m) === 'new-peer')];
    expect(joined.map((m) => m.from).sort()).toEqual([a.id, b.id].sort());
    expect(joined.every((m) => m.to === 'SERVER')).toBe(true);

    // offer to A reaches A only
    tracker.send({ from: 'SERVER', to: a.id, msg: { type: 'offer', data: { type: 'offer', sdp: 'v=0' } } });
    const offer = await a.s.next((m) => typeOf(m) === 'offer');
    expect(offer).toMatchObject({ from: 'SERVER', to: a.id, msg: { data: { sdp: 'v=0' } } });
    expect(await b.s.quiet((m) => typeOf(m) === 'offer')).toEqual([]);

    // B answers with a forged `from`: the tracker sees B's real id
    b.s.send({ from: a.id, to: 'SERVER', msg: { type: 'answer', data: { type: 'answer', sdp: 'x' } } });
    const answer = await tracker.next((m) => typeOf(m) === 'answer');
    expect(answer.from).toBe(b.id);

    // a viewer cannot reach another viewer
    a.s.send({ from: a.id, to: b.id, msg: { type: 'ice-candidate', data: { candidate: 'c' } } });
    expect(await b.s.quiet((m) => typeOf(m) === 'ice-candidate')).toEqual([]);

    a.s.close();
    const left = await tracker.next((m) => typeOf(m) === 'peer-left');
    expect(left.from).toBe(a.id);
    tracker.close();
    const gone = await b.s.next((m) => typeOf(m) === 'peer-left');
    expect(gone.from).toBe('SERVER');
    b.s.close();
  });

  it('fans data packets out to every viewer of the code, and only of that code', async () => {
    const tracker = await TestSocket.open(`${base}/FANOUT01?role=server`);
    const viewers = await Promise.all([viewer('FANOUT01'), viewer('FANOUT01'), viewer('FANOUT01')]);
    const other = await viewer('FANOUT02');
    tracker.send({ from: 'SERVER', to: '*', msg: { type: 'data', data: POS } });
    for (const v of viewers) {
      const d = await v.s.next((m) => typeOf(m) === 'data');
      expect(d.msg).toEqual({ type: 'data', data: POS });
    }
    expect(await other.s.quiet((m) => typeOf(m) === 'data')).toEqual([]);
    // malformed positions are not relayed
    tracker.send({ from: 'SERVER', to: '*', msg: { type: 'data', data: { x: 'a' } } });
    expect(await viewers[0]!.s.quiet((m) => typeOf(m) === 'data')).toEqual([]);
    for (const v of [...viewers, other]) v.s.close();
    tracker.close();
  });

  it("keeps two codes apart even when `to` names the other code's viewer", async () => {
    const trackerA = await TestSocket.open(`${base}/ISOLATEA?role=server`);
    const trackerB = await TestSocket.open(`${base}/ISOLATEB?role=server`);
    const va = await viewer('ISOLATEA');
    const vb = await viewer('ISOLATEB');
    await trackerA.next((m) => typeOf(m) === 'new-peer');
    await trackerB.next((m) => typeOf(m) === 'new-peer');
    // tracker A addresses B's viewer; viewer B forges a packet to SERVER claiming to be A's viewer
    trackerA.send({ from: 'SERVER', to: vb.id, msg: { type: 'offer', data: { sdp: 'leak' } } });
    vb.s.send({ from: va.id, to: 'SERVER', msg: { type: 'answer', data: { sdp: 'forged' } } });
    expect(await vb.s.quiet((m) => typeOf(m) === 'offer')).toEqual([]);
    expect(await trackerA.quiet((m) => typeOf(m) === 'answer')).toEqual([]);
    const atB = await trackerB.next((m) => typeOf(m) === 'answer');
    expect(atB.from).toBe(vb.id);
    // relay-only types cannot be injected by clients
    vb.s.send({ from: 'SERVER', to: 'SERVER', msg: { type: 'peer-left' } });
    trackerA.send({ from: 'SERVER', to: va.id, msg: { type: 'welcome', data: { id: 'x' } } });
    expect(await trackerB.quiet((m) => typeOf(m) === 'peer-left')).toEqual([]);
    expect(await va.s.quiet((m) => typeOf(m) === 'welcome')).toEqual([]);
    for (const s of [trackerA, trackerB, va.s, vb.s]) s.close();
  });

  it('refuses a malformed code with 4400', async () => {
    for (const code of ['abcd1234', 'ABC123', 'ABCD12345', 'ABCD-234']) {
      const s = await TestSocket.open(`${base}/${code}`);
      expect(await s.closed).toMatchObject({ code: RelayClose.badCode });
    }
  });

  it('answers the heartbeat ping with pong', async () => {
    const v = await viewer('PINGPONG');
    v.s.send('{"type":"ping"}');
    expect(await v.s.next((m) => m.type === 'pong')).toEqual({ type: 'pong' });
    v.s.close();
  });

  it('limits viewers per code to 16 and frames to 16 KiB', async () => {
    const sixteen = await Promise.all(Array.from({ length: 16 }, () => viewer('CROWDED1')));
    const extra = await TestSocket.open(`${base}/CROWDED1`);
    expect(await extra.closed).toMatchObject({ code: RelayClose.roomFull });
    sixteen[0]!.s.send({ from: '', to: 'SERVER', msg: { type: 'answer', data: 'x'.repeat(17 * 1024) } });
    expect(await sixteen[0]!.s.closed).toMatchObject({ code: 1009 });
    // its seat is free again
    const again = await viewer('CROWDED1');
    expect(again.id).toMatch(/^v/);
    for (const v of [...sixteen, again]) v.s.close();
  });

  it('a live tracker keeps its seat: a second one is refused and its positions reach nobody (issue 12 item 5)', async () => {
    const v = await viewer('SEATED01');
    const real = await TestSocket.open(`${base}/SEATED01?role=server`);
    await real.next((m) => typeOf(m) === 'new-peer');
    const forger = await TestSocket.open(`${base}/SEATED01?role=server`);
    for (let i = 0; i < 5; i++) forger.send({ to: '*', msg: { type: 'data', data: { ...POS, x: i } } });
    expect(await forger.closed).toMatchObject({ code: RelayClose.seatTaken });
    expect(await v.s.quiet((m) => typeOf(m) === 'data')).toEqual([]);
    real.send({ to: '*', msg: { type: 'data', data: POS } });
    expect((await v.s.next((m) => typeOf(m) === 'data')).msg).toMatchObject({ data: POS });
    real.close();
    v.s.close();
  });

  it('a tracker that went silent (network change) is replaced by the reconnecting one, which is told why', async () => {
    const v = await viewer('REPLACE1');
    // A dead connection answers no ping: this one never pongs.
    const first = await TestSocket.open(`${base}/REPLACE1?role=server`, { autoPong: false });
    await first.next((m) => typeOf(m) === 'new-peer');
    const second = await TestSocket.open(`${base}/REPLACE1?role=server`);
    expect(await first.closed).toMatchObject({ code: RelayClose.replaced });
    const again = await second.next((m) => typeOf(m) === 'new-peer');
    expect(again.from).toBe(v.id);
    second.send({ to: '*', msg: { type: 'data', data: POS } });
    expect((await v.s.next((m) => typeOf(m) === 'data')).msg).toMatchObject({ data: POS });
    second.close();
    v.s.close();
  });
});

describe('tracker relay limits (small values)', () => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    app = Fastify();
    await app.register((api) => registerRelay(api, { idleMs: 400, viewerIdleMs: 400, viewerRatePerS: 10 }), { prefix: '/api' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/tracker`;
  });
  afterAll(() => app.close());

  it('closes a silent socket after the idle timeout, and heartbeats keep it open', async () => {
    const silent = await TestSocket.open(`${base}/IDLE0001`);
    const chatty = await TestSocket.open(`${base}/IDLE0001`);
    const beat = setInterval(() => chatty.send('{"type":"ping"}'), 150);
    const started = Date.now();
    expect(await silent.closed).toMatchObject({ code: RelayClose.idle });
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    await new Promise((r) => setTimeout(r, 500));
    expect(chatty.ws.readyState).toBe(chatty.ws.OPEN);
    clearInterval(beat);
    chatty.close();
  });

  it('closes a viewer that floods the relay', async () => {
    const v = await TestSocket.open(`${base}/FLOOD001`);
    for (let i = 0; i < 60; i++) v.send({ to: 'SERVER', msg: { type: 'ice-candidate', data: {} } });
    expect(await v.closed).toMatchObject({ code: RelayClose.rateLimited });
  });
});

describe('tracker relay abuse limits per address (issue 12 item 5)', () => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    app = Fastify();
    await app.register(
      (api) => registerRelay(api, { viewerIdleMs: 500, maxSocketsPerIp: 6, codesPerIpPerMin: 4, maxViewersPerIpPerCode: 2 }),
      { prefix: '/api' },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/tracker`;
  });
  afterAll(() => app.close());

  it('one address gets a few viewer seats per code, a few codes per minute and a few sockets; probing learns nothing past that', async () => {
    const a1 = await TestSocket.open(`${base}/LIMITS01`);
    const a2 = await TestSocket.open(`${base}/LIMITS01`);
    // Idle sockets from one address cannot fill a streamer's room.
    const a3 = await TestSocket.open(`${base}/LIMITS01`);
    expect(await a3.closed).toMatchObject({ code: RelayClose.roomFull });
    const others = [
      await TestSocket.open(`${base}/LIMITS02?role=server`),
      await TestSocket.open(`${base}/LIMITS03`),
      await TestSocket.open(`${base}/LIMITS04`),
    ];
    // A fifth distinct code within the minute: closed before any welcome says whether a tracker is there.
    const probe = await TestSocket.open(`${base}/LIMITS05`);
    expect(await probe.closed).toMatchObject({ code: RelayClose.rateLimited });
    expect(probe.messages).toEqual([]);
    // Codes already touched stay open to it; the socket cap still holds (6 open: a1, a2, 3 others, b).
    const b = await TestSocket.open(`${base}/LIMITS03`);
    const c = await TestSocket.open(`${base}/LIMITS04`);
    expect(await c.closed).toMatchObject({ code: RelayClose.rateLimited });
    for (const s of [a1, a2, b, ...others]) s.close();
    await Promise.all([a1, a2, b, ...others].map((s) => s.closed));
    const again = await TestSocket.open(`${base}/LIMITS01`);
    expect(typeOf(await again.next((m) => typeOf(m) === 'welcome'))).toBe('welcome');
    again.close();
  });

  it('a viewer that never speaks is timed out even if it answers WebSocket pings', async () => {
    const mute = await TestSocket.open(`${base}/LIMITS01`);
    const pinger = setInterval(() => mute.ws.ping(), 100);
    const started = Date.now();
    expect(await mute.closed).toMatchObject({ code: RelayClose.idle });
    clearInterval(pinger);
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
  });
});
