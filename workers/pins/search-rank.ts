// Relevance of a pin to a search text: a pure function of the pin's text fields, so the
// worker can rank hits across every loaded category before it pages them.

/** The lower-cased text fields of one pin that search looks at. */
export interface SearchFields {
  description: string;
  category: string;
  tags: readonly string[];
}

/** Relevance ranks, best first; NO_MATCH when the text is not in the pin at all. */
export const RANK_EXACT = 0;
export const RANK_PREFIX = 1;
export const RANK_WORD = 2;
export const RANK_INSIDE = 3;
/** Only the category name matches: every pin of that category does, so these come last. */
export const RANK_CATEGORY = 4;
export const NO_MATCH = -1;

const WORD_BREAK = /[\s.,·:;!?()[\]"'~/-]/;

function rankIn(text: string, needle: string): number {
  const at = text.indexOf(needle);
  if (at < 0) return NO_MATCH;
  if (text === needle) return RANK_EXACT;
  if (at === 0) return RANK_PREFIX;
  if (WORD_BREAK.test(text[at - 1]!)) return RANK_WORD;
  // A later occurrence may still start a word ("다리 밑의 다리").
  for (let i = text.indexOf(needle, at + 1); i > 0; i = text.indexOf(needle, i + 1)) if (WORD_BREAK.test(text[i - 1]!)) return RANK_WORD;
  return RANK_INSIDE;
}

/** How well a pin matches `needle` (lower-cased, trimmed): a RANK_* or NO_MATCH. */
export function searchRank(f: SearchFields, needle: string): number {
  let best = rankIn(f.description, needle);
  for (const t of f.tags) {
    const r = rankIn(t, needle);
    if (r !== NO_MATCH && (best === NO_MATCH || r < best)) best = r;
  }
  if (best !== NO_MATCH) return best;
  return f.category.includes(needle) ? RANK_CATEGORY : NO_MATCH;
}

/** One search hit before it is materialised; `nth` is its place among its category's hits of the same rank. */
export interface SearchHit {
  rank: number;
  nth: number;
  categoryId: number;
  id: number;
}

/**
 * Best first: by rank, then round-robin over categories (the first hit of each category
 * before any second one), so no single category fills the first page.
 */
export function compareHits(a: SearchHit, b: SearchHit): number {
  return a.rank - b.rank || a.nth - b.nth || a.categoryId - b.categoryId || a.id - b.id;
}
