import { describe, expect, it } from 'vitest';
import { screenPinScale } from './pin-style';

describe('screenPinScale', () => {
  it('keeps CSS size up to a 1080p screen and doubles it on a 4K one at 100 % scaling', () => {
    expect(screenPinScale(390, 844)).toBe(1);
    expect(screenPinScale(1440, 900)).toBe(1);
    expect(screenPinScale(1920, 1080)).toBe(1);
    expect(screenPinScale(2560, 1440)).toBeCloseTo(4 / 3);
    expect(screenPinScale(3840, 2160)).toBe(2);
    // Portrait, and an ultra-wide screen only as tall as 1080p.
    expect(screenPinScale(2160, 3840)).toBe(2);
    expect(screenPinScale(5120, 1440)).toBeCloseTo(4 / 3);
    expect(screenPinScale(7680, 4320)).toBe(2);
  });
});
