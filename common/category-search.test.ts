import { describe, expect, it } from 'vitest';
import { filterCategoryGroups, tagNamesByCategory } from './category-search';
import { koreanMatch, matchRank } from './search-text';

describe('koreanMatch', () => {
  it('finds a name by its initial consonants (초성)', () => {
    expect(koreanMatch('보물 상자', 'ㅂㅅ')).toBe(true);
    expect(koreanMatch('보물 상자', 'ㅂㅁㅅㅈ')).toBe(true);
    expect(koreanMatch('보물 상자', 'ㅁㅅ')).toBe(true);
    expect(koreanMatch('보물 상자', 'ㅅㅂ')).toBe(false);
    expect(koreanMatch('보급 상자', 'ㅂㅁ')).toBe(false);
    // Mixed: a whole syllable then initials.
    expect(koreanMatch('보물 상자', '보ㅁㅅ')).toBe(true);
    expect(koreanMatch('보급 상자', '보ㅁ')).toBe(false);
  });

  it('follows a syllable still being typed', () => {
    // 보물 is typed ㅂ → 보 → 봄 → 보무 → 보물: each step still finds it.
    for (const q of ['ㅂ', '보', '봄', '보무', '보물']) expect(koreanMatch('보물 상자', q), q).toBe(true);
    expect(koreanMatch('닭 둥지', '달')).toBe(true);
    expect(koreanMatch('보급 상자', '봄')).toBe(false);
    // Only the last syllable is half-typed: 봄상 is not 보물 상.
    expect(koreanMatch('보물 상자', '봄상')).toBe(false);
  });

  it('ignores accents, diacritics, case and spacing', () => {
    expect(koreanMatch('Rương Báu', 'ruong')).toBe(true);
    expect(koreanMatch('Rương Báu', 'RUONGBAU')).toBe(true);
    expect(koreanMatch('Đảo Ẩn', 'dao an')).toBe(true);
    expect(koreanMatch('Crème Brûlée', 'creme brulee')).toBe(true);
    expect(koreanMatch('보물 상자', '보물상자')).toBe(true);
    expect(koreanMatch('보물상자', '보물 상자')).toBe(true);
    expect(koreanMatch('보물 상자', '')).toBe(true);
    expect(koreanMatch('보물 상자', '동굴')).toBe(false);
  });
});

describe('filterCategoryGroups', () => {
  const groups = [
    {
      id: 1,
      name: '수집품',
      categories: [
        { id: 10, name: '보물 상자' },
        { id: 11, name: '보급 상자' },
        { id: 12, name: 'Rương' },
      ],
    },
    {
      id: 2,
      name: '광물',
      categories: [
        { id: 20, name: '철광석' },
        { id: 21, name: '수정' },
      ],
    },
  ];
  const tags = tagNamesByCategory([
    { categoryId: 21, tags: [{ name: '층 입구' }] },
    { categoryId: null, tags: [{ name: '공용' }] },
  ]);
  const ids = (q: string) => filterCategoryGroups(groups, q, (id) => tags.get(id) ?? []).flatMap((g) => g.categories.map((c) => c.id));

  it('narrows by name, 초성 and accents, dropping empty groups', () => {
    expect(ids('ㅂㅅ')).toEqual([10, 11]);
    expect(ids('ㅂㅁ')).toEqual([10]);
    expect(ids('ruong')).toEqual([12]);
    expect(filterCategoryGroups(groups, 'ㅊㄱ').map((g) => g.id)).toEqual([2]);
  });

  it("matches a category's own tags, and a group's name keeps the whole group", () => {
    expect(ids('층입구')).toEqual([21]);
    expect(ids('ㅊㅇㄱ')).toEqual([21]);
    // A shared tag names every category, so it names none.
    expect(ids('공용')).toEqual([]);
    expect(ids('광물')).toEqual([20, 21]);
    expect(ids('  ')).toEqual([10, 11, 12, 20, 21]);
  });
});

describe('ranked results', () => {
  // In catalogue order a substring match came first: 황금 보물 상자 (group 1) before 보물 상자 (group 2).
  const groups = [
    {
      id: 1,
      name: '수집품',
      categories: [
        { id: 10, name: '황금 보물 상자' },
        { id: 11, name: '숨은 보물' },
        { id: 12, name: '보물 지도' },
      ],
    },
    {
      id: 2,
      name: '상자',
      categories: [
        { id: 20, name: '보물' },
        { id: 21, name: '봉인된 상자' },
      ],
    },
    { id: 3, name: '기타', categories: [{ id: 30, name: '비밀 상점' }] },
  ];
  const tags = new Map([[30, ['보물 안내']]]);
  const ids = (q: string) => filterCategoryGroups(groups, q, (id) => tags.get(id) ?? []).flatMap((g) => g.categories.map((c) => c.id));

  it('puts an exact name first, then names that begin with the query, then the rest, then tag matches', () => {
    expect(ids('보물')).toEqual([20, 12, 10, 11, 30]);
  });

  it('ranks 초성 of the first words before 초성 further in', () => {
    // ㅂㅅ: 봉인된 상자 and 비밀 상점 by their words' initials from the start; 황금 보물 상자 further in; 비밀 상점 by name.
    expect(ids('ㅂㅅ')).toEqual([21, 30, 10]);
  });

  it('keeps catalogue order among equals and without a query', () => {
    expect(ids('')).toEqual([10, 11, 12, 20, 21, 30]);
    // ㅅ: 숨은 보물 by its first word, then 초성 further in; the groups 수집품 and 상자 bring 보물 지도 and 보물 along, each
    // last of its group.
    expect(ids('ㅅ')).toEqual([11, 10, 12, 21, 20, 30]);
  });
});

describe('matchRank', () => {
  it('orders exact, prefix, 초성 of the words, anywhere', () => {
    expect(matchRank('보물', '보물')).toBe(0);
    expect(matchRank('보물 상자', '보물')).toBe(1);
    expect(matchRank('보물 상자', 'ㅂㅅ')).toBe(1);
    expect(matchRank('황금 보물 상자', 'ㅂㅅ')).toBe(2);
    expect(matchRank('황금 보물 상자', '보물')).toBe(3);
    expect(matchRank('황금 보물 상자', '동굴')).toBeNull();
  });
});
