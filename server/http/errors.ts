/** Error classes (errClazz) of the envelope. The first two are the spec's; the rest are ours. */
export const ErrClazz = {
  accessTokenInvalid: 'access_token_invalid',
  requiresLogin: 'requires_login',
  badRequest: 'bad_request',
  notFound: 'not_found',
  forbidden: 'forbidden',
  conflict: 'conflict',
  rateLimited: 'rate_limited',
  tooLarge: 'too_large',
  unsupportedMedia: 'unsupported_media',
  registrationRequired: 'registration_required',
  accountSuspended: 'account_suspended',
  internal: 'internal_error',
  unavailable: 'service_unavailable',
} as const;
export type ErrClazz = (typeof ErrClazz)[keyof typeof ErrClazz];

/** Korean messages shown to players (messageTranslated). */
export const Messages = {
  default: '오류가 발생했습니다.',
  loginRequired: '로그인이 필요합니다.',
  tokenInvalid: '로그인이 만료되었습니다. 다시 로그인해 주세요.',
  nicknameEmpty: '닉네임을 입력해 주세요.',
  coordinatesInvalid: '좌표에 잘못된 값이 입력되었습니다.',
  categoryRequired: '카테고리를 선택해 주세요.',
  badRequest: '요청 형식이 올바르지 않습니다.',
  notFound: '요청한 내용을 찾을 수 없습니다.',
  forbidden: '권한이 없습니다.',
  rateLimited: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
  tooLarge: '요청이 너무 큽니다.',
  internal: '서버에 문제가 발생했습니다. 잠시 후 다시 시도해 주세요.',
  unavailable: '데이터베이스에 잠시 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.',
} as const;

/** A client-visible failure: becomes `{status, error: {message, messageTranslated, errClazz}, result: null}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errClazz: ErrClazz,
    readonly messageTranslated: string,
    message?: string,
  ) {
    super(message ?? messageTranslated);
    this.name = 'ApiError';
  }

  static badRequest(messageTranslated: string = Messages.badRequest, message?: string) {
    return new ApiError(400, ErrClazz.badRequest, messageTranslated, message);
  }
  static notFound(messageTranslated: string = Messages.notFound, message?: string) {
    return new ApiError(404, ErrClazz.notFound, messageTranslated, message);
  }
  static forbidden(messageTranslated: string = Messages.forbidden, message?: string) {
    return new ApiError(403, ErrClazz.forbidden, messageTranslated, message);
  }
  static conflict(messageTranslated: string, message?: string) {
    return new ApiError(409, ErrClazz.conflict, messageTranslated, message);
  }
  static requiresLogin() {
    return new ApiError(401, ErrClazz.requiresLogin, Messages.loginRequired, 'login required');
  }
  static accessTokenInvalid(message = 'access token invalid') {
    return new ApiError(401, ErrClazz.accessTokenInvalid, Messages.tokenInvalid, message);
  }
}
