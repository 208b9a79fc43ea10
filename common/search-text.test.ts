import { describe, expect, it } from 'vitest';
import { matchRange, pinNumberOf, searchKey } from './search-text';

describe('search text', () => {
  it('keys ignore case, accents and spacing, and keep Hangul whole', () => {
    expect(searchKey('보물 상자')).toBe('보물상자');
    expect(searchKey('Rương Báu')).toBe('ruongbau');
    expect(searchKey('ĐẢO')).toBe('dao');
  });

  it('finds where a query matches in the original text, for highlighting', () => {
    const text = '보급 상자 · 보물 상자 옆';
    const at = matchRange(text, '보물상자')!;
    expect(text.slice(at[0], at[1])).toBe('보물 상자');
    const v = 'Tìm Rương Báu';
    const r = matchRange(v, 'ruong bau')!;
    expect(v.slice(r[0], r[1])).toBe('Rương Báu');
    expect(matchRange('다리 밑', '동굴')).toBeNull();
  });

  it('reads a pin number as the pin page writes it', () => {
    for (const q of ['16654', '#16654', '핀 16654', '핀 번호 16654', '16654번', ' 핀번호16654 ']) expect(pinNumberOf(q), q).toBe(16654);
    for (const q of ['보물 16654', '0', '99999999999', '핀 번호']) expect(pinNumberOf(q), q).toBeNull();
  });
});
