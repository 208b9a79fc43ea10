/**
 * The tracker simulator: `npm run tracker:sim -- --mode local [--port 46821]` serves the desktop
 * tracker's local protocol; `--mode external --relay ws://localhost:8080/api/v1/tracker --code
 * ABCD1234` joins our relay as role=server. Both play the route of common/tracker/sim/route.ts;
 * `--drop-every 20s` closes the connection periodically, `--hz 10` sets samples per second,
 * `--speed 2` plays the route faster; `--help` prints the options. Importable: tests start it in-process.
 */
import { WebSocketServer, WebSocket } from 'ws';
import { fileURLToPath } from 'node:url';
import { SimRoute, SimWalker } from '../common/tracker/sim/route';
import { SimTracker } from '../common/tracker/sim/SimTracker';
import { isTrackerCode, type PlayerInfo } from '../common/tracker/protocol';
import type { WebSocketLike } from '../common/tracker/protocol';

export interface LocalSimOptions {
  port?: number;
  host?: string;
  hz?: number;
  /** Close every client this often (ms) to exercise reconnects. */
  dropEveryMs?: number;
  /** Route speed factor. */
  speed?: number;
  /** Send local-offer and then nothing (for timeout tests). */
  silent?: boolean;
  /** Stand at this world point (huanglong) instead of playing the route; `walkTo` moves the player (journeys). */
  walkFrom?: { x: number; y: number };
  /** Walking speed in metres per second with `walkFrom` (default 6). */
  walkSpeed?: number;
  log?: (line: string) => void;
}

/** A running local-mode simulator. */
export interface LocalSim {
  url: string;
  port: number;
  /** Connections accepted so far. */
  connections: number;
  /** Text frames the clients sent (the real tracker ignores them; tests read the heartbeats). */
  received: string[];
  /** Closes every client socket now (a drop). */
  dropAll(): void;
  /** Stop or resume sending positions (and local-offer to new clients). */
  setSilent(silent: boolean): void;
  /** With `walkFrom`: walks from where the player is to the world point (x, y) and stops there. */
  walkTo(x: number, y: number): void;
  close(): Promise<void>;
}

/** Serves the tracker's local protocol: `local-offer`, then `data` frames several times a second. */
export async function startLocalSimulator(o: LocalSimOptions = {}): Promise<LocalSim> {
  const host = o.host ?? '127.0.0.1';
  const walker = o.walkFrom ? new SimWalker(o.walkFrom, o.walkSpeed) : null;
  const route = walker ?? new SimRoute(o.speed ?? 1);
  const wss = new WebSocketServer({ host, port: o.port ?? 46821 });
  await new Promise<void>((resolve, reject) => {
    wss.once('listening', resolve);
    wss.once('error', reject);
  });
  const port = (wss.address() as { port: number }).port;
  const startedAt = Date.now();
  let silent = o.silent ?? false;
  let lastLeg = -1;
  const sim: LocalSim = {
    url: `ws://${host}:${port}`,
    port,
    connections: 0,
    received: [],
    dropAll: () => {
      for (const c of wss.clients) c.terminate();
    },
    setSilent: (s) => {
      silent = s;
    },
    walkTo: (x, y) => {
      if (!walker) throw new Error('walkTo needs the walkFrom option');
      walker.walkTo(Date.now() - startedAt, x, y);
    },
    close: () => {
      clearInterval(ticker);
      clearInterval(dropper);
      for (const c of wss.clients) c.terminate();
      return new Promise((resolve) => wss.close(() => resolve()));
    },
  };
  wss.on('connection', (ws) => {
    sim.connections++;
    o.log?.(`client connected (${wss.clients.size} now)`);
    ws.on('message', (data, isBinary) => {
      if (!isBinary) sim.received.push(data.toString());
    });
    if (!silent) ws.send(JSON.stringify({ type: 'local-offer' }));
  });
  const ticker = setInterval(
    () => {
      if (silent || wss.clients.size === 0) return;
      const p = route.at(Date.now() - startedAt);
      if (p.leg !== lastLeg) {
        lastLeg = p.leg;
        o.log?.(p.note);
      }
      const frame = JSON.stringify({ type: 'data', data: p.info });
      for (const c of wss.clients) if (c.readyState === WebSocket.OPEN) c.send(frame);
    },
    1000 / (o.hz ?? 10),
  );
  const dropper = o.dropEveryMs
    ? setInterval(() => {
        o.log?.('dropping every connection (--drop-every)');
        sim.dropAll();
      }, o.dropEveryMs)
    : undefined;
  return sim;
}

export interface ExternalSimOptions {
  /** Relay base, e.g. ws://localhost:8080/api/v1/tracker. */
  relay: string;
  code: string;
  hz?: number;
  dropEveryMs?: number;
  speed?: number;
  log?: (line: string) => void;
}

