import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods, RouteOptions } from 'fastify';
import { testApp } from '../test-helper';

/*
 * Every API route declares the schema of its successful answer (issue 24 item 5), so the shape a client
 * reads is written down once and the serializer keeps to it. Routes are read as Fastify registers them.
 */

/**
 * Routes that do not declare one yet, as `METHOD url`. This list may only shrink: a new route, or one
 * taken off the list, must declare its response schema.
 */
const PENDING = new Set<string>([]);

const routes: { key: string; response: Record<string, unknown> | undefined }[] = [];
let t: Awaited<ReturnType<typeof testApp>>;

beforeAll(async () => {
  t = await testApp(
    {},
    {
      onRoute: (r: RouteOptions) => {
        if (!r.url.startsWith('/api/')) return;
        // WebSocket upgrades (the tracker relay) answer no HTTP body.
        if ((r as RouteOptions & { websocket?: boolean }).websocket) return;
        for (const m of ([] as string[]).concat(r.method as HTTPMethods | HTTPMethods[]))
          if (m !== 'HEAD') routes.push({ key: `${m} ${r.url}`, response: r.schema?.response as Record<string, unknown> | undefined });
      },
    },
  );
});
afterAll(async () => {
  await t?.close();
});

describe('response schemas', () => {
  it('every API route declares the schema of its successful answer', () => {
    expect(routes.length).toBeGreaterThan(50);
    // A redirect's successful answer is its 3xx (no body).
    const success = (r: (typeof routes)[number]) => Object.keys(r.response ?? {}).some((code) => /^([23]\d\d|[23]xx|default)$/.test(code));
    const missing = routes.filter((r) => !PENDING.has(r.key) && !success(r)).map((r) => r.key);
    expect(missing).toEqual([]);
  });

  it('the pending list names only routes that exist and still lack a schema', () => {
    const keys = new Map(routes.map((r) => [r.key, r]));
    for (const key of PENDING) {
      expect(keys.has(key), `${key} is not a route`).toBe(true);
      expect(Object.keys(keys.get(key)!.response ?? {}), `${key} declares its schema now: take it off PENDING`).toEqual([]);
    }
  });
});
