import { ApiError } from '../http/errors';
import { nicknameMessages, nicknameProblem, normalizeNickname } from '../../common/nickname';

/** Korean message of a nickname someone else already uses. */
export const nicknameTakenMessage = '이미 사용 중인 닉네임입니다.';

/** The trimmed nickname, or a 400 with a Korean message: the rule of common/nickname.ts. */
export function validNickname(raw: unknown): string {
  const problem = typeof raw === 'string' ? nicknameProblem(raw) : 'empty';
  if (problem) throw ApiError.badRequest(nicknameMessages[problem], `nickname ${problem}`);
  return normalizeNickname(raw as string);
}

/** True for a unique-index violation (PostgreSQL and PGlite both report SQLSTATE 23505). */
export function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';
}
