// Test support (issue 24 item 5): a route's response schema must not drop or change what its handler answers.
// Fastify serializes with fast-json-stringify, which leaves out every property the schema does not name and turns a
// null into 0 or "" where the schema forgot that it may be null. The probe keeps, per request, the object a handler
// returned (as JSON.stringify would send it), so a test can compare it with the bytes the client really got, and
// check the wire against the result's shared schema (the browser's type is its Static).
import { afterAll, beforeAll, expect } from 'vitest';
import type { FastifyReply, FastifyRequest, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { EnvelopeSchema } from '../../common/api';
import { seededApp } from '../test-helper';

type Hook = (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;

/** Pass `onRoute` to testApp/seededApp; then `expectLossless(res)` or `whole(res, schema)` after a call. */
export function answerProbe() {
  const handed = new Map<string, unknown>();
  const keep: Hook = async (request, _reply, payload) => {
    handed.set(request.id, JSON.parse(JSON.stringify(payload)));
    return payload;
  };
  const probe = {
    onRoute(route: RouteOptions): void {
      if (!route.url.startsWith('/api/') || !route.schema?.response) return;
      const own = ([] as unknown[]).concat(route.preSerialization ?? []);
      route.preSerialization = [...own, keep] as RouteOptions['preSerialization'];
    },
    /**
     * Asserts that the client got exactly what the handler returned (every field, same values) and answers the parsed
     * body. A binary answer (a Buffer passes the serializer by) has nothing to compare: it fails here.
     */
    expectLossless(res: LightMyRequestResponse): unknown {
      const id = String(res.headers['x-request-id']);
      expect(handed.has(id), `${res.statusCode} ${res.body.slice(0, 200)}: the answer went through no response schema`).toBe(true);
      const body: unknown = res.json();
      expect(body).toStrictEqual(handed.get(id));
      handed.delete(id);
      return body;
    },
    /**
     * The JSON answer `res` is exactly what its handler returned and its result is of `result`'s shape (every field
     * the client's type has, of its type). Answers the result.
     */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the result field by field
    whole(res: LightMyRequestResponse, result: TSchema): any {
      const sent = probe.expectLossless(res);
      const errors = [...Value.Errors(EnvelopeSchema(result), sent)].map((e) => `${e.instancePath} ${e.message}`);
      expect(errors).toEqual([]);
      return (sent as { result: unknown }).result;
    },
  };
  return probe;
}

/**
 * A seeded server (`pins` demo pins) around this test file's tests, with the probe on its routes. `result` makes a call
 * as a player (null: a visitor), expects a 200 that dropped nothing and answers the envelope's result.
 */
export function probedServer(pins = 300) {
  const probe = answerProbe();
  const server = {
    t: null as unknown as Awaited<ReturnType<typeof seededApp>>,
    probe,
    async result(
      user: number | null,
      method: InjectOptions['method'],
      url: string,
      payload?: object,
      headers?: Record<string, string>,
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
    ): Promise<any> {
      const res = await server.t.as(user, {
        method,
        url,
        ...(payload && { payload: payload as InjectOptions['payload'] }),
        ...(headers && { headers }),
      });
      expect(res.statusCode, res.body).toBe(200);
      return (probe.expectLossless(res) as { result: unknown }).result;
    },
  };
  beforeAll(async () => {
    server.t = await seededApp(pins, { onRoute: probe.onRoute });
  }, 120_000);
  afterAll(async () => {
    await server.t?.close();
  });
  return server;
}
