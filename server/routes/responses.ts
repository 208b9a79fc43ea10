import { Type, type TSchema } from 'typebox';
import { EnvelopeSchema } from '../../common/api';

/*
 * The response declarations routes share (issue 24 item 5). The result shapes themselves live in common/api, where
 * the browser's types come from too. Fastify serializes a declared JSON answer with fast-json-stringify, which drops
 * every property its schema does not name: a result schema names every field the handler sends.
 */

/** A JSON answer: 200 with the envelope around `result`. */
export const answer = <T extends TSchema>(result: T) => ({ 200: EnvelopeSchema(result) });

/** The envelope with a null result: a refusal (`error` set), or a success that has nothing to say. */
export const NullEnvelope = EnvelopeSchema(Type.Null());

/** An answer whose result is always null (logged out, account deleted): still the envelope, `result: null`. */
export const NullAnswer = { 200: NullEnvelope };

/** A redirect (302): no body; where to go is the Location header. */
export const RedirectAnswer = { 302: { description: 'Redirect: no body, the Location header says where.', type: 'null' } } as const;

/**
 * A Server-Sent Events stream: 200 with text/event-stream, written by the route itself after it hijacks the reply, so
 * no serializer ever runs on it; the body is a text of `event:`/`data:` lines (events/EventStreams.ts says which).
 */
export const EventStreamAnswer = {
  200: { description: 'A Server-Sent Events stream.', content: { 'text/event-stream': { schema: { type: 'string' } } } },
} as const;

/** A JSON answer (the envelope around `result`) or, when the caller asked for CSV, a CSV text (sent as is). */
export const jsonOrCsvAnswer = <T extends TSchema>(result: T) => ({
  200: {
    description: 'The envelope around the result, or the CSV text (format=csv).',
    content: { 'application/json': { schema: EnvelopeSchema(result) }, 'text/csv': { schema: { type: 'string' } } },
  },
});
