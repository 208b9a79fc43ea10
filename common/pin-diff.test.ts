import { describe, expect, it } from 'vitest';
import { diffPin, isMove, type PinState } from './pin-diff';

const base: PinState = { categoryId: 3, region: 0, coordX: 0, coordY: 0, coordZ: null, description: '다리 밑', image: null, tags: [1, 2] };

describe('diffPin', () => {
  it('says created for a first revision', () => {
    expect(diffPin(null, base)).toEqual([{ field: 'created' }]);
  });

  it('lists a move by its distance, the description, tags and image', () => {
    const after = { ...base, coordX: 5400, coordY: 7200, description: '낙서', image: 'https://evil.example/x.png', tags: [2, 9] };
    const changes = diffPin(base, after);
    expect(changes).toEqual([
      { field: 'position', distance: 9000, from: { x: 0, y: 0 }, to: { x: 5400, y: 7200 } },
      { field: 'description', before: '다리 밑', after: '낙서' },
      { field: 'image', before: null, after: 'https://evil.example/x.png' },
      { field: 'tags', added: [9], removed: [1] },
    ]);
    expect(isMove(changes)).toBe(true);
  });

  it('finds nothing between equal states, and a text edit is no move', () => {
    expect(diffPin(base, { ...base, tags: [1, 2] })).toEqual([]);
    expect(isMove(diffPin(base, { ...base, description: null }))).toBe(false);
  });
});
