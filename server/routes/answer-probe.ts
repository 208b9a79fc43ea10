// Test support: is a route's declared response schema whole? Fastify serializes a declared answer with
// fast-json-stringify, which silently drops every property the schema does not name. The probe keeps what each
// handler handed over (a preSerialization hook added to every /api route through testApp's onRoute), so a test
// compares it with what went out on the wire, and checks the wire against the result's shared schema (the
// browser's type is its Static).
import type { LightMyRequestResponse } from 'fastify';
import type { preSerializationHookHandler, RouteOptions } from 'fastify';
import { expect } from 'vitest';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { EnvelopeSchema } from '../../common/api';

/** A probe to pass to testApp/seededApp as `onRoute`, and its check. */
export function answerProbe() {
  let handed: { url: string; payload: unknown } | null = null;
  const keep: preSerializationHookHandler = (request, _reply, payload, done) => {
    // As JSON would carry it (undefined properties left out), before the route's serializer sees it.
    handed = { url: request.url, payload: JSON.parse(JSON.stringify(payload)) as unknown };
    done(null, payload);
  };
  return {
    onRoute(r: RouteOptions): void {
      if (!r.url.startsWith('/api/')) return;
      const own = r.preSerialization;
      r.preSerialization = [...(own ? ([] as preSerializationHookHandler[]).concat(own as preSerializationHookHandler) : []), keep];
    },
    /**
     * The JSON answer `res` is exactly what its handler returned (its schema dropped or changed nothing) and its
     * result is of `result`'s shape (every field the client's type has, of its type). Answers the result.
     */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the result field by field
    whole(res: LightMyRequestResponse, result: TSchema): any {
      const sent: unknown = res.json();
      expect(handed, `no handler answer was seen for ${res.statusCode}`).not.toBeNull();
      expect(sent, `the schema of ${handed!.url} changed the answer`).toEqual(handed!.payload);
      handed = null;
      const errors = [...Value.Errors(EnvelopeSchema(result), sent)].map((e) => `${e.instancePath} ${e.message}`);
      expect(errors).toEqual([]);
      return (sent as { result: unknown }).result;
    },
  };
}
