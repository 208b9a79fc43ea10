import { describe, expect, it } from 'vitest';
import { filterCategoryGroups, tagNamesByCategory } from './category-search';
import { koreanMatch } from './search-text';

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
