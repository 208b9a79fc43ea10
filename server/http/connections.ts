import { BlockList, isIP, type Server, type Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import type { TrustProxy } from '../security/proxy';
import { isResourceExhaustion, openFileLimit } from '../ops/file-limit';
import { fail } from './envelope';
import { ErrClazz } from './errors';

/*
 * Connection budgets of one process (issue 23). Every TCP connection — a request's, an idle keep-alive, an event
 * stream, a relay WebSocket — holds an open file until it closes; too many from one address used up the process's
 * open-file limit, and the server then failed everyone (and exited on the storage probe's EMFILE). So:
 *
 * - at the socket, before any byte is read: `perIp` open connections per peer address and `total` in the process.
 *   Past them the connection gets one HTTP answer in the envelope — 429 (the address's budget) or 503 (the
 *   process's) — and is closed (after a second if the client keeps it open, at once during a flood). Beyond `total`
 *   plus a margin for those answers (an eighth of it, 16 to 256), Node drops new connections at once
 *   (server.maxConnections).
 * - event streams (routes/events.ts): `eventsPerIp` per client address (X-Forwarded-For under TRUST_PROXY) and
 *   `eventsTotal` per process (429 / 503); per account, the oldest of a player's streams is closed past 16.
 * - relay WebSockets (relay/limits.ts): 24 per address and 4 per address a code, across processes on PostgreSQL.
 *
 * Why per process: what runs out is each process's own open files and memory, and node:cluster deals an address's
 * connections out to the workers in turn, so with N workers an address holds at most N × its budget in all, and no
 * worker more than its budget. Counting every accepted connection in the database would hand the flood a database
 * round trip per connection, and sockets live and die with their process, so there is nothing to share. The relay's
 * budgets (fcc47df) are shared because there one address must not fill one streamer's room from several processes.
 *
 * Behind a trusted proxy (TRUST_PROXY) the peer is the proxy, which speaks for many players: its connections count
 * only in `total`; per-address limits then apply where the client's address is known (event streams, relay, rates).
 */

export interface ConnectionBudget {
  /** Open connections from one peer address (CONN_PER_IP). */
  perIp: number;
  /** Open connections in this process (CONN_TOTAL). */
  total: number;
  /** Open event streams from one client address (EVENTS_PER_IP). */
  eventsPerIp: number;
  /** Open event streams in this process (EVENTS_TOTAL). */
  eventsTotal: number;
}

/** Open files kept free for the database, tiles, images, logs and the answers of refused connections. */
function reserve(limit: number): number {
  return Math.min(4096, Math.max(128, Math.floor(limit / 4)));
}

/**
 * The budgets from CONN_PER_IP, CONN_TOTAL, EVENTS_PER_IP and EVENTS_TOTAL; defaults follow the open-file limit
 * (`fileLimit`, read from the process when not given): the total leaves a quarter of it (128 to 4,096) free, one
 * address may hold a quarter of the total (at most 512: a PC방 or a carrier's NAT is many players on one address),
 * and event streams half of each.
 */
export function connectionBudgetFromEnv(
  env: NodeJS.ProcessEnv,
  num: (env: NodeJS.ProcessEnv, key: string, fallback: number) => number,
  fileLimit = openFileLimit()?.soft ?? 65_536,
): ConnectionBudget {
  const total = num(env, 'CONN_TOTAL', Math.max(32, fileLimit - reserve(fileLimit)));
  const perIp = num(env, 'CONN_PER_IP', Math.max(8, Math.min(512, Math.floor(total / 4))));
  return {
    perIp,
    total,
    eventsPerIp: num(env, 'EVENTS_PER_IP', Math.max(4, Math.floor(perIp / 2))),
    eventsTotal: num(env, 'EVENTS_TOTAL', Math.max(16, Math.floor(total / 2))),
  };
}

/** Whether a peer is one of TRUST_PROXY's proxies (its connections speak for many clients). */
export function trustedPeer(trustProxy: TrustProxy): (address: string) => boolean {
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'function') return (address) => trustProxy(address, 0);
  const list = new BlockList();
  const named: Record<string, string[]> = {
    loopback: ['127.0.0.0/8', '::1/128'],
    linklocal: ['169.254.0.0/16', 'fe80::/10'],
    uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
  };
  for (const entry of trustProxy.flatMap((e) => named[e] ?? [e])) {
    const [net, bits] = entry.split('/');
    const type = isIP(net ?? '') === 6 ? 'ipv6' : 'ipv4';
    if (!isIP(net ?? '')) continue;
    if (bits) list.addSubnet(net!, Number(bits), type);
    else list.addAddress(net!, type);
  }
  return (address) => {
    const a = address.replace(/^::ffff:(?=\d+\.)/i, '');
    return isIP(a) !== 0 && list.check(a, isIP(a) === 6 ? 'ipv6' : 'ipv4');
  };
}

/** Spare connections beyond `total` for the answers of refused ones (then Node drops new connections at once). */
function refusalMargin(total: number): number {
  return Math.max(16, Math.min(256, Math.floor(total / 8)));
}
/**
 * A refused connection is kept open this long after its answer, for a client that sends its request late, so it reads
 * the answer rather than a reset; at most `margin / 2` are kept at once: past that (a flood) each is closed as soon as
 * its answer is written, so refused connections cannot use up the open files the budget protects.
 */
