// The gesture recogniser's decisions from a press's timestamps and reach.
import { describe, expect, it } from 'vitest';
import { isDrag, isTap, LONG_PRESS_MS, longPressDue, movePress, startPress, TAP_SLOP_PX } from './gesture';

describe('gesture recogniser', () => {
  it('a press that stays within the slop is a tap, however long a mouse holds it', () => {
    const p = startPress(1, 100, 100, 1000, 0, 'mouse');
    movePress(p, 103, 102, 1100);
    expect(isDrag(p)).toBe(false);
    expect(isTap(p)).toBe(true);
    expect(longPressDue(p, 1000 + LONG_PRESS_MS * 4)).toBe(false);
  });

  it('past the slop it is a drag, and stays one when it comes back to where it began', () => {
    const p = startPress(1, 100, 100, 0, 0, 'touch');
    expect(movePress(p, 100 + TAP_SLOP_PX, 100, 10)).toEqual({ dx: TAP_SLOP_PX, dy: 0 });
    expect(isDrag(p)).toBe(true);
    movePress(p, 100, 100, 20);
    expect(isTap(p)).toBe(false);
  });

  it('a touch held still for the long-press time is a long press, decided from its down timestamp', () => {
    const p = startPress(1, 0, 0, 5000, 0, 'touch');
    expect(longPressDue(p, 5000 + LONG_PRESS_MS - 1)).toBe(false);
    expect(longPressDue(p, 5000 + LONG_PRESS_MS)).toBe(true);
    // A finger that wandered twice the slop away is drawing or panning, not pressing.
    const far = startPress(2, 0, 0, 0, 0, 'touch');
    movePress(far, TAP_SLOP_PX * 2, 0, 100);
    expect(longPressDue(far, LONG_PRESS_MS * 2)).toBe(false);
    // Spent: it fired once, and no tap follows it.
    p.spent = true;
    expect(longPressDue(p, 5000 + LONG_PRESS_MS * 2)).toBe(false);
    expect(isTap(p)).toBe(false);
  });

  it('only the primary button taps', () => {
    expect(isTap(startPress(1, 0, 0, 0, 1, 'mouse'))).toBe(false);
  });
});
