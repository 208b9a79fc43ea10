// Pins on a real engine in Chromium (WebGL): where they are drawn and picked, how their flags
// look in pixels (found, other floor, highlighted), and the worker's layout levels.
import { afterEach, describe, expect, it } from 'vitest';
import { disposeTestEngines, hex, makeTestEngine, pins, pixel, TEST_H as H, TEST_W as W } from './test-support';
import { iconColor } from './icons';
import { pinSizeFactor } from './PinLayer';
import { FIRST_PINS_MARK, PinFlag } from './types';

afterEach(disposeTestEngines);

describe('MapEngine pins in Chromium (WebGL)', () => {
  it('draws a pin at its coordinate: pickAt finds it and its pixels are its icon colour', async () => {
    const engine = await makeTestEngine();
    performance.clearMarks(FIRST_PINS_MARK);
    engine.setCamera({ x: 100, y: 200, zoom: 1 });
    engine.renderNow();
    expect(performance.getEntriesByName(FIRST_PINS_MARK)).toHaveLength(0);
    engine.setPins(
      pins([
        { id: 42, x: 100, y: 200, icon: 4 },
        { id: 7, x: 400, y: 200, icon: 9 },
      ]),
    );
    engine.renderNow();
    // The first frame with pins is marked once, for start-up timings.
    expect(performance.getEntriesByName(FIRST_PINS_MARK).map((m) => (m as PerformanceMark).detail)).toEqual([{ pins: 2 }]);
    // The marker's tip is at the coordinate (screen centre); its disc is above it.
    const f = pinSizeFactor(1, false);
    expect(engine.pickAt(W / 2, H / 2 - 10 * f)).toBe(42);
    expect(engine.pickAt(W / 2, H / 2 + 12)).toBeNull(); // below the tip
    expect(engine.pickAt(W / 2 + 300, H / 2 - 10)).toBe(7);
    // Cell point (10, 7) of the 32-unit icon: inside the disc, outside the plus glyph.
    const px = pixel(engine, W / 2 + (10 - 16) * f, H / 2 + (7 - 32) * f);
    const want = hex(iconColor(4));
    for (let k = 0; k < 3; k++) expect(Math.abs(px[k]! - want[k]!)).toBeLessThan(40);
    // The glyph at the disc centre is white.
    const glyph = pixel(engine, W / 2, H / 2 + (13 - 32) * f);
    expect(Math.min(...glyph)).toBeGreaterThan(200);
    // Hidden pins are not drawn and not picked.
    engine.setPinFlags([42], PinFlag.Hidden, true);
    engine.renderNow();
    expect(engine.pickAt(W / 2, H / 2 - 10 * f)).toBeNull();
    expect(pixel(engine, W / 2 + (10 - 16) * f, H / 2 + (7 - 32) * f)).toEqual([0, 0, 0]);
    expect(performance.getEntriesByName(FIRST_PINS_MARK)).toHaveLength(1);
    // showAt puts a world point at a chosen screen point (beside a panel).
    engine.showAt({ x: 400, y: 200 }, { at: { x: W / 4, y: H / 3 } });
    engine.renderNow();
    expect(engine.worldToScreen({ x: 400, y: 200 })).toEqual({ x: W / 4, y: H / 3 });
    expect(engine.pickAt(W / 4, H / 3 - 10 * f)).toBe(7);
  });

  it('keeps the selection and the opened pin when new pins arrive, even one not loaded yet', async () => {
    const engine = await makeTestEngine();
    engine.setFocusedPin(9);
    engine.setPins(
      pins([
        { id: 5, x: 0, y: 0 },
        { id: 6, x: 50, y: 0 },
      ]),
    );
    engine.setSelection([5]);
    expect(engine.pinFlags(5) & PinFlag.Selected).toBe(PinFlag.Selected);
    engine.setPins(
      pins([
        { id: 5, x: 0, y: 0 },
        { id: 6, x: 50, y: 0 },
        { id: 9, x: 90, y: 0 },
      ]),
    );
    expect(engine.pinFlags(5) & PinFlag.Selected).toBe(PinFlag.Selected);
    expect(engine.pinFlags(6) & PinFlag.Selected).toBe(0);
    expect(engine.pinFlags(9) & PinFlag.Focused).toBe(PinFlag.Focused);
    engine.setFocusedPin(null);
    expect(engine.pinFlags(9) & PinFlag.Focused).toBe(0);
    engine.renderNow();
  });

  it('marks a found pin with a green check badge, unlike a faded pin of another floor', async () => {
    const engine = await makeTestEngine();
    engine.setCamera({ x: 0, y: 0, zoom: 1 });
    // All red (icon 0): found at -200, another floor's at 0, plain at 200.
    engine.setPins(
      pins([
        { id: 1, x: -200, y: 0 },
        { id: 2, x: 0, y: 0, z: -1 },
        { id: 3, x: 200, y: 0 },
      ]),
    );
    engine.setCheckedSet([1]);
    engine.renderNow();
    expect(engine.pinFlags(1) & PinFlag.Checked).toBe(PinFlag.Checked);
    expect(engine.pinFlags(2) & PinFlag.OtherFloor).toBe(PinFlag.OtherFloor);
    const f = pinSizeFactor(1, false);
    // The badge is a green disc centred at cell point (24.5, 20), the marker's lower right, with a
    // white check across it: sample the disc around the check.
    const spots = [
      [24.5, 16.5],
      [21.5, 18],
      [27.5, 22],
    ] as const;
    const greenish = ([r, g, b]: [number, number, number]) => g > 90 && g > r + 50 && g > b + 20;
    const badge = (x: number) => spots.filter(([u, v]) => greenish(pixel(engine, W / 2 + x + (u - 16) * f, H / 2 + (v - 32) * f))).length;
    expect(badge(-200), 'found pin').toBeGreaterThanOrEqual(2);
    expect(badge(0), 'other floor').toBe(0);
    expect(badge(200), 'plain').toBe(0);
    // The found pin's disc keeps its colour (not faded like the other floor's).
    const disc = (x: number) => pixel(engine, W / 2 + x + (10 - 16) * f, H / 2 + (7 - 32) * f);
    expect(disc(-200)[0]).toBeGreaterThan(disc(0)[0] + 60);
    // Not found any more: the badge goes.
    engine.setCheckedSet([]);
    engine.renderNow();
    expect(badge(-200)).toBe(0);
  });

  it('dims the other pins while tags are highlighted (a restyle, no new pins)', async () => {
    const engine = await makeTestEngine();
    engine.setCamera({ x: 0, y: 0, zoom: 1 });
    engine.setPins(
      pins([
        { id: 1, x: -200, y: 0 },
        { id: 2, x: 0, y: 0 },
        { id: 3, x: 200, y: 0 },
      ]),
    );
    engine.renderNow();
    const f = pinSizeFactor(1, false);
    const disc = (x: number) => pixel(engine, W / 2 + x + (10 - 16) * f, H / 2 + (7 - 32) * f);
    const before = [disc(-200), disc(0), disc(200)];
    const want = hex(iconColor(0));
    for (const px of before) expect(Math.abs(px[0] - want[0])).toBeLessThan(40);

    // Pin 2 carries a highlighted tag (the worker names it).
    const sets = engine.debugInfo().pinSets;
    engine.setHighlightedPins([2], true);
    engine.renderNow();
    expect(engine.debugInfo().pinSets).toBe(sets);
    expect(engine.pinFlags(2) & PinFlag.Highlighted).toBe(PinFlag.Highlighted);
    expect(engine.pinFlags(1) & PinFlag.Highlighted).toBe(0);
    // The highlighted pin keeps its full colour; the others drop well below it.
    const on = disc(0);
    expect(Math.abs(on[0] - want[0])).toBeLessThan(40);
    for (const x of [-200, 200]) expect(disc(x)[0], `pin at ${x}`).toBeLessThan(on[0] * 0.45);

    // Clearing restores all; pins that arrive with the worker's highlighted flag dim the others the same way.
    engine.setHighlightedPins([], false);
    engine.renderNow();
    for (const x of [-200, 0, 200]) expect(Math.abs(disc(x)[0] - want[0]), `pin at ${x}`).toBeLessThan(40);
    const flagged = pins([
      { id: 1, x: -200, y: 0 },
      { id: 2, x: 0, y: 0 },
      { id: 3, x: 200, y: 0 },
    ]);
    flagged.flags[2] = 2; // PinDataFlag.Highlighted
    engine.setHighlightedPins([], true);
    engine.setPins(flagged);
    engine.renderNow();
    expect(disc(-200)[0]).toBeLessThan(disc(200)[0] * 0.45);
    // A tag no loaded pin carries dims nothing.
    engine.setPins(
      pins([
        { id: 1, x: -200, y: 0 },
        { id: 3, x: 200, y: 0 },
      ]),
    );
    engine.renderNow();
    expect(Math.abs(disc(-200)[0] - want[0])).toBeLessThan(40);
  });

  it('picks the pin drawn on top where markers overlap, and keeps pins the same size on screen', async () => {
    const engine = await makeTestEngine();
    engine.setCamera({ x: 0, y: 0, zoom: 2 });
    engine.setPins(
      pins([
        { id: 1, x: 0, y: 0 },
        { id: 2, x: 0, y: 4 },
      ]),
    );
    engine.renderNow();
    // Pin 2 is further south, so it is drawn over pin 1.
    expect(engine.pickAt(W / 2, H / 2 - 2)).toBe(2);
    const s = engine.worldToScreen({ x: 0, y: 0 });
    expect([s.x, s.y]).toEqual([W / 2, H / 2]);
  });

  it('keeps known pins at their layout level when pins change; new pins show until their layout comes', async () => {
    const engine = await makeTestEngine();
    const zoom = 1 / 4;
    engine.setCamera({ x: 0, y: 0, zoom });
    const up = 10 * pinSizeFactor(zoom, false);
    const empty = {
      x: new Float32Array(0),
      y: new Float32Array(0),
      level: new Uint8Array(0),
      count: new Uint32Array(0),
      found: new Uint32Array(0),
      icon: new Uint16Array(0),
    };
    // An engine without any layout (tests, the engine alone) shows every pin.
    engine.setPins(pins([{ id: 1, x: 0, y: 0 }]));
    engine.renderNow();
    expect(engine.pickAt(W / 2, H / 2 - up)).toBe(1);
    // The worker's layout draws pin 1 only close up (level 8).
    expect(engine.setPinLayout({ count: 1, minLevel: Uint8Array.of(8), aggregates: empty })).toBe(true);
    engine.renderNow();
    expect(engine.pickAt(W / 2, H / 2 - up)).toBeNull();
    // A category turned on: pin 1 keeps its level; pin 2 shows until its layout comes.
    engine.setPins(
      pins([
        { id: 1, x: 0, y: 0 },
        { id: 2, x: 200, y: 0 },
      ]),
    );
    engine.renderNow();
    expect(engine.pickAt(W / 2, H / 2 - up)).toBeNull();
    expect(engine.pickAt(W / 2 + 200 * zoom, H / 2 - up)).toBe(2);
    // A layout for another pin set is refused; the right one applies.
    expect(engine.setPinLayout({ count: 1, minLevel: Uint8Array.of(0), aggregates: empty })).toBe(false);
    expect(engine.setPinLayout({ count: 2, minLevel: Uint8Array.of(0, 8), aggregates: empty })).toBe(true);
    engine.renderNow();
    expect(engine.pickAt(W / 2, H / 2 - up)).toBe(1);
    expect(engine.pickAt(W / 2 + 200 * zoom, H / 2 - up)).toBeNull();
    expect(engine.layoutInfo(0)).toMatchObject({ laidOut: true, pins: 2, shown: 1 });
    // Pins read at a worker version take only a layout of that version, even of the same size.
    engine.setPins({
      ...pins([
        { id: 1, x: 0, y: 0 },
        { id: 3, x: 200, y: 0 },
      ]),
      version: 7,
    });
    expect(engine.layoutInfo(0).laidOut).toBe(false);
    expect(engine.setPinLayout({ count: 2, version: 6, minLevel: Uint8Array.of(8, 8), aggregates: empty })).toBe(false);
    expect(engine.setPinLayout({ count: 2, version: 7, minLevel: Uint8Array.of(8, 8), aggregates: empty })).toBe(true);
    expect(engine.layoutInfo(0)).toMatchObject({ laidOut: true, shown: 0 });
  });
});