const REFUSED_LINGER_MS = 1_000;
/** At most one log line per this long about refusals and accept errors. */
const LOG_EVERY_MS = 10_000;

export const connectionMessages = {
  perIp: '이 주소에서 연결이 너무 많습니다. 다른 탭이나 기기를 닫고 잠시 후 다시 시도해 주세요.',
  total: '서버에 연결이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
} as const;

/** One whole HTTP answer (envelope) on a raw socket, before the request is read. */
function refusal(status: 429 | 503): string {
  const body =
    status === 429
      ? JSON.stringify(fail(429, ErrClazz.rateLimited, connectionMessages.perIp, 'too many connections from this address'))
      : JSON.stringify(fail(503, 'server_busy', connectionMessages.total, 'too many connections to this server'));
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nRetry-After: 10\r\nConnection: close\r\n\r\n${body}`
  );
}
const ANSWERS = { 429: refusal(429), 503: refusal(503) };

export interface ConnectionGuard {
  /** Where refusals and accept errors are told (the app's logger once it exists). */
  log: Pick<FastifyBaseLogger, 'warn'> | null;
  stats(): { open: number; addresses: number; refusedPerIp: number; refusedTotal: number; acceptErrors: number };
}

/**
 * Puts the budget in front of an http.Server's own connection handling (call before listen): a connection over
 * budget never reaches the HTTP parser. Also keeps the server alive when accept() fails for lack of open files
 * (EMFILE/ENFILE: Node reports it as the server's 'error', which unhandled would end the process).
 */
export function guardConnections(
  server: Server,
  budget: Pick<ConnectionBudget, 'perIp' | 'total'>,
  trusted: (address: string) => boolean,
): ConnectionGuard {
  const byIp = new Map<string, number>();
  let open = 0;
  let refusedPerIp = 0;
  let refusedTotal = 0;
  let acceptErrors = 0;
  let lastLog = 0;
  const guard: ConnectionGuard = {
    log: null,
    stats: () => ({ open, addresses: byIp.size, refusedPerIp, refusedTotal, acceptErrors }),
  };
  const tell = (what: string, extra: Record<string, unknown>) => {
    const now = Date.now();
    if (now - lastLog < LOG_EVERY_MS) return;
    lastLog = now;
    guard.log?.warn({ ...extra, ...guard.stats(), budget }, what);
  };

  const http = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  const margin = refusalMargin(budget.total);
  server.maxConnections = budget.total + margin;
  let lingering = 0;

  const refuse = (socket: Socket, status: 429 | 503, ip: string) => {
    if (status === 429) refusedPerIp++;
    else refusedTotal++;
    tell('connections refused over budget', { address: ip, status });
    socket.on('error', () => undefined);
    if (lingering >= margin / 2) {
      socket.end(ANSWERS[status], () => socket.destroy());
      return;
    }
    lingering++;
    socket.once('close', () => lingering--);
    socket.resume();
    socket.end(ANSWERS[status]);
    setTimeout(() => socket.destroy(), REFUSED_LINGER_MS).unref();
  };

  server.on('connection', (socket: Socket) => {
    const ip = socket.remoteAddress ?? '';
    if (open >= budget.total) return refuse(socket, 503, ip);
    const counted = !trusted(ip);
    const mine = counted ? (byIp.get(ip) ?? 0) : 0;
    if (counted && mine >= budget.perIp) return refuse(socket, 429, ip);
    open++;
    if (counted) byIp.set(ip, mine + 1);
    socket.once('close', () => {
      open--;
      if (!counted) return;
      const n = (byIp.get(ip) ?? 1) - 1;
      if (n <= 0) byIp.delete(ip);
      else byIp.set(ip, n);
    });
    for (const listener of http) listener.call(server, socket);
  });

  // Once listening, a server 'error' is accept() failing: out of open files or memory passes when connections
  // close (libuv drops the waiting connection), anything else is told too; neither may end the process.
  server.on('error', (e: NodeJS.ErrnoException) => {
    if (!server.listening) return;
    acceptErrors++;
    tell(isResourceExhaustion(e) ? 'accept failed: out of open files or memory; refusing connections until some close' : 'accept failed', {
      err: e,
    });
  });
  return guard;
}

/** The guard's logger is the app's, and /metrics shows its counts. */
export function registerConnectionMetrics(app: FastifyInstance, guard: ConnectionGuard): void {
  guard.log = app.log;
  new Gauge({
    name: 'http_connections',
    help: 'TCP connections of this process: open, distinct peer addresses, refused over the per-address or total budget, failed accepts',
    labelNames: ['kind'] as const,
    registers: [app.metrics],
    collect() {
      const s = guard.stats();
      this.set({ kind: 'open' }, s.open);
      this.set({ kind: 'addresses' }, s.addresses);
      this.set({ kind: 'refused_per_ip' }, s.refusedPerIp);
      this.set({ kind: 'refused_total' }, s.refusedTotal);
      this.set({ kind: 'accept_errors' }, s.acceptErrors);
    },
  });
}
