import { describe, expect, it } from 'vitest';
import { readUrlFilters, readUrlView, writeUrlFilters, writeUrlView } from './url-state';

describe('url view', () => {
  it('round-trips region and camera through the query string', () => {
    const q = writeUrlView('?foo=1', 2, { x: 7240.4, y: 5810.6, zoom: 0.5 });
    expect(q).toBe('?foo=1&r=2&x=7240&y=5811&z=0.5');
    expect(readUrlView(q)).toEqual({ region: 2, camera: { x: 7240, y: 5811, zoom: 0.5 } });
  });
  it('ignores an unknown region and a half camera', () => {
    expect(readUrlView('?r=9&x=5')).toEqual({ region: null, camera: null });
    expect(readUrlView('?r=abc')).toEqual({ region: null, camera: null });
  });
  it('round-trips categories, floor and highlighted tags (what the sender saw)', () => {
    const q = writeUrlFilters('?r=0&x=1&y=2&z=1', { categories: [3, 1], floor: -1, tags: [12, 7] });
    expect(readUrlFilters(q)).toEqual({ categories: [3, 1], floor: -1, tags: [12, 7] });
    expect(readUrlView(q)).toEqual({ region: 0, camera: { x: 1, y: 2, zoom: 1 } });
    // The base floor and no tags: said explicitly, so the receiver's own choice does not leak in.
    expect(readUrlFilters(writeUrlFilters('', { categories: [], floor: null, tags: [] }))).toEqual({
      categories: [],
      floor: null,
      tags: [],
    });
  });
  it('leaves filters alone when a link has none, and drops junk ids', () => {
    expect(readUrlFilters('?r=0')).toEqual({ categories: undefined, floor: undefined, tags: undefined });
    expect(readUrlFilters('?c=1,x,-3,2&f=abc&t=')).toEqual({ categories: [1, 2], floor: undefined, tags: [] });
  });
});
