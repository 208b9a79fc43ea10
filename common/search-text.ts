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