/** Joins our relay as the tracker (role=server) and carries positions as relay `data` packets. */
export function startExternalSimulator(o: ExternalSimOptions): { tracker: SimTracker; close(): void } {
  if (!isTrackerCode(o.code)) throw new Error(`code must be 8 characters of 0-9A-Z, got "${o.code}"`);
  const route = new SimRoute(o.speed ?? 1);
  let lastLeg = -1;
  const tracker = new SimTracker({
    url: `${o.relay.replace(/\/$/, '')}/${o.code}?role=server`,
    createSocket: (url) => new WebSocket(url) as unknown as WebSocketLike,
    // Node has no WebRTC without a native module; the relay's data path carries positions.
    createPeer: null,
    hz: o.hz,
    log: o.log,
    position: (ms): PlayerInfo => {
      const p = route.at(ms);
      if (p.leg !== lastLeg) {
        lastLeg = p.leg;
        o.log?.(p.note);
      }
      return p.info;
    },
  });
  tracker.start();
  const dropper = o.dropEveryMs
    ? setInterval(() => {
        o.log?.('dropping the relay connection (--drop-every)');
        tracker.drop();
      }, o.dropEveryMs)
    : undefined;
  return {
    tracker,
    close: () => {
      clearInterval(dropper);
      tracker.stop();
    },
  };
}

/** "20s", "1500ms", "2m" or a bare number of seconds → milliseconds. */
export function parseDuration(v: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(v.trim());
  if (!m) throw new Error(`bad duration "${v}" (use e.g. 20s, 1500ms, 2m)`);
  const n = Number(m[1]);
  return m[2] === 'ms' ? n : m[2] === 'm' ? n * 60_000 : n * 1000;
}

function args(argv: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) continue;
    const [k, inline] = a.slice(2).split('=', 2);
    if (inline !== undefined) out.set(k!, inline);
    else if (argv[i + 1] && !argv[i + 1]!.startsWith('--')) out.set(k!, argv[++i]!);
    else out.set(k!, 'true');
  }
  return out;
}

/** What `npm run tracker:sim -- --help` prints. */
export const USAGE = `사용법 (usage): npm run tracker:sim -- [options]

  --mode local|external   local: serve the desktop tracker's protocol (default)
                          external: join the map's relay as the tracker (role=server)
  --port N                local mode port (default 46821)
  --host H                local mode interface (default 127.0.0.1)
  --relay URL             external mode relay (default ws://localhost:8080/api/v1/tracker)
  --code CODE             external mode code, 8 letters/digits (default: a new one)
  --hz N                  samples per second
  --speed N               route speed factor
  --drop-every DURATION   close the connection periodically (e.g. 20s, 1500ms, 2m)
  -h, --help              print this help
`;
const OPTIONS = new Set(['mode', 'port', 'host', 'relay', 'code', 'hz', 'speed', 'drop-every', 'help']);

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('-h') || argv.includes('--help')) {
    console.log(USAGE);
    return;
  }
  const a = args(argv);
  const unknown = [...a.keys()].filter((k) => !OPTIONS.has(k));
  if (unknown.length > 0) {
    console.error(`unknown option --${unknown[0]}\n\n${USAGE}`);
    process.exit(2);
  }
  const mode = a.get('mode') ?? 'local';
  const log = (line: string) => console.log(`[tracker-sim ${new Date().toISOString().slice(11, 19)}] ${line}`);
  const common = {
    hz: a.has('hz') ? Number(a.get('hz')) : undefined,
    dropEveryMs: a.has('drop-every') ? parseDuration(a.get('drop-every')!) : undefined,
    speed: a.has('speed') ? Number(a.get('speed')) : undefined,
    log,
  };
  if (mode === 'local') {
    const sim = await startLocalSimulator({ ...common, port: Number(a.get('port') ?? 46821), host: a.get('host') ?? '127.0.0.1' });
    log(`local mode: ${sim.url} (connect the map's tracker dialog to this URL)`);
    process.on('SIGINT', () => void sim.close().then(() => process.exit(0)));
  } else if (mode === 'external') {
    const relay = a.get('relay') ?? 'ws://localhost:8080/api/v1/tracker';
    const code = a.get('code') ?? randomCode();
    const sim = startExternalSimulator({ ...common, relay, code });
    log(`external mode: ${relay}/${code}?role=server — enter code ${code} in the map's tracker dialog`);
    process.on('SIGINT', () => {
      sim.close();
      process.exit(0);
    });
  } else {
    console.error(`unknown --mode "${mode}" (local or external)`);
    process.exit(2);
  }
}

/** A code like the tracker's: 5 characters from the time, 3 random, Base36 upper case. */
export function randomCode(now = Date.now()): string {
  const time = Math.floor(now / 1000)
    .toString(36)
    .toUpperCase()
    .slice(-5)
    .padStart(5, '0');
  const rand = Array.from({ length: 3 }, () =>
    Math.floor(Math.random() * 36)
      .toString(36)
      .toUpperCase(),
  ).join('');
  return time + rand;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
