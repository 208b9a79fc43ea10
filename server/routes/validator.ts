import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';

const NUMERIC = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/** Path and query values arrive as text: numbers and booleans are read exactly, nothing is truncated. */
function fromText(schema: TSchema, data: unknown): unknown {
  if (data === null || typeof data !== 'object') return data;
  const props = (schema as { properties?: Record<string, { type?: string }> }).properties ?? {};
  const out: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  for (const [key, v] of Object.entries(out)) {
    const type = props[key]?.type;
    if (typeof v !== 'string') continue;
    if ((type === 'integer' || type === 'number') && NUMERIC.test(v)) out[key] = Number(v);
    else if (type === 'boolean' && (v === 'true' || v === 'false')) out[key] = v === 'true';
  }
  return out;
}

/**
 * Schema validation of the data routes by TypeBox itself. Bodies are checked strictly (no type
 * coercion: `{check: null}` must not become "uncheck"); path and query strings, which are text
 * by nature, are converted to the schema's types first. Defaults are filled in both.
 */
export const typeboxValidator: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const validator = Compile(schema);
  const convert = httpPart !== 'body';
  return (data: unknown) => {
    let value = data;
    if (convert) value = fromText(schema, value);
    if (value !== null && typeof value === 'object') value = Value.Default(schema, value);
    if (validator.Check(value)) return { value };
    const first = validator.Errors(value)[0];
    const where = first?.instancePath || httpPart || '';
    const error = Object.assign(new Error(`${where} ${first?.message ?? 'is invalid'}`.trim()), { validation: first ? [first] : [] });
    return { error };
  };
};
