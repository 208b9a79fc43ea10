import type { ErrClazz } from './errors';

/** The JSON response envelope of every call (SPEC §3). */
export interface Envelope<T> {
  status: number;
  error: { message: string; messageTranslated: string; errClazz: ErrClazz | string } | null;
  result: T | null;
}

export function ok<T>(result: T, status = 200): Envelope<T> {
  return { status, error: null, result };
}

export function fail(status: number, errClazz: ErrClazz | string, messageTranslated: string, message = messageTranslated): Envelope<never> {
  return { status, error: { message, messageTranslated, errClazz }, result: null };
}
