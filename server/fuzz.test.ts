import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { HTTPMethods, InjectOptions, RouteOptions } from 'fastify';
import { seededApp } from './test-helper';

/*
 * Property: whatever a client sends to any route, the server never answers 5xx, and every /api
 * answer is the envelope {status, error, result} with status = the HTTP status. Fixed seed in CI;
 * FUZZ_RUNS=20000 (and FUZZ_SEED=…) for a longer run on demand.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 600);
const SEED = Number(process.env.FUZZ_SEED ?? 20261212);

const routes: { method: string; url: string }[] = [];
let t: Awaited<ReturnType<typeof seededApp>>;
let cookie = '';

beforeAll(async () => {
  t = await seededApp(200, {
    onRoute: (r: RouteOptions) => {
      // WebSocket upgrades are fuzzed by the relay's own tests; HEAD mirrors GET.
      if ((r as RouteOptions & { websocket?: boolean }).websocket) return;
      // Server-sent event streams never end by themselves; their own tests cover them.
      if (r.config?.stream) return;
      for (const m of ([] as string[]).concat(r.method as HTTPMethods | HTTPMethods[]))
        if (m !== 'HEAD') routes.push({ method: m, url: r.url });
    },
  });
});

let players = 0;
/** A live session; a new player when the last one logged out (everywhere) or deleted the account. */
async function session(): Promise<string> {
  if (!cookie) {
    cookie = await t.cookie(await t.newUser(`퍼저${++players}`));
  }
  return cookie;
}
afterAll(async () => {
  await t?.close();
});

/** Strings that have broken servers before: NUL, lone surrogates, huge and tiny numbers, traversal, markup. */
const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '\u0000',
      'a\u0000b',
      '\ud800',
      '\udc00x',
      '1e-46',
      '-1e-46',
      '1e309',
      'NaN',
      '-0',
      '0x10',
      '9'.repeat(30),
      '../..',
      '%',
      '%00',
      '<script>',
      ' ',
      '',
      '🐢'.repeat(5),
    ),
  },
  fc.integer().map(String),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: nasty },
  fc.double(),
  { weight: 2, arbitrary: fc.constantFrom(1e-46, -1e-46, 3.5e38, Number.MAX_SAFE_INTEGER, 2 ** 31, -1, 0) },
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), nasty), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.integer(), nasty), { maxKeys: 3 }),
);
const FIELDS = [
  'code',
  'state',
  'nickname',
  'content',
  'image',
  'coordX',
  'coordY',
  'coordZ',
  'categoryId',
  'region',
  'tags',
  'pinIds',
  'check',
  'type',
  'targetPinId',
  'duplicatePinId',
  'comment',
  'q',
  'n',
  'page',
];
/** A request every route would accept, so that one or two nasty fields get past the schema to the code behind it. */
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
};
const body = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), value, { minKeys: 1, maxKeys: 2 }).map((over) => ({ ...VALID, ...over })),
  },
  fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(fc.dictionary(fc.constantFrom('checkTime', 'pinIds', 'userId'), value, { maxKeys: 3 }), { maxLength: 3 }),
);

function encode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80'; // a lone surrogate, as a browser would send its UTF-8 bytes
  }
}

const request = fc.record({
  route: fc.nat(),
  params: fc.array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom('1', '2', '3', '40') }, nasty), { minLength: 4, maxLength: 4 }),
  rawParam: fc.boolean(),
  query: fc.oneof(
    fc.dictionary(fc.constantFrom(...FIELDS), nasty, { maxKeys: 3 }),
    nasty.map((q) => ({ q })),
  ),
  body: fc.option(body, { nil: undefined, freq: 8 }),
  // Now and then a body that is not JSON at all.
  rawBody: fc.oneof({ weight: 9, arbitrary: fc.constant(undefined) }, fc.string({ maxLength: 30 })),
  signedIn: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, fc.constant(false)),
});

describe('fuzz: every route, any input (issue 12)', () => {
  it('never answers 5xx; /api answers are the envelope', async () => {
    expect(routes.length).toBeGreaterThan(20);
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const route = routes[r.route % routes.length]!;
        let i = 0;
        const path = route.url
          .replace(/:\w+/g, () => (r.rawParam ? r.params[i++ % 4]!.replace(/[/?#\s]/g, '') : encode(r.params[i++ % 4]!)))
          .replace(/\*$/, () => encode(r.params[3]!));
        const qs = Object.entries(r.query)
          .map(([k, v]) => `${k}=${encode(v)}`)
          .join('&');
        const url = qs ? `${path}?${qs}` : path;
        const opts: InjectOptions = {
          method: route.method as InjectOptions['method'],
          url,
          headers: r.signedIn ? { cookie: await session() } : {},
        };
        if (route.method !== 'GET' && route.method !== 'DELETE') {
          if (r.rawBody !== undefined) {
            opts.payload = r.rawBody;
            opts.headers = { ...opts.headers, 'content-type': 'application/json' };
          } else if (r.body !== undefined) {
            opts.payload = JSON.stringify(r.body);
            opts.headers = { ...opts.headers, 'content-type': 'application/json' };
          }
        }
        let res;
        try {
          res = await t.app.inject(opts);
        } catch (e) {
          // light-my-request refuses some URLs itself (never reaching the server): not a server answer.
          if (e instanceof TypeError || e instanceof URIError) return;
          throw e;
        }
        if (r.signedIn && (/logout|\/v1\/me$/.test(path) || res.statusCode === 401)) cookie = '';
        const where = `${route.method} ${url} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, where).toBeLessThan(500);
        if (process.env.FUZZ_LOG) console.log(where);
        if (!url.startsWith('/api')) return;
        const json = res.json() as Record<string, unknown>;
        // The image host answers in its own (the third-party host's) shape, by contract.
        if (path.startsWith('/api/v1/images')) {
          expect(json.success, where).toBe(false);
          return;
        }
        expect(Object.keys(json).sort(), where).toEqual(['error', 'result', 'status']);
        expect(json.status, where).toBe(res.statusCode);
        if (res.statusCode >= 400) expect((json.error as { messageTranslated: string }).messageTranslated, where).toMatch(/[가-힣]/);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  }, 600_000);
});
