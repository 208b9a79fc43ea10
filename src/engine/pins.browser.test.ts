// Pins on a real engine in Chromium (WebGL): where they are drawn and picked, how their flags
// look in pixels (found, other floor, highlighted), and the worker's layout levels.
import { afterEach, describe, expect, it } from 'vitest';
import { disposeTestEngines, hex, makeTestEngine, pins, pixel, TEST_H as H, TEST_W as W } from './test-support';
import { iconColor } from './icons';
import { pinSizeFactor } from './PinLayer';
import { FIRST_PINS_MARK, PinFlag } from './types';
import { emptyAggregates, type PinAggregates } from '../../common/pin-buffers';
import { levelZoom } from '../../common/pin-levels';

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
    // Taking pins and drawing them builds no pick index (a pass over every pin, issue 21): the first pick does, once.
    expect(engine.debugInfo().pinIndexBuilds).toBe(0);
    // The marker's tip is at the coordinate (screen centre); its disc is above it.
    const f = pinSizeFactor(1, false);
    expect(engine.pickAt(W / 2, H / 2 - 10 * f)).toBe(42);
    expect(engine.pickAt(W / 2, H / 2 + 12)).toBeNull(); // below the tip
    expect(engine.pickAt(W / 2 + 300, H / 2 - 10)).toBe(7);
    expect(engine.debugInfo().pinIndexBuilds).toBe(1);
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

  it('uploads 64 bytes a pin for a new pin set, and draws a selected pin 1.2 and a hovered one 1.3 times larger', async () => {
    const engine = await makeTestEngine();
    engine.setCamera({ x: 250, y: 200, zoom: 1 });
    engine.renderNow();
    // Bytes given to buffer uploads on the engine's context while it takes 1,000 pins and draws them.
    const gl = engine.canvas.getContext('webgl2') as WebGL2RenderingContext;
    const uploads: number[] = [];
    const bufferData = gl.bufferData.bind(gl) as (...a: unknown[]) => void;
    (gl as unknown as { bufferData: (...a: unknown[]) => void }).bufferData = (...a: unknown[]) => {
      const data = a[1];
      uploads.push(ArrayBuffer.isView(data) ? data.byteLength : typeof data === 'number' ? data : 0);
      bufferData(...a);
    };
    const many = Array.from({ length: 1000 }, (_, k) => ({ id: 1000 + k, x: 5000 + (k % 40) * 40, y: 5000 + Math.floor(k / 40) * 40 }));
    engine.setPins(pins([{ id: 1, x: 100, y: 200, icon: 4 }, { id: 2, x: 400, y: 200, icon: 4 }, ...many]));
    engine.setPinFlags([2], PinFlag.Selected, true);
    engine.renderNow();
    delete (gl as unknown as Record<string, unknown>).bufferData;
    // The pins' vertices (4 a pin, 16 bytes each: pin-vertices.ts; Pixi's particle layout took 32) and their indices
    // (6 a pin, 2 bytes each below 16,384 pins).
    const n = 1002;
    expect(uploads.reduce((s, b) => s + b, 0)).toBe(n * 64 + n * 12);
    // How far up from its tip a pin's marker reaches on screen (the first black pixel up its column).
    const reach = (x: number) => {
      let y = H / 2 - 1;
      while (y > H / 2 - 80 && pixel(engine, x, y).some((c) => c > 40)) y--;
      return H / 2 - y;
    };
    const plain = reach(W / 2 - 150);
    const selected = reach(W / 2 + 150);
    expect(plain).toBeGreaterThan(20);
    expect(selected / plain).toBeGreaterThan(1.1);
    expect(selected / plain).toBeLessThan(1.3);
    // The hovered pin is drawn again over the pins, 1.3 times larger, by the same shader in the same vertex layout.
    const hovered: (number | null)[] = [];
    engine.on('pinhover', (e) => hovered.push(e.id));
    const r = engine.canvas.getBoundingClientRect();
    engine.canvas.dispatchEvent(
      new PointerEvent('pointermove', { clientX: r.left + W / 2 - 150, clientY: r.top + H / 2 - 10, pointerType: 'mouse', bubbles: true }),
    );
    engine.renderNow();
    expect(hovered).toEqual([1]);
    expect(reach(W / 2 - 150) / plain).toBeGreaterThan(1.2);
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

  // Issue 25, finding 5: at zoom 1/2 and 1/4 a found pin differed from an unfound one only by a
  // check about 5 px across, and kept its full colour. Now it is greyed (its colour gone) and
  // softened at every zoom, with a check large enough to read, and a setting fades it further.
  it('greys a found pin at every zoom, with a readable check, unlike a faded pin of another floor', async () => {
    const engine = await makeTestEngine();
    // All red (icon 0): found at -200, another floor's at 0, plain at 200.
    engine.setPins(
      pins([
        { id: 1, x: -200, y: 0 },
        { id: 2, x: 0, y: 0, z: -1 },
        { id: 3, x: 200, y: 0 },
      ]),
    );
    engine.setCheckedSet([1]);
    expect(engine.pinFlags(1) & PinFlag.Checked).toBe(PinFlag.Checked);
    expect(engine.pinFlags(2) & PinFlag.OtherFloor).toBe(PinFlag.OtherFloor);
    const red = hex(iconColor(0));
    const chroma = ([r, g, b]: [number, number, number]) => Math.max(r, g, b) - Math.min(r, g, b);
    const greenish = ([r, g, b]: [number, number, number]) => g > 70 && g > r + 40 && g > b + 15;
    for (const zoom of [1, 1 / 2, 1 / 4]) {
      // Pins sit 200 world units apart: at 1/4 that is 50 px, still clear of each other.
      engine.setCamera({ x: 0, y: 0, zoom });
      engine.renderNow();
      const f = pinSizeFactor(zoom, false);
      const at = (x: number, u: number, v: number) => pixel(engine, W / 2 + x * zoom + (u - 16) * f, H / 2 + (v - 32) * f);
      // The marker's disc: the plain pin is its category's red; the found one is grey; another floor's is a dim red.
      const disc = (x: number) => at(x, 10, 7);
      expect(Math.abs(disc(200)[0] - red[0]), `plain at ${zoom}`).toBeLessThan(40);
      expect(chroma(disc(-200)), `found pin's colour at ${zoom}`).toBeLessThan(45);
      expect(chroma(disc(200)), `plain pin's colour at ${zoom}`).toBeGreaterThan(120);
      expect(chroma(disc(0)), `other floor keeps its hue at ${zoom}`).toBeGreaterThan(chroma(disc(-200)) + 10);
      // The green check (centred at cell point (23, 19), radius 8.5): sampled around its white tick.
      const spots = [
        [23, 14],
        [20, 15.5],
        [25.5, 23.5],
      ] as const;
      const badge = (x: number) => spots.filter(([u, v]) => greenish(at(x, u, v))).length;
      expect(badge(-200), `found pin's check at ${zoom}`).toBeGreaterThanOrEqual(2);
      expect(badge(0), `other floor at ${zoom}`).toBe(0);
      expect(badge(200), `plain at ${zoom}`).toBe(0);
      // The check is at least 8 px across on screen.
      expect(2 * 8.5 * f).toBeGreaterThanOrEqual(8);
    }
    // Far out (dots): the found dot is a grey ring around a green check; the plain one is red.
    engine.setCamera({ x: 0, y: 0, zoom: 1 / 16 });
    engine.renderNow();
    const fd = pinSizeFactor(1 / 16, false);
    const dotAt = (x: number) => pixel(engine, W / 2 + x / 16, H / 2 - 4 * fd);
    // At 1/16 the pins are 12.5 px apart: move them apart for the dots.
    engine.setPins(
      pins([
        { id: 1, x: -3200, y: 0 },
        { id: 2, x: 0, y: 0, z: -1 },
        { id: 3, x: 3200, y: 0 },
      ]),
    );
    engine.setCheckedSet([1]);
    engine.renderNow();
    expect(greenish(dotAt(-3200)), 'found dot').toBe(true);
    expect(Math.abs(dotAt(3200)[0] - red[0]), 'plain dot').toBeLessThan(40);

    // The setting 'fainter found pins' fades only the found pin further.
    engine.setCamera({ x: 0, y: 0, zoom: 1 });
    engine.setPins(
      pins([
        { id: 1, x: -200, y: 0 },
        { id: 3, x: 200, y: 0 },
      ]),
    );
    engine.setCheckedSet([1]);
    engine.renderNow();
    const f1 = pinSizeFactor(1, false);
    const disc1 = (x: number) => pixel(engine, W / 2 + x + (10 - 16) * f1, H / 2 + (7 - 32) * f1);
    const before = disc1(-200)[1];
    engine.setFoundFaint(true);
    engine.renderNow();
    expect(disc1(-200)[1]).toBeLessThan(before * 0.7);
    expect(Math.abs(disc1(200)[0] - red[0])).toBeLessThan(40);
    engine.setFoundFaint(false);
    engine.renderNow();
    expect(Math.abs(disc1(-200)[1] - before)).toBeLessThan(8);
    // Not found any more: colour back, check gone.
    engine.setCheckedSet([]);
    engine.renderNow();
    expect(Math.abs(disc1(-200)[0] - red[0])).toBeLessThan(40);
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
    const empty = emptyAggregates();
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
  it("draws an aggregate marker in its category's colour, its count beside its centre, only at its level", async () => {
    const engine = await makeTestEngine();
    engine.setCamera({ x: 0, y: 0, zoom: levelZoom(1) });
    engine.setPins(pins([1, 2, 3].map((id) => ({ id, x: id, y: 0, icon: 4 }))));
    // One marker for the three pins at level 1; the pins themselves only close up.
    const aggregates: PinAggregates = {
      x: Float32Array.of(0),
      y: Float32Array.of(0),
      level: Uint8Array.of(1),
      count: Uint32Array.of(3),
      found: Uint32Array.of(0),
      icon: Uint16Array.of(4),
      topCategory: Int32Array.of(-1, -1, -1),
      topCount: Uint32Array.of(0, 0, 0),
      topFound: Uint32Array.of(0, 0, 0),
    };
    expect(engine.setPinLayout({ count: 3, minLevel: Uint8Array.of(8, 8, 8), aggregates })).toBe(true);
    engine.renderNow();
    // 6 CSS px left of the centre (the camera keeps the map in view, so the marker is where the engine puts it):
    // inside the 24-px disc and its ring, beside the one-character label.
    const at = engine.worldToScreen({ x: 0, y: 0 });
    const want = hex(iconColor(4));
    const disc = pixel(engine, at.x - 6, at.y);
    for (let k = 0; k < 3; k++) expect(Math.abs(disc[k]! - want[k]!)).toBeLessThan(40);
    // The label over the centre is light on the disc: some pixel of its 7×12 box is.
    const label = [-3, -1, 1, 3].flatMap((dx) => [-4, -2, 0, 2, 4].map((dy) => Math.min(...pixel(engine, at.x + dx, at.y + dy))));
    expect(Math.max(...label)).toBeGreaterThan(200);
    // At another level the marker is not drawn: the map's own colour shows there.
    engine.setCamera({ zoom: levelZoom(3) });
    engine.renderNow();
    const there = engine.worldToScreen({ x: 0, y: 0 });
    const after = pixel(engine, there.x - 6, there.y);
    expect(Math.max(...[0, 1, 2].map((k) => Math.abs(after[k]! - want[k]!)))).toBeGreaterThan(40);
  });
});
