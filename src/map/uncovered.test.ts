import { describe, expect, it } from 'vitest';
import { uncoveredCenter } from './uncovered';

const box = (left: number, top: number, width: number, height: number) => ({
  left,
  top,
  width,
  height,
  right: left + width,
  bottom: top + height,
});

describe('the center of the map a panel leaves visible', () => {
  const map = box(0, 56, 1440, 844);
  it('a side panel on the right: the middle of what is left of it', () => {
    expect(uncoveredCenter(map, box(1040, 56, 400, 844))).toEqual({ x: 520, y: 422 });
  });
  it('a bottom sheet: the middle of the strip above it', () => {
    const phone = box(0, 0, 390, 844);
    expect(uncoveredCenter(phone, box(0, 236, 390, 608))).toEqual({ x: 195, y: 118 });
  });
  it('no panel, a hidden one, or one that leaves too little: the map center', () => {
    expect(uncoveredCenter(map)).toEqual({ x: 720, y: 422 });
    expect(uncoveredCenter(map, box(0, 0, 0, 0))).toEqual({ x: 720, y: 422 });
    expect(uncoveredCenter(map, box(100, 56, 1340, 844))).toEqual({ x: 720, y: 422 });
  });
});
