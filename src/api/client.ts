import { Envelope as WireEnvelope, PROTOBUF_MEDIA_TYPE } from '../../proto';
import { ko } from '../i18n/ko';
import { notify } from '../state/notices';
import { AUTH_ERR, ApiClientError } from './errors';

export { ApiClientError } from './errors';

/** Request timeout (SPEC §9). */
export const REQUEST_TIMEOUT_MS = 50_000;
/** The refresh call (SPEC §7): empty body, response not read. */
export const REFRESH_PATH = '/api/v1/auth/refresh';

/** Per-call options. */
export interface RequestOptions {
  /** Do not toast a first-attempt error (the caller shows it its own way). */
  suppressToast?: boolean;
  signal?: AbortSignal;
}

/** Options of a protobuf call. */
export interface ProtoOptions<T> extends RequestOptions {
  /** Reads the JSON result of the retry after a refresh (the spec retries as a normal JSON request). */
  fromJson?: (result: unknown) => T;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type JsonEnvelope = { status: number; error: { message?: string; messageTranslated?: string; errClazz?: string } | null; result: unknown };

let baseHost = '';
/** Sets the API base host ('' = same origin, the default). */
export function setApiBaseHost(host: string): void {
  baseHost = host.replace(/\/$/, '');
}
/** The API base host in use. */
export function apiBaseHost(): string {
  return baseHost;
}

const loggedOutHandlers = new Set<() => void | Promise<void>>();
/** Registers what logged-out handling does (the data layer resets `me` and the user's state). */
export function onLoggedOut(handler: () => void | Promise<void>): () => void {
  loggedOutHandlers.add(handler);
  return () => loggedOutHandlers.delete(handler);
}
async function runLoggedOut(): Promise<void> {
  for (const h of [...loggedOutHandlers]) {
    try {
      await h();
    } catch (e) {
      console.error('logged-out handler failed', e);
    }
  }
}

let refreshing: Promise<void> | null = null;
/** One refresh shared by every call that failed with access_token_invalid meanwhile. */
export function refreshSession(): Promise<void> {
  refreshing ??= (async () => {
    try {
      const res = await fetch(`${baseHost}${REFRESH_PATH}`, {
        method: 'POST',
        credentials: 'include',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      // The answer is not used (SPEC §7), but drained so the connection is free for the retry.
      await res.arrayBuffer();
    } catch {
      // The retry tells what happened: it fails with access_token_invalid or requires_login.
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

const reachabilityListeners = new Set<(reachable: boolean) => void>();
/** Called with false when a call could not reach the server (network, timeout, gateway error), true when one did. */
export function onReachability(listener: (reachable: boolean) => void): () => void {
  reachabilityListeners.add(listener);
  return () => reachabilityListeners.delete(listener);
}
function reachability(reachable: boolean): void {
  for (const l of [...reachabilityListeners]) l(reachable);
}

async function send(method: Method, path: string, body: unknown, signal: AbortSignal | undefined, accept: string): Promise<Response> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const headers: Record<string, string> = { Accept: accept };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    const res = await fetch(`${baseHost}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    // A proxy in front of a stopped server answers 502-504: that is an outage too.
    reachability(res.status < 502 || res.status > 504);
    return res;
  } catch (e) {
    const failure = failureOf(e, timeout, signal);
    if (failure.failure !== 'cancelled') reachability(false);
    throw failure;
  }
}

function failureOf(e: unknown, timeout: AbortSignal, signal: AbortSignal | undefined): ApiClientError {
  if (timeout.aborted) return ApiClientError.client('timeout');
  if (signal?.aborted) return ApiClientError.client('cancelled');
  return ApiClientError.client('network', 0, e instanceof Error ? e.message : undefined);
}

function errorOf(status: number, env: JsonEnvelope | null): ApiClientError {
  const err = env?.error;
  if (err?.errClazz)
    return new ApiClientError(
      env?.status ?? status,
      err.errClazz,
      err.messageTranslated || err.message || ko.defaultError,
      null,
      err.message,
    );
  return ApiClientError.client('bad_response', status, `HTTP ${status} without an envelope`);
}

async function jsonOnce<T>(method: Method, path: string, body: unknown, signal: AbortSignal | undefined): Promise<T> {
  const res = await send(method, path, body, signal, 'application/json');
  let env: JsonEnvelope | null = null;
  try {
    env = (await res.json()) as JsonEnvelope;
  } catch (e) {
    if (signal?.aborted) throw ApiClientError.client('cancelled');
    if (!(e instanceof SyntaxError)) throw ApiClientError.client('network', res.status);
  }
  if (!res.ok || env == null || env.error != null) throw errorOf(res.status, env);
  return env.result as T;
}

async function protoOnce<T>(path: string, decode: (bytes: Uint8Array) => T, signal: AbortSignal | undefined): Promise<T> {
  const res = await send('GET', path, undefined, signal, PROTOBUF_MEDIA_TYPE);
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes(PROTOBUF_MEDIA_TYPE)) {
    // Errors may come back as the JSON envelope whatever the request accepted.
    let env: JsonEnvelope | null = null;
    try {
      env = (await res.json()) as JsonEnvelope;
    } catch {
      /* not an envelope */
    }
    throw errorOf(res.status, env);
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await res.arrayBuffer());
  } catch {
    throw signal?.aborted ? ApiClientError.client('cancelled') : ApiClientError.client('network', res.status);
  }
  const env = WireEnvelope.decode(bytes);
  if (env.error?.errClazz)
    throw new ApiClientError(
      env.status,
      env.error.errClazz,
      env.error.messageTranslated || env.error.message || ko.defaultError,
      null,
      env.error.message ?? undefined,
    );
  if (!env.result?.value) throw ApiClientError.client('bad_response', res.status, 'empty protobuf result');
  return decode(env.result.value);
}

/** A file the server sent (an export): its bytes and the name it gave it. */
export interface DownloadedFile {
  blob: Blob;
  name: string | null;
}

async function fileOnce(path: string, signal: AbortSignal | undefined): Promise<DownloadedFile> {
  const res = await send('GET', path, undefined, signal, 'application/json, text/csv;q=0.9, */*;q=0.1');
  if (!res.ok) {
    let env: JsonEnvelope | null = null;
    try {
      env = (await res.json()) as JsonEnvelope;
    } catch {
      /* not an envelope */
    }
    throw errorOf(res.status, env);
  }
  try {
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? null;
    return { blob: await res.blob(), name };
  } catch {
    throw signal?.aborted ? ApiClientError.client('cancelled') : ApiClientError.client('network', res.status);
  }
}

/**
 * The auth rule of SPEC §4: access_token_invalid → one shared refresh → one retry as a normal
 * JSON request; the retry failing with access_token_invalid/requires_login → logged-out handling;
 * any other retry error → toast and rethrow; other first-attempt errors → toast (unless
 * suppressed) and rethrow.
 */
async function withAuthRule<T>(first: () => Promise<T>, retry: () => Promise<T>, opts: RequestOptions, read = false): Promise<T> {
  // A read that found no network while the browser says it is offline is not toasted: the offline banner says so once,
  // where every query of an offline start would stack the same error. What the player did (a write) still toasts.
  const toasts = (e: ApiClientError) => e.failure !== 'cancelled' && !(read && e.failure === 'network' && navigator.onLine === false);
  try {
    return await first();
  } catch (e) {
    if (!(e instanceof ApiClientError)) throw e;
    if (e.errClazz !== AUTH_ERR.accessTokenInvalid) {
      if (!opts.suppressToast && toasts(e)) notify({ kind: 'error', message: e.messageTranslated });
      throw e;
    }
  }
  await refreshSession();
  try {
    return await retry();
  } catch (e) {
    if (!(e instanceof ApiClientError)) throw e;
    if (e.errClazz === AUTH_ERR.accessTokenInvalid || e.errClazz === AUTH_ERR.requiresLogin) {
      await runLoggedOut();
    } else if (toasts(e)) {
      notify({ kind: 'error', message: e.messageTranslated });
    }
    throw e;
  }
}

function json<T>(method: Method, path: string, body: unknown, opts: RequestOptions = {}): Promise<T> {
  const once = () => jsonOnce<T>(method, path, body, opts.signal);
  return withAuthRule(once, once, opts, method === 'GET');
}

/** The HTTP client: every call resolves to the envelope's result or throws ApiClientError. */
export const api = {
  get: <T>(path: string, opts?: RequestOptions) => json<T>('GET', path, undefined, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => json<T>('POST', path, body ?? {}, opts),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => json<T>('PUT', path, body ?? {}, opts),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions) => json<T>('PATCH', path, body ?? {}, opts),
  delete: <T>(path: string, body?: unknown, opts?: RequestOptions) => json<T>('DELETE', path, body, opts),
  /** GET of a file (an export) under the same auth rule: its bytes and name; errors are the envelope's. */
  getFile: (path: string, opts: RequestOptions = {}) =>
    withAuthRule(
      () => fileOnce(path, opts.signal),
      () => fileOnce(path, opts.signal),
      opts,
    ),
  /** GET with Accept application/x-protobuf: the binary envelope, then `decode` on the result bytes. */
  getProto: <T>(path: string, decode: (bytes: Uint8Array) => T, opts: ProtoOptions<T> = {}) => {
    const fromJson = opts.fromJson;
    const retry = fromJson
      ? async () => fromJson(await jsonOnce<unknown>('GET', path, undefined, opts.signal))
      : () => protoOnce(path, decode, opts.signal);
    return withAuthRule(() => protoOnce(path, decode, opts.signal), retry, opts, true);
  },
};
