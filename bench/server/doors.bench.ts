// Issue 12's probes again, against the real server on loopback (127.0.0.1 only, bounded: about a
// thousand requests and 100 MiB of uploads in all): the "before" figures of the issue beside what the
// server answers now. Each probe gets a fresh server and database, so one probe's rate-limit budget
// does not spend another's.
//   npx tsx bench/server/doors.bench.ts   → bench/results/doors.json
// Env: DOORS_FUZZ (fuzzed requests, default 1600).
import { mkdtempSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import sharp from 'sharp';
import WebSocket from 'ws';

process.env.SESSION_SECRET ??= randomBytes(32).toString('hex');

const { loadConfig } = await import('../../server/config');
const { migrate, openDb } = await import('../../server/db');
const { buildApp } = await import('../../server/app');
const { createSession } = await import('../../server/auth/sessions');
const { seedWorld } = await import('../../server/seed/seed');
const { LOCAL_AUTHORIZE_PATH, LOCAL_CLIENT_ID, LOCAL_REDIRECT_URI } = await import('../../server/auth/local-provider');

const FUZZ = Number(process.env.DOORS_FUZZ ?? 1600);
const CLIENT_ID = 'doors-bench';

interface Server {
  url: string;
  cookie: () => Promise<string>;
  dataDir: string;
}

/** A fresh server (PGlite in memory, its own data folder) for one probe, closed afterwards. */
async function withServer<T>(
  env: Record<string, string>,
  fn: (s: Server) => Promise<T>,
  opts: { pins?: number; onRoute?: (r: RouteOptions) => void } = {},
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wuwa-doors-'));
  const db = await openDb({});
  try {
    await migrate(db);
    if (opts.pins) await seedWorld(db, { pins: opts.pins, seed: 42, dataDir });
    const config = loadConfig(
      { ...process.env, LOCAL_LOGIN: '1', IMAGE_HOST_CLIENT_ID: CLIENT_ID, DATA_DIR: dataDir, DATABASE_URL: '', ...env },
      { serveClient: false, logLevel: 'warn' },
    );
    const app = await buildApp({ config, db, onRoute: opts.onRoute });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    let players = 0;
    const cookie = async () => {
      const { rows } = await db.query<{ id: number }>('insert into users (nickname) values ($1) returning id', [`문지기${++players}`]);
      return (await createSession(app, rows[0]!.id)).cookieHeader;
    };
    try {
      return await fn({ url, cookie, dataDir });
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Bytes under `dir` (0 when it does not exist). */
function bytesIn(dir: string): number {
  try {
    return readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0);
  } catch {
    return 0;
  }
}

function multipart(file: Buffer): { body: Buffer; type: string } {
  const boundary = '----doors' + randomBytes(8).toString('hex');
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="type"\r\n\r\nfile\r\n`),
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

const upload = (url: string, file: Buffer, cookie?: string) => {
  const m = multipart(file);
  return fetch(`${url}/api/v1/images`, {
    method: 'POST',
    body: new Uint8Array(m.body),
    headers: { 'content-type': m.type, authorization: `Client-ID ${CLIENT_ID}`, ...(cookie ? { cookie } : {}) },
  });
};

type Row = { probe: string; before: string; now: string };
const rows: Row[] = [];
const add = (probe: string, before: string, now: string) => {
  rows.push({ probe, before, now });
  console.log(`${probe}\n  before: ${before}\n  now:    ${now}`);
};

// 1. Sign-ins with a rotating X-Forwarded-For against the 60/min limit (TRUST_PROXY unset).
await withServer({}, async ({ url }) => {
  const n = 300;
  let accepted = 0;
  for (let i = 0; i < n; i++) {
    const r = await fetch(`${url}/api/v1/oauth/local/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(i >> 8) & 255}.${i & 255}.7` },
      body: JSON.stringify({ code: `code${i}`, state: `state${i}` }),
    });
    await r.arrayBuffer();
    if (r.status !== 429) accepted++;
  }
  add('sign-ins with a rotating X-Forwarded-For (limit 60/min)', '300 of 300 accepted', `${accepted} of ${n} accepted`);
});

// 2 and 3. The image host: uploads without a session, the per-player count quota, and the 39.7-megapixel PNG.
await withServer({}, async ({ url, cookie, dataDir }) => {
  const n = 100;
  // About 1 MiB of noise: it does not compress, so it stays about that size re-encoded.
  const photo = await sharp(randomBytes(600 * 580 * 3), { raw: { width: 600, height: 580, channels: 3 } })
    .png()
    .toBuffer();
  let visitor = 0;
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const r = await upload(url, photo);
    await r.arrayBuffer();
    if (r.status === 200) visitor++;
  }
  const visitorS = (performance.now() - started) / 1000;
  add(
    'image uploads without signing in',
    '100 of 100 × 10 MiB accepted in 20 s (2.9 GiB/min)',
    `${visitor} of ${n} × ${(photo.length / 1048576).toFixed(1)} MiB accepted in ${visitorS.toFixed(1)} s; ${bytesIn(join(dataDir, 'images'))} bytes stored`,
  );

  const me = await cookie();
  let signedIn = 0;
  let refusal = '';
  for (let i = 0; i < n; i++) {
    const r = await upload(url, photo, me);
    const body = (await r.json()) as { data?: { error?: string } };
    if (r.status === 200) signedIn++;
    else refusal ||= `${r.status} ${body.data?.error ?? ''}`;
  }
  add(
    'image uploads by one signed-in player in a day',
    'no quota (100 of 100)',
    `${signedIn} of ${n} accepted, then ${refusal}; ${(bytesIn(join(dataDir, 'images')) / 1048576).toFixed(1)} MiB stored`,
  );

  const bomb = await sharp({ create: { width: 7000, height: 5671, channels: 3, background: '#000000' } })
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  const r = await upload(url, bomb, await cookie());
  const body = (await r.json()) as { data?: { error?: string; width?: number } };
  add(
    'a 39.7-megapixel PNG',
    `a ${38} KB file accepted (about 159 MB to decode for every viewer)`,
    `${(bomb.length / 1024).toFixed(0)} KB file: ${r.status === 200 ? `accepted (${body.data?.width} px wide)` : `refused, ${r.status} ${body.data?.error}`}`,
  );
});

// 4. The local provider: form and token requests against the sign-in limit (each endpoint has its
// own per-address budget), then the redirect and Origin rules.
const localForm = (i: number) => ({
  path: LOCAL_AUTHORIZE_PATH,
  body: { client_id: LOCAL_CLIENT_ID, redirect_uri: LOCAL_REDIRECT_URI, state: `s${i}`, email: `door${i}@example.com` },
});
const localToken = (i: number) => ({
  path: '/oauth/local/token',
  body: {
    grant_type: 'authorization_code',
    client_id: LOCAL_CLIENT_ID,
    client_secret: 'wrong',
    code: `c${i}`,
    redirect_uri: LOCAL_REDIRECT_URI,
  },
});
for (const [name, request] of [
  ['form', localForm],
  ['token', localToken],
] as const) {
  await withServer({}, async ({ url }) => {
    const n = 70;
    let accepted = 0;
    for (let i = 0; i < n; i++) {
      const { path, body } = request(i);
      const r = await fetch(`${url}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body).toString(),
      });
      await r.arrayBuffer();
      if (r.status !== 429) accepted++;
    }
    add(`local provider ${name} requests from one address in a minute (limit 60/min)`, '70 of 70 accepted', `${accepted} of ${n} accepted`);
  });
}
await withServer({}, async ({ url }) => {
  const post = (redirect: string, origin?: string) =>
    fetch(`${url}${LOCAL_AUTHORIZE_PATH}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) },
      body: new URLSearchParams({ client_id: LOCAL_CLIENT_ID, redirect_uri: redirect, state: 's', email: 'door@example.com' }).toString(),
    });
  const evil = await post('/\t/evil.example');
  const nullOrigin = await post(LOCAL_REDIRECT_URI, 'null');
  add(
    'local provider redirect_uri=/\\t/evil.example; Origin: null',
    'redirected to http://evil.example/?code=…; accepted',
    `${evil.status}${evil.headers.get('location') ? ` → ${evil.headers.get('location')}` : ' (no redirect)'}; Origin null: ${nullOrigin.status}`,
  );
});

// 5. The tracker relay: rooms (tracker seats on fresh codes) one client opens.
await withServer({}, async ({ url }) => {
  const n = 200;
  const sockets: WebSocket[] = [];
  let open = 0;
  const closes = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const code = `DR${i.toString(36).toUpperCase().padStart(6, '0')}`;
    const ws = new WebSocket(`${url.replace('http', 'ws')}/api/v1/tracker/${code}?role=server`);
    sockets.push(ws);
    const outcome = await new Promise<'open' | number>((resolve) => {
      let opened = false;
      ws.once('open', () => {
        opened = true;
        setTimeout(() => resolve('open'), 30);
      });
      ws.once('close', (c) => resolve(c));
      ws.once('error', () => {
        if (!opened) resolve(-1);
      });
    });
    if (outcome === 'open' && ws.readyState === WebSocket.OPEN) open++;
    else if (typeof outcome === 'number') closes.set(outcome, (closes.get(outcome) ?? 0) + 1);
  }
  for (const ws of sockets) ws.terminate();
  const why = [...closes].map(([c, k]) => `${k} closed ${c}`).join(', ');
  add(
    'relay rooms one client opens',
    '10,000 in 13 s (+90 MB), then every new streamer refused',
    `${open} of ${n} open${why ? `; ${why}` : ''}`,
  );
});

// 6. Fuzz: nasty values in otherwise valid requests to every route; answers of 500 or more counted.
const NASTY: unknown[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udc00x',
  1e-46,
  -1e-46,
  3.5e38,
  Number.POSITIVE_INFINITY,
  '1e309',
  '1e-46',
  'NaN',
  -1,
  0,
  2 ** 31,
  Number.MAX_SAFE_INTEGER,
  '../..',
  '%00',
  '<script>',
  '',
  ' ',
  null,
  true,
  [],
  {},
  '🐢'.repeat(5),
  'x'.repeat(5000),
];
const VALID: Record<string, unknown> = {
  code: 'c',
  state: 's',
  nickname: '닉네임',
  content: '다리 밑',
  image: null,
  coordX: 10.5,
  coordY: -20.25,
  categoryId: 3,
  region: 0,
  tags: [1],
  pinIds: [1, 2],
  check: true,
  type: 'recommend',
  targetPinId: 1,
  duplicatePinId: 0,
  comment: '위치가 달라요',
  q: '상자',
  mode: 'merge',
  data: { version: 1, pins: [] },
};
const FIELDS = Object.keys(VALID);
let seed = 20261212;
/** A small seeded generator (mulberry32), so every run sends the same requests. */
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
/** A path or query value as a browser sends it (a lone surrogate as its UTF-8 bytes). */
function encode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
}
const routes: { method: string; url: string }[] = [];
await withServer(
  { RATE_LIMIT: '0' },
  async ({ url, cookie }) => {
    let me = await cookie();
    let fiveHundreds = 0;
    let notEnvelope = 0;
    const failing = new Set<string>();
    for (let i = 0; i < FUZZ; i++) {
      const route = pick(routes);
      const path = route.url.replace(/:(\w+)/g, () => encode(String(rand() < 0.7 ? 1 + Math.floor(rand() * 300) : pick(NASTY))));
      const body: Record<string, unknown> = { ...VALID };
      for (let k = 0; k < 2; k++) body[pick(FIELDS)] = pick(NASTY);
      const query = route.method === 'GET' ? `?${pick(['q', 'page', 'n', 'format'])}=${encode(String(pick(NASTY)))}` : '';
      let r: Response;
      try {
        r = await fetch(`${url}${path}${query}`, {
          method: route.method,
          headers: { cookie: me, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { 'content-type': 'application/json' }) },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch {
        fiveHundreds++;
        failing.add(`${route.method} ${route.url} (no answer)`);
        continue;
      }
      const text = await r.text();
      // A fuzzed logout or account deletion ended the session: go on as a new player.
      if (r.status === 401) me = await cookie();
      if (r.status >= 500) {
        fiveHundreds++;
        failing.add(`${route.method} ${route.url} ${r.status}`);
      }
      if (path.startsWith('/api/') && r.headers.get('content-type')?.includes('json')) {
        try {
          const env = JSON.parse(text) as { status?: unknown };
          if (env.status !== r.status) notEnvelope++;
        } catch {
          notEnvelope++;
        }
      }
    }
    add(
      `fuzzed requests over ${new Set(routes.map((r) => `${r.method} ${r.url}`)).size} routes answered 5xx`,
      '19 of 1,600',
      `${fiveHundreds} of ${FUZZ}${failing.size ? ` (${[...failing].slice(0, 5).join('; ')})` : ''}; ${notEnvelope} JSON answers outside the envelope`,
    );
  },
  {
    pins: 300,
    onRoute: (r) => {
      // Upgrades, event streams and the built-in image host (multipart) are probed above or by their own tests.
      if ((r as RouteOptions & { websocket?: boolean }).websocket || r.config?.stream || r.url === '/api/v1/images') return;
      for (const m of ([] as string[]).concat(r.method)) if (m !== 'HEAD' && m !== 'OPTIONS') routes.push({ method: m, url: r.url });
    },
  },
);

console.table(rows);
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/doors.json', JSON.stringify({ fuzz: FUZZ, rows }, null, 2));
