// The one notion of "matches" that search uses, on the server (SQL) and in the client (highlights):
// case-, accent- and spacing-insensitive, so `보물상자` finds `보물 상자` and `ruong` finds `Rương`.

const MARKS = /[\u0300-\u036f]/g;
const SPACE = /\s+/g;

/**
 * The search key of a text: accents stripped (NFD, combining marks removed, back to NFC so Hangul
 * stays whole syllables), lower case, đ as d, all white space removed. The database computes the
 * same key with SEARCH_KEY_SQL (server/repos/search.ts); a test keeps the two in step.
 */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(MARKS, '').normalize('NFC').toLowerCase().replace(/đ/g, 'd').replace(SPACE, '');
}

/**
 * The pin number a query names, or null: `16654`, `#16654`, `핀 16654`, `핀 번호 16654`, `16654번`
 * (as the pin page shows it: `핀 번호 16654`).
 */
export function pinNumberOf(q: string): number | null {
  const m = /^(?:핀\s*(?:번호)?\s*)?#?\s*(\d{1,9})\s*(?:번)?$/.exec(q.trim());
  if (!m) return null;
  const n = Number(m[1]);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}

/**
 * Where the key of `q` occurs in `text`, as a [start, end) range of `text`, or null: lets the
 * page highlight `보물 상자` for the query `보물상자`, or `Rương` for `ruong`.
 */
export function matchRange(text: string, q: string): [number, number] | null {
  const needle = searchKey(q);
  if (!needle) return null;
  // The key of each character of text, and where in text it came from.
  let key = '';
  const from: number[] = [];
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    const k = searchKey(ch);
    for (let j = 0; j < k.length; j++) from.push(i);
    key += k;
    i += ch.length;
  }
  const at = key.indexOf(needle);
  if (at < 0) return null;
  const start = from[at]!;
  const lastFrom = from[at + needle.length - 1]!;
  return [start, lastFrom + String.fromCodePoint(text.codePointAt(lastFrom)!).length];
}

// Hangul syllables are 0xAC00 + (initial × 21 + medial) × 28 + final.
const SYLLABLE_FIRST = 0xac00;
const SYLLABLE_LAST = 0xd7a3;
/** The 19 initial consonants as a keyboard types them alone (compatibility jamo), in syllable order. */
const INITIALS = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
/** The 27 finals (index 1..27; 0 is none), as compatibility jamo. */
const FINALS = ' ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ';
/** A compound final's first consonant (ㄺ → ㄹ): `닭` is typed through `달`. */
const FINAL_HEAD: Record<string, string> = {
  ㄳ: 'ㄱ',
  ㄵ: 'ㄴ',
  ㄶ: 'ㄴ',
  ㄺ: 'ㄹ',
  ㄻ: 'ㄹ',
  ㄼ: 'ㄹ',
  ㄽ: 'ㄹ',
  ㄾ: 'ㄹ',
  ㄿ: 'ㄹ',
  ㅀ: 'ㄹ',
  ㅄ: 'ㅂ',
};

interface Syllable {
  initial: string;
  /** initial × 21 + medial: equal for syllables that differ only in their final. */
  body: number;
  final: string;
}

function syllable(ch: string): Syllable | null {
  const c = ch.charCodeAt(0) - SYLLABLE_FIRST;
  if (c < 0 || c > SYLLABLE_LAST - SYLLABLE_FIRST) return null;
  return { initial: INITIALS[Math.floor(c / 588)]!, body: Math.floor(c / 28), final: FINALS[c % 28]!.trim() };
}

/** Whether query character `q` matches text character `t` (`next` follows it), `last` when `q` ends the query. */
function charMatches(q: string, t: string, next: string | undefined, last: boolean): boolean {
  if (q === t) return true;
  const ts = syllable(t);
  if (!ts) return false;
  // 초성: a lone consonant stands for any syllable it begins (ㅂㅅ → 보물 상자).
  if (INITIALS.includes(q)) return ts.initial === q;
  if (!last) return false;
  // The syllable still being typed: `보` (→ 봄), `봄` whose final becomes the next initial (→ 보물), `달` (→ 닭).
  const qs = syllable(q);
  if (!qs || qs.body !== ts.body) return false;
  if (!qs.final) return true;
  if (FINAL_HEAD[ts.final] === qs.final) return true;
  return !ts.final && next !== undefined && syllable(next)?.initial === qs.final;
}

/** The initial consonant of each word's first syllable (`보물 상자` → `ㅂㅅ`); other words keep their first character. */
function wordInitials(text: string): string {
  return text
    .split(SPACE)
    .filter(Boolean)
    .map((w) => {
      const first = searchKey(String.fromCodePoint(w.codePointAt(0)!));
      return syllable(first)?.initial ?? first;
    })
    .join('');
}

/**
 * Whether `q` matches `text` as a Korean player types it: searchKey's folding (case, accents, spacing), plus
 * 초성, of the syllables in a row (`ㅁㅅ`, `보ㅁㅅ`) or of the words (`ㅂㅅ` finds `보물 상자`), and the last
 * syllable half-typed (`보무` on the way to `보물`). An empty query matches everything.
 */
export function koreanMatch(text: string, q: string): boolean {
  const key = searchKey(q);
  const needle = [...key];
  if (needle.length === 0) return true;
  if (needle.every((c) => INITIALS.includes(c)) && wordInitials(text).includes(key)) return true;
  const hay = [...searchKey(text)];
  for (let i = 0; i + needle.length <= hay.length; i++) {
    let j = 0;
    while (j < needle.length && charMatches(needle[j]!, hay[i + j]!, hay[i + j + 1], j === needle.length - 1)) j++;
    if (j === needle.length) return true;
  }
  return false;
}

/**
 * How well `q` names `text`, for ordering what koreanMatch finds: 0 the same (after folding), 1 from the start
 * (a prefix, or 초성 of the first words: `ㅂㅅ` → `보물 상자`), 2 초성 of later words (`ㅂㅅ` → `황금 보물 상자`),
 * 3 anywhere else; null when it does not match. An empty query ranks everything 0.
 */
export function matchRank(text: string, q: string): 0 | 1 | 2 | 3 | null {
  const key = searchKey(q);
  if (!key) return 0;
  const hayKey = searchKey(text);
  if (hayKey === key) return 0;
  const needle = [...key];
  if (needle.every((c) => INITIALS.includes(c))) {
    const words = wordInitials(text);
    if (words.startsWith(key)) return 1;
    if (words.includes(key)) return 2;
  }
  const hay = [...hayKey];
  for (let i = 0; i + needle.length <= hay.length; i++) {
    let j = 0;
    while (j < needle.length && charMatches(needle[j]!, hay[i + j]!, hay[i + j + 1], j === needle.length - 1)) j++;
    if (j === needle.length) return i === 0 ? 1 : 3;
  }
  return null;
}
