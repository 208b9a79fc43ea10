import { describe, expect, it } from 'vitest';
import { FULL_ICON_LEVEL, SMALL_ICON_LEVEL, levelZoom } from '../../common/pin-levels';
import { LARGE_PIN_FACTOR, pinSizeFactor, styleOfLevel, styleSizeFactor } from './PinLayer';
import { countLabel, ringIndex } from './aggregate-atlas';
import { screenPinScale } from './pin-style';

describe('pin styles by zoom', () => {
  it('draws full icons close, small icons in the middle range and dots far out', () => {
    expect(styleOfLevel(FULL_ICON_LEVEL)).toBe('icon');
    expect(styleOfLevel(FULL_ICON_LEVEL + 2)).toBe('icon');
    expect(styleOfLevel(SMALL_ICON_LEVEL)).toBe('small');
    expect(styleOfLevel(SMALL_ICON_LEVEL - 1)).toBe('dot');
    expect(styleOfLevel(0)).toBe('dot');
    // On screen: a dot is smaller than a small icon, which is smaller than a full icon.
    const dot = pinSizeFactor(levelZoom(0), false);
    const small = pinSizeFactor(levelZoom(SMALL_ICON_LEVEL), false);
    const icon = pinSizeFactor(levelZoom(FULL_ICON_LEVEL), false);
    expect(dot).toBeLessThan(small);
    expect(small).toBeLessThan(icon);
  });

  it('scales all three styles by the enlarged-pin setting', () => {
    for (const style of ['icon', 'small', 'dot'] as const) {
      for (const zoom of [1 / 16, 1 / 2, 1, 4]) {
        expect(styleSizeFactor(style, zoom, true)).toBeCloseTo(styleSizeFactor(style, zoom, false) * LARGE_PIN_FACTOR, 10);
      }
    }
  });
});

describe('aggregate markers', () => {
  it('label counts exactly below 1,000, then in thousands', () => {
    expect(countLabel(7)).toBe('7');
    expect(countLabel(999)).toBe('999');
    expect(countLabel(1000)).toBe('1k');
    expect(countLabel(1250)).toBe('1.2k');
    expect(countLabel(12_345)).toBe('12k');
  });

  it('show an empty ring only with none found and a done ring only with all found', () => {
    const done = ringIndex(5, 5);
    expect(ringIndex(0, 5)).toBe(0);
    expect(ringIndex(1, 1000)).toBeGreaterThan(0);
    expect(ringIndex(999, 1000)).toBeLessThan(done);
    expect(ringIndex(1000, 1000)).toBe(done);
    expect(ringIndex(2, 4)).toBeGreaterThan(ringIndex(1, 4));
  });
});

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
