import { ko } from '../i18n/ko';

/** Error classes the client acts on (SPEC §4, §8). */
export const AUTH_ERR = {
  accessTokenInvalid: 'access_token_invalid',
  requiresLogin: 'requires_login',
} as const;

/** Why a call failed on the client side, when the server gave no envelope error. */
export type ClientFailure = 'network' | 'timeout' | 'cancelled' | 'bad_response';

/**
 * A failed call. `errClazz` is the server's error class, or null when the failure happened on
 * the client side (network, timeout, cancellation, unreadable response): see `failure`.
 */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly errClazz: string | null,
    readonly messageTranslated: string,
    readonly failure: ClientFailure | null = null,
    message?: string,
  ) {
    super(message ?? messageTranslated);
    this.name = 'ApiClientError';
  }

  /** A client-side failure with the default Korean message. */
  static client(failure: ClientFailure, status = 0, message?: string): ApiClientError {
    return new ApiClientError(status, null, ko.defaultError, failure, message ?? failure);
  }

  /** True when the server answered with an error class (queries do not retry those). */
  get fromServer(): boolean {
    return this.errClazz != null;
  }

  /** True when the server could not be reached or failed on its side: a change may be retried later. */
  get unreachable(): boolean {
    if (this.failure === 'network' || this.failure === 'timeout' || this.failure === 'bad_response') return true;
    return this.status >= 500 && this.status !== 501;
  }
}

/** Any thrown value as an ApiClientError (unknown throwables become the default client error). */
export function asApiClientError(e: unknown): ApiClientError {
  if (e instanceof ApiClientError) return e;
  return ApiClientError.client('network', 0, e instanceof Error ? e.message : String(e));
}
