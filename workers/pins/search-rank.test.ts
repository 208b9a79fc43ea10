import { describe, expect, it } from 'vitest';
import { compareHits, NO_MATCH, RANK_CATEGORY, RANK_EXACT, RANK_INSIDE, RANK_PREFIX, RANK_WORD, searchRank } from './search-rank';

const pin = (description: string, tags: string[] = [], category = '보물 상자') => ({ description, tags, category });

describe('searchRank', () => {
  it('ranks exact, prefix, word start, inside, then category-only matches', () => {
    expect(searchRank(pin('', ['다리']), '다리')).toBe(RANK_EXACT);
    expect(searchRank(pin('다리 밑에 있습니다.'), '다리')).toBe(RANK_PREFIX);
    expect(searchRank(pin('오래된 다리 밑'), '다리')).toBe(RANK_WORD);
    expect(searchRank(pin('사다리 옆, 다리 위'), '다리')).toBe(RANK_WORD);
    expect(searchRank(pin('사다리 옆'), '다리')).toBe(RANK_INSIDE);
    expect(searchRank(pin('동굴 안'), '상자')).toBe(RANK_CATEGORY);
    expect(searchRank(pin('동굴 안'), '다리')).toBe(NO_MATCH);
  });

  it('orders hits by rank, then round-robin over categories', () => {
    const hits = [
      { rank: RANK_CATEGORY, nth: 0, categoryId: 1, id: 1 },
      { rank: RANK_CATEGORY, nth: 1, categoryId: 1, id: 2 },
      { rank: RANK_CATEGORY, nth: 0, categoryId: 2, id: 10 },
      { rank: RANK_WORD, nth: 0, categoryId: 2, id: 11 },
    ];
    expect(hits.sort(compareHits).map((h) => h.id)).toEqual([11, 1, 10, 2]);
  });
});
