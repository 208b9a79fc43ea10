import { describe, expect, it } from 'vitest';
import { readUrlView, writeUrlView } from './url-state';

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
});
