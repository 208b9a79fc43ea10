import { describe, expect, it } from 'vitest';
import { searchPins } from './search-pages';
import type { PinRecord } from '../../workers/pins/api';

const pin = (id: number) => ({ id }) as PinRecord;

describe('searchPins', () => {
  it('lists each pin once when a page was ranked over a larger loaded set than the one before it', () => {
    // Page 1 came before a category finished loading, page 2 after: the ranking moved by two.
    const pages = [{ pins: [1, 2, 3, 4].map(pin), total: 8 }, { pins: [3, 4, 5, 6].map(pin), total: 10 }];
    expect(searchPins(pages).map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('keeps the order of the pages', () => {
    expect(searchPins([{ pins: [pin(9), pin(2)] }, { pins: [pin(5)] }]).map((p) => p.id)).toEqual([9, 2, 5]);
    expect(searchPins(undefined)).toEqual([]);
  });
});
