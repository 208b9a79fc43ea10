// Test support (issue 24 item 5): a route's response schema must not drop or change what its handler answers.
// Fastify serializes with fast-json-stringify, which leaves out every property the schema does not name and turns a
// null into 0 or "" where the schema forgot that it may be null. The probe keeps, per request, the object a handler
// returned (as JSON.stringify would send it), so a test can compare it with the bytes the client really got.
import { expect } from 'vitest';
import type { FastifyReply, FastifyRequest, LightMyRequestResponse, RouteOptions } from 'fastify';

type Hook = (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;

/** Pass `onRoute` to testApp/seededApp; then `expectLossless(res)` after a call to a route with a response schema. */
export function answerProbe() {
  const handed = new Map<string, unknown>();
  const keep: Hook = async (request, _reply, payload) => {
    handed.set(request.id, JSON.parse(JSON.stringify(payload)));
    return payload;
  };
  return {
    onRoute(route: RouteOptions): void {
      if (!route.schema?.response) return;
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
      return body;
    },
  };
}
