// The nickname rule, one for both sides: the client says it and checks it before asking, the server enforces it.

/** Nickname length bounds, counted in characters (code points) after trimming. */
export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 16;

/** The Korean messages of a nickname the rule refuses. */
export const nicknameMessages = {
  empty: '닉네임을 입력해 주세요.',
  length: `닉네임은 ${NICKNAME_MIN}~${NICKNAME_MAX}자로 입력해 주세요.`,
  characters: '닉네임에 사용할 수 없는 문자가 있습니다.',
} as const;

/** Which rule a nickname breaks, or null when it keeps them all. */
export type NicknameProblem = keyof typeof nicknameMessages;

/** The nickname as it is stored: NFC, trimmed. */
export function normalizeNickname(raw: string): string {
  return raw.normalize('NFC').trim();
}

/** What is wrong with a nickname (not blank, NICKNAME_MIN..NICKNAME_MAX characters, no control or invisible characters), or null. */
export function nicknameProblem(raw: string): NicknameProblem | null {
  const nickname = normalizeNickname(raw);
  if (nickname === '') return 'empty';
  const length = [...nickname].length;
  if (length < NICKNAME_MIN || length > NICKNAME_MAX) return 'length';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/.test(nickname)) return 'characters';
  return null;
}
