import { describe, expect, it } from 'vitest';
import { ALL_PINS_LEVEL, LEVEL_COUNT, cellWorldSize, levelForZoom, levelWithHysteresis, levelZoom } from './pin-levels';

describe('pin layout levels', () => {
  it('maps each zoom to the level whose range holds it, clamped at both ends', () => {
    expect(levelForZoom(1 / 64)).toBe(0);
    expect(levelForZoom(1 / 128)).toBe(0);
    expect(levelForZoom(1)).toBe(6);
    expect(levelForZoom(1.99)).toBe(6);
    expect(levelForZoom(2)).toBe(7);
    expect(levelForZoom(64)).toBe(LEVEL_COUNT - 1);
    expect(ALL_PINS_LEVEL).toBe(LEVEL_COUNT - 1);
    for (let k = 0; k < LEVEL_COUNT; k++) expect(levelForZoom(levelZoom(k))).toBe(k);
  });

  it('nests cells: each level halves the cell of the level below within a style', () => {
    expect(cellWorldSize(7)).toBe(cellWorldSize(6) / 2);
    expect(cellWorldSize(1)).toBe(cellWorldSize(0) / 2);
  });

  it('keeps the drawn level while the zoom rests near a boundary, and changes it once past', () => {
    const boundary = levelZoom(6); // zoom 1: levels 5 and 6 meet
    // Zooming in from level 5: just past the boundary stays at 5 ...
    expect(levelWithHysteresis(boundary * 1.02, 5)).toBe(5);
    // ... and a clear step past it moves to 6.
    expect(levelWithHysteresis(boundary * 1.2, 5)).toBe(6);
    // Zooming out from level 6: just under the boundary stays at 6, well under moves to 5.
    expect(levelWithHysteresis(boundary * 0.98, 6)).toBe(6);
    expect(levelWithHysteresis(boundary * 0.8, 6)).toBe(5);
    // A jump of several levels lands on the zoom's own level.
    expect(levelWithHysteresis(levelZoom(2), 6)).toBe(2);
    // No level yet: the zoom's own.
    expect(levelWithHysteresis(boundary * 1.02, -1)).toBe(6);
  });
});
