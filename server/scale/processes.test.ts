// Two real server processes (`npm start`'s server/main.ts) on one PostgreSQL: the run of the server suite on
// TEST_DATABASE_URL (npm run test:postgres, CI) runs these; the PGlite run has no PostgreSQL to share.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startServer, type StartedServer } from '../../tests/support/server';
import { TestSocket, typeOf } from '../relay/test-client';
import { DEFAULT_RELAY_LIMITS } from '../relay/limits';
import { RelayClose } from '../../common/tracker/protocol';
import { call, signInOver } from './http-session';

const url = process.env.TEST_DATABASE_URL;
const POS = { x: 1, y: 2, z: 3, pitch: 0, yaw: 0, roll: 0 };

describe.runIf(url)('two server processes on one PostgreSQL', () => {
  let a: StartedServer;
  let b: StartedServer;

  beforeAll(async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query('drop schema public cascade; create schema public;');
    await c.end();
    const env = { DATABASE_URL: url!, SEED_PINS: '500', RATE_LIMIT_WRITES: '60' };
    // Started at the same moment on an empty database: migrations and the seed must not race.
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it('both came up and the demo world was seeded once', async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const { rows } = await c.query<{ pins: number; migrations: number; secrets: number }>(
      "select (select count(*)::int from pins) as pins, (select count(*)::int from schema_migrations) as migrations, (select count(*)::int from server_secrets where name = 'session') as secrets",
    );
    await c.end();
    expect(rows[0]).toMatchObject({ pins: 500, secrets: 1 });
    expect(rows[0]!.migrations).toBeGreaterThanOrEqual(2);
  });

  it('a session made on A writes on B, and a logout on A is refused on B at once', async () => {
    const s = await signInOver(a.url, 'two-procs@example.com', '둘프로세스');
    const me = await call(b.url, s, 'GET', '/api/v1/me');
    expect(me.json.result).toMatchObject({ nickname: '둘프로세스' });
    const check = await call(b.url, s, 'POST', '/api/v1/pin/7/check', { check: true });
    expect(check.status).toBe(200);
    const checks = await call(a.url, s, 'GET', '/api/v1/me/checks');
    expect((checks.json.result as { pinIds: number[] }).pinIds).toContain(7);

    const out = await fetch(`${a.url}/api/v1/auth/logout`, { method: 'POST', headers: { cookie: s.cookie } });
    expect(out.status).toBe(200);
    const after = await call(b.url, s, 'GET', '/api/v1/me');
    expect(after.status).toBe(401);
    expect(after.json.error).toMatchObject({ errClazz: 'access_token_invalid' });
  });

  it('signs in with the local provider form on A and the login call on B', async () => {
    const s = await signInOver(a.url, 'form-a-login-b@example.com', '폼은A', b.url);
    expect((await call(a.url, s, 'GET', '/api/v1/me')).json.result).toMatchObject({ nickname: '폼은A' });
    expect((await call(b.url, s, 'GET', '/api/v1/me')).json.result).toMatchObject({ nickname: '폼은A' });
  });

  it('counts a rate limit across both processes', async () => {
    const s = await signInOver(b.url, 'rate@example.com', '한도확인');
    const statuses: number[] = [];
    // 60 writes a minute per user: 40 on A then 40 on B must meet the limit on B.
    for (let i = 0; i < 40; i++) statuses.push((await call(a.url, s, 'POST', `/api/v1/pin/${i + 1}/check`, { check: true })).status);
    expect(statuses.every((x) => x === 200)).toBe(true);
    const onB: number[] = [];
    for (let i = 0; i < 40; i++) onB.push((await call(b.url, s, 'POST', `/api/v1/pin/${i + 100}/check`, { check: true })).status);
    expect(onB.filter((x) => x === 429).length).toBeGreaterThanOrEqual(20);
  });

  it('relays a tracker on A to a viewer on B', async () => {
    const ws = (srv: StartedServer) => srv.url.replace('http', 'ws') + '/api/v1/tracker/XPROC001';
    const tracker = await TestSocket.open(`${ws(a)}?role=server`);
    // The tracker's seat is known to B through the database before the viewer asks.
    await new Promise((r) => setTimeout(r, 200));
    const viewer = await TestSocket.open(`${ws(b)}?role=viewer`);
    const welcome = await viewer.next((m) => typeOf(m) === 'welcome');
    const { id, tracker: there } = (welcome.msg as { data: { id: string; tracker: boolean } }).data;
    expect(there).toBe(true);
    const joined = await tracker.next((m) => typeOf(m) === 'new-peer');
    expect(joined.from).toBe(id);

    // Signalling both ways across the processes.
    tracker.send({ from: 'SERVER', to: id, msg: { type: 'offer', data: { type: 'offer', sdp: 'v=0' } } });
    expect(await viewer.next((m) => typeOf(m) === 'offer')).toMatchObject({ from: 'SERVER', to: id });
    viewer.send({ from: 'x', to: 'SERVER', msg: { type: 'answer', data: { type: 'answer', sdp: 'a' } } });
    expect((await tracker.next((m) => typeOf(m) === 'answer')).from).toBe(id);

    for (let i = 0; i < 20; i++) tracker.send({ from: 'SERVER', to: '*', msg: { type: 'data', data: { ...POS, x: i } } });
    const got: number[] = [];
    for (let i = 0; i < 20; i++) got.push(((await viewer.next((m) => typeOf(m) === 'data')).msg as { data: { x: number } }).data.x);
    expect(got).toEqual([...Array(20).keys()]);

    tracker.close();
    expect((await viewer.next((m) => typeOf(m) === 'peer-left')).from).toBe('SERVER');
    viewer.close();
  });

  it("counts one address's relay budget across both processes: new codes a minute and viewers a code", async () => {
    const ws = (srv: StartedServer, code: string) => `${srv.url.replace('http', 'ws')}/api/v1/tracker/${code}`;
    /** Opens a viewer socket: whether it was welcomed, or the close code it got instead. */
    const open = async (srv: StartedServer, code: string) => {
      const s = await TestSocket.open(ws(srv, code));
      const r = await Promise.race([s.next((m) => typeOf(m) === 'welcome').then(() => 'welcome' as const), s.closed.then((c) => c.code)]);
      return { s, r };
    };
    const opened: TestSocket[] = [];
    // Viewers of one code from one address, alternating between the processes.
    const seats = [];
    for (let i = 0; i < DEFAULT_RELAY_LIMITS.maxViewersPerIpPerCode + 2; i++) {
      const { s, r } = await open(i % 2 ? b : a, 'XSEAT001');
      opened.push(s);
      seats.push(r);
    }
    expect(seats.filter((r) => r === 'welcome')).toHaveLength(DEFAULT_RELAY_LIMITS.maxViewersPerIpPerCode);
    expect(seats.filter((r) => r === RelayClose.roomFull)).toHaveLength(2);
    // New codes within the minute, alternating: one budget for the address, not one a process.
    const codes = [];
    for (let i = 0; i < DEFAULT_RELAY_LIMITS.codesPerIpPerMin + 2; i++) {
      const { s, r } = await open(i % 2 ? b : a, `XCODE${String(i).padStart(3, '0')}`);
      opened.push(s);
      codes.push(r);
    }
    expect(codes.filter((r) => r === 'welcome').length).toBeLessThanOrEqual(DEFAULT_RELAY_LIMITS.codesPerIpPerMin);
    expect(codes).toContain(RelayClose.rateLimited);
    for (const s of opened) s.close();
  });
});
