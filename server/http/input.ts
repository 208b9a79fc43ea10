import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';

/** Korean message of text the database cannot store (a NUL character or a broken surrogate pair). */
export const unstorableTextMessage = '입력한 글에 사용할 수 없는 문자가 있습니다.';

/** Smallest normal float4 (PostgreSQL `real`): a non-zero number closer to 0 underflows. */
export const FLOAT4_MIN_NORMAL = 1.1754943508222875e-38;
/** Largest float4. */
export const FLOAT4_MAX = 3.4028234663852886e38;

/** True when `v` fits a PostgreSQL `real` column without overflow or underflow. */
export function fitsFloat4(v: number): boolean {
  const a = Math.abs(v);
  return Number.isFinite(v) && (a === 0 || (a >= FLOAT4_MIN_NORMAL && a <= FLOAT4_MAX));
}

// NUL, a high surrogate not followed by a low one, or a low one not preceded by a high one.
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first string (key or value) anywhere in `v` that PostgreSQL text cannot hold, if any. */
export function findUnstorableText(v: unknown, depth = 0): string | null {
  if (typeof v === 'string') return UNSTORABLE.test(v) ? v : null;
  if (v === null || typeof v !== 'object' || depth > 32) return null;
  for (const [k, item] of Object.entries(v)) {
    const bad = findUnstorableText(k, depth + 1) ?? findUnstorableText(item, depth + 1);
    if (bad !== null) return bad;
  }
  return null;
}

/**
 * A NUL or a lone surrogate in any body, query or path value is the client's mistake: PostgreSQL
 * refuses it (22021), which would otherwise surface as a 500. Checked once for every API route.
 */
export function rejectUnstorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      if (findUnstorableText(part) !== null) throw ApiError.badRequest(unstorableTextMessage, 'text contains NUL or a lone surrogate');
    }
  });
}

/** SQLSTATE class 22 (data exception: bad encoding, out of range…) comes from what the client sent. */
export function isDataException(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}
