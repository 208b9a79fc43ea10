import { ApiError, Messages } from '../http/errors';

/** Nickname length bounds, counted in characters (code points) after trimming. */
export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 16;
/** Korean message of a nickname someone else already uses. */
export const nicknameTakenMessage = '이미 사용 중인 닉네임입니다.';

/** The trimmed nickname, or a 400 with a Korean message: not blank, 2..16 characters, no control characters. */
export function validNickname(raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '') throw ApiError.badRequest(Messages.nicknameEmpty, 'nickname is empty');
  const nickname = raw.normalize('NFC').trim();
  const length = [...nickname].length;
  if (length < NICKNAME_MIN || length > NICKNAME_MAX) {
    throw ApiError.badRequest(`닉네임은 ${NICKNAME_MIN}~${NICKNAME_MAX}자로 입력해 주세요.`, 'nickname length');
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/.test(nickname)) {
    throw ApiError.badRequest('닉네임에 사용할 수 없는 문자가 있습니다.', 'nickname has control characters');
  }
  return nickname;
}

/** True for a unique-index violation (PostgreSQL and PGlite both report SQLSTATE 23505). */
export function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';
}
