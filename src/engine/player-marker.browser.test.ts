import { afterEach, describe, expect, it } from 'vitest';
import { disposeTestEngines, makeTestEngine, pixel, TEST_H as H, TEST_W as W } from './test-support';

afterEach(disposeTestEngines);

// Sizes in CSS px the marker must reach (it was an 8 px disc with a 20 px arrow).
const PLAYER_DISC = 13;
const PLAYER_TIP = 34;

const isWhite = (p: [number, number, number]) => Math.min(...p) > 200;
const isBlue = (p: [number, number, number]) => Math.abs(p[0] - 0x1f) < 40 && Math.abs(p[1] - 0x6f) < 40 && Math.abs(p[2] - 0xeb) < 40;

describe('the player marker (issue 10: visible on a phone and a 4K stream)', () => {
  it('is a disc about 36 CSS px across with a thick white rim and a long heading arrow', async () => {
    const engine = await makeTestEngine();
    engine.setCamera({ x: 0, y: 0, zoom: 1 });
    engine.setPlayer({ x: 0, y: 0, heading: 0 });
    engine.renderNow();
    const cx = W / 2;
    const cy = H / 2;
    // The disc's blue centre, then its white rim 13 px out on every side (the old marker was 8 px in radius).
    expect(isBlue(pixel(engine, cx, cy))).toBe(true);
    expect(isBlue(pixel(engine, cx + 8, cy))).toBe(true);
    for (const [dx, dy] of [
      [PLAYER_DISC, 0],
      [-PLAYER_DISC, 0],
      [0, PLAYER_DISC],
    ] as const) {
      expect(isWhite(pixel(engine, cx + dx, cy + dy)), `rim at ${dx},${dy}`).toBe(true);
    }
    // The heading arrow reaches well beyond the disc, pointing up for heading 0...
    expect(isWhite(pixel(engine, cx, cy - PLAYER_TIP + 6))).toBe(true);
    expect(isWhite(pixel(engine, cx, cy + PLAYER_TIP - 6))).toBe(false);
    // ...and turns with the heading (90° = east).
    engine.setPlayer({ x: 0, y: 0, heading: 90 });
    engine.renderNow();
    await expect
      .poll(
        () => {
          engine.renderNow();
          return isWhite(pixel(engine, cx + PLAYER_TIP - 6, cy));
        },
        { timeout: 15_000 },
      )
      .toBe(true);
  });
});
