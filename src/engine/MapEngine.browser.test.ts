import { afterEach, describe, expect, it } from 'vitest';
import type { MapEngine } from './MapEngine';
import { disposeTestEngines, makeTestEngine, TEST_H as H, TEST_W as W } from './test-support';
import { iconColor } from './icons';
import { pinSizeFactor } from './PinLayer';
import { FIRST_PINS_MARK, PinFlag, MapMode, type EngineEvents, type PinBuffers } from './types';

function pins(list: { id: number; x: number; y: number; icon?: number; z?: number }[]): PinBuffers {
  const n = list.length;
  const b: PinBuffers = {
    ids: new Int32Array(n), x: new Float32Array(n), y: new Float32Array(n), z: new Float32Array(n),
    icon: new Uint16Array(n), category: new Int32Array(n), region: new Uint8Array(n), flags: new Uint8Array(n),
  };
  list.forEach((p, i) => {
    b.ids[i] = p.id; b.x[i] = p.x; b.y[i] = p.y; b.z[i] = p.z ?? NaN; b.icon[i] = p.icon ?? 0;
  });
  return b;
}

function pixel(engine: MapEngine, x: number, y: number): [number, number, number] {
  const c = document.createElement('canvas');
  c.width = W;
  c.height = H;
  const ctx = c.getContext('2d')!;
  ctx.drawImage(engine.canvas, 0, 0);
  const d = ctx.getImageData(Math.round(x), Math.round(y), 1, 1).data;
  return [d[0]!, d[1]!, d[2]!];
}

function hex(c: string): [number, number, number] {
  const v = parseInt(c.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

afterEach(disposeTestEngines);

describe('MapEngine in Chromium (WebGL)', () => {
  it('draws a pin at its coordinate: pickAt finds it and its pixels are its icon colour', async () => {
    const engine = await makeTestEngine();
    performance.clearMarks(FIRST_PINS_MARK);
    engine.setCamera({ x: 100, y: 200, zoom: 1 });
    engine.renderNow();
    expect(performance.getEntriesByName(FIRST_PINS_MARK)).toHaveLength(0);
    engine.setPins(pins([{ id: 42, x: 100, y: 200, icon: 4 }, { id: 7, x: 400, y: 200, icon: 9 }]));
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
    engine.setPins(pins([{ id: 5, x: 0, y: 0 }, { id: 6, x: 50, y: 0 }]));
    engine.setSelection([5]);
    expect(engine.pinFlags(5) & PinFlag.Selected).toBe(PinFlag.Selected);
    engine.setPins(pins([{ id: 5, x: 0, y: 0 }, { id: 6, x: 50, y: 0 }, { id: 9, x: 90, y: 0 }]));
    expect(engine.pinFlags(5) & PinFlag.Selected).toBe(PinFlag.Selected);
    expect(engine.pinFlags(6) & PinFlag.Selected).toBe(0);
    expect(engine.pinFlags(9) & PinFlag.Focused).toBe(PinFlag.Focused);
    engine.setFocusedPin(null);
    expect(engine.pinFlags(9) & PinFlag.Focused).toBe(0);
    engine.renderNow();
  });

  it('touch and camera gestures: long-press menu, pinch, wheel, inertia, follow, floors', async () => {
    const engine = await makeTestEngine();
    engine.setCamera({ x: 0, y: 0, zoom: 1 });
    engine.setPins(pins([{ id: 3, x: 0, y: 0 }, { id: 4, x: 100, y: 0, z: 1 }]));
    engine.renderNow();
    const canvas = engine.canvas;
    const r = canvas.getBoundingClientRect();
    const fire = (type: string, id: number, x: number, y: number, pointerType = 'touch') =>
      canvas.dispatchEvent(new PointerEvent(type, { clientX: r.left + x, clientY: r.top + y, pointerId: id, pointerType, button: 0, buttons: type === 'pointerup' ? 0 : 1, bubbles: true, isPrimary: id === 1 }));
    const sleep = (ms: number) => new Promise((res) => setTimeout(res, ms));
    const f = pinSizeFactor(1, false);

    // Long-press on a pin (touch): the context menu event, with the pin and where it is.
    const menus: EngineEvents['pincontextmenu'][] = [];
    engine.on('pincontextmenu', (e) => menus.push(e));
    fire('pointerdown', 1, W / 2, H / 2 - 10 * f);
    await sleep(700);
    fire('pointerup', 1, W / 2, H / 2 - 10 * f);
    expect(menus).toEqual([{ id: 3, screenX: W / 2, screenY: H / 2 - 10 * f }]);

    // Pinch: two fingers spreading to twice their distance double the zoom about their midpoint.
    fire('pointerdown', 1, 300, 300);
    fire('pointerdown', 2, 500, 300);
    fire('pointermove', 1, 200, 300);
    fire('pointermove', 2, 600, 300);
    fire('pointerup', 1, 200, 300);
    fire('pointerup', 2, 600, 300);
    expect(engine.getCamera().zoom).toBeCloseTo(2, 5);
    // The world point under the midpoint (400, 300) did not move.
    const mid = engine.screenToWorld({ x: 400, y: 300 });
    expect(mid.x).toBeCloseTo(0, 3);
    expect(mid.y).toBeCloseTo(0, 3);

    // Wheel: zooms about the pointer.
    engine.setCamera({ x: 0, y: 0, zoom: 1 });
    const before = engine.screenToWorld({ x: 100, y: 100 });
    canvas.dispatchEvent(new WheelEvent('wheel', { clientX: r.left + 100, clientY: r.top + 100, deltaY: -500, bubbles: true, cancelable: true }));
    expect(engine.getCamera().zoom).toBeCloseTo(2, 5);
    const after = engine.screenToWorld({ x: 100, y: 100 });
    expect(after.x).toBeCloseTo(before.x, 3);
    expect(after.y).toBeCloseTo(before.y, 3);

    // Inertia: a quick fling keeps the map gliding after the finger lifts, then it stops.
    // Frames are counted, not waited for by the clock: SwiftShader on a loaded machine can take over
    // a second for one frame. Moves in quick succession (no pause before release, which would mean no
    // fling); a page stalled over 60 ms between the last move and the release rightly reads that as a
    // pause, so such a try is made again, up to three times.
    const nextFrame = () => new Promise((res) => requestAnimationFrame(res));
    const frames = async (n: number) => {
      for (let i = 0; i < n; i++) await nextFrame();
    };
    const flingGesture = () => {
      fire('pointerdown', 1, 400, 300, 'mouse');
      for (let i = 1; i <= 6; i++) fire('pointermove', 1, 400 - i * 20, 300, 'mouse');
      fire('pointerup', 1, 280, 300, 'mouse');
    };
    let glided = false;
    for (let i = 0; i < 3 && !glided; i++) {
      engine.setCamera({ x: 0, y: 0, zoom: 1 });
      flingGesture();
      const released = engine.getCamera().x;
      await frames(3);
      glided = engine.getCamera().x > released;
    }
    expect(glided).toBe(true);
    // ...and comes to rest: the camera stays put over several drawn frames.
    await expect.poll(async () => {
      const x = engine.getCamera().x;
      await sleep(100);
      await frames(3);
      return x === engine.getCamera().x;
    }, { timeout: 30_000 }).toBe(true);

    // Follow turned on while the map still glides after a fling: the glide stops, follow stays on.
    flingGesture();
    engine.setFollow(true);
    engine.setPlayer({ x: -500, y: -250, heading: 0 });
    await expect.poll(() => engine.getCamera(), { timeout: 15_000 }).toMatchObject({ x: -500, y: -250 });
    expect(engine.getFollow()).toBe(true);
    engine.setFollow(false);

    // Follow: the camera keeps the player centred until the map is panned by hand.
    engine.setFollow(true);
    engine.setPlayer({ x: 500, y: 250, heading: 0 });
    await expect.poll(() => engine.getCamera(), { timeout: 15_000 }).toMatchObject({ x: 500, y: 250 });
    fire('pointerdown', 1, 400, 300, 'mouse');
    fire('pointermove', 1, 300, 300, 'mouse');
    fire('pointerup', 1, 300, 300, 'mouse');
    expect(engine.getFollow()).toBe(false);

    // Floors: pins on another floor than the chosen one are dimmed, those on it are not.
    engine.setFloor(1);
    expect(engine.pinFlags(3) & PinFlag.OtherFloor).toBe(PinFlag.OtherFloor);
    expect(engine.pinFlags(4) & PinFlag.OtherFloor).toBe(0);
    engine.setFloor(null);
    expect(engine.pinFlags(4) & PinFlag.OtherFloor).toBe(PinFlag.OtherFloor);
    expect(engine.pinFlags(3) & PinFlag.OtherFloor).toBe(0);
  });

  it('marks a found pin with a green check badge, unlike a faded pin of another floor', async () => {
    const engine = await makeTestEngine();
    engine.setCamera({ x: 0, y: 0, zoom: 1 });
    // All red (icon 0): found at -200, another floor's at 0, plain at 200.
    engine.setPins(pins([{ id: 1, x: -200, y: 0 }, { id: 2, x: 0, y: 0, z: -1 }, { id: 3, x: 200, y: 0 }]));
    engine.setCheckedSet([1]);
    engine.renderNow();
    expect(engine.pinFlags(1) & PinFlag.Checked).toBe(PinFlag.Checked);
    expect(engine.pinFlags(2) & PinFlag.OtherFloor).toBe(PinFlag.OtherFloor);
    const f = pinSizeFactor(1, false);
    // The badge is a green disc centred at cell point (24.5, 20), the marker's lower right, with a
    // white check across it: sample the disc around the check.
    const spots = [[24.5, 16.5], [21.5, 18], [27.5, 22]] as const;
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
    engine.setPins(pins([{ id: 1, x: -200, y: 0 }, { id: 2, x: 0, y: 0 }, { id: 3, x: 200, y: 0 }]));
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
    const flagged = pins([{ id: 1, x: -200, y: 0 }, { id: 2, x: 0, y: 0 }, { id: 3, x: 200, y: 0 }]);
    flagged.flags[2] = 2; // PinDataFlag.Highlighted
    engine.setHighlightedPins([], true);
    engine.setPins(flagged);
    engine.renderNow();
    expect(disc(-200)[0]).toBeLessThan(disc(200)[0] * 0.45);
    // A tag no loaded pin carries dims nothing.
    engine.setPins(pins([{ id: 1, x: -200, y: 0 }, { id: 3, x: 200, y: 0 }]));
    engine.renderNow();
    expect(Math.abs(disc(-200)[0] - want[0])).toBeLessThan(40);
  });

  it('keyboard mode: arrows move the focus to the nearest pin that way, Enter opens it, F marks it', async () => {
    const engine = await makeTestEngine();
    engine.setCamera({ x: 10, y: 0, zoom: 1 });
    engine.setPins(pins([
      { id: 1, x: 0, y: 0 }, { id: 2, x: 100, y: 0 }, { id: 3, x: -100, y: 0 }, { id: 4, x: 0, y: 100 },
      { id: 5, x: 100, y: 10 }, { id: 6, x: 1000, y: 0 }, { id: 7, x: 30, y: 0, z: -1 },
    ]));
    engine.renderNow();
    const seen: (number | null)[] = [];
    const opened: number[] = [];
    const marked: number[] = [];
    engine.on('pinfocus', (e) => seen.push(e.id));
    engine.on('pinclick', (e) => opened.push(e.id));
    engine.on('pinmark', (e) => marked.push(e.id));
    const press = (key: string) => {
      const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      engine.canvas.dispatchEvent(e);
      return e.defaultPrevented;
    };
    // Enter and F do nothing before a pin has the key focus.
    expect(press('Enter')).toBe(false);
    expect(press('f')).toBe(false);
    // The first arrow starts from the pin nearest the centre (pin 7 is on another floor).
    expect(press('ArrowRight')).toBe(true);
    expect(engine.keyFocusedPin).toBe(1);
    expect(engine.pinFlags(1) & PinFlag.Focused).toBe(PinFlag.Focused);
    press('ArrowRight');
    press('ArrowDown');
    press('ArrowLeft');
    // No pin above pin 1: the arrow pans the map instead, and the focus stays.
    expect(press('ArrowUp')).toBe(true);
    expect(engine.keyFocusedPin).toBe(1);
    expect(seen).toEqual([1, 2, 5, 1]);
    press('Enter');
    press('F');
    expect(opened).toEqual([1]);
    expect(marked).toEqual([1]);
    // Esc outside a selection mode is not the map's: it goes on to close the pin panel.
    expect(press('Escape')).toBe(false);
    // A pin off screen: the camera brings it into view.
    press('ArrowRight');
    press('ArrowRight');
    expect(engine.keyFocusedPin).toBe(6);
    for (let k = 0; k < 600 && Math.abs(engine.getCamera().x - 1000) > 1; k++) await new Promise((r) => requestAnimationFrame(r));
    expect(engine.getCamera().x).toBeCloseTo(1000, 0);
    // A pin opened meanwhile (Enter) waits under the key focus; losing focus ends keyboard mode
    // and marks the opened pin again.
    engine.setFocusedPin(4);
    expect(engine.pinFlags(4) & PinFlag.Focused).toBe(0);
    engine.canvas.focus();
    engine.canvas.blur();
    expect(engine.keyFocusedPin).toBeNull();
    expect(seen.at(-1)).toBeNull();
    expect(engine.pinFlags(4) & PinFlag.Focused).toBe(PinFlag.Focused);
    expect(engine.pinFlags(6) & PinFlag.Focused).toBe(0);
  });

  it('picks the pin drawn on top where markers overlap, and keeps pins the same size on screen', async () => {
    const engine = await makeTestEngine();
    engine.setCamera({ x: 0, y: 0, zoom: 2 });
    engine.setPins(pins([{ id: 1, x: 0, y: 0 }, { id: 2, x: 0, y: 4 }]));
    engine.renderNow();
    // Pin 2 is further south, so it is drawn over pin 1.
    expect(engine.pickAt(W / 2, H / 2 - 2)).toBe(2);
    const s = engine.worldToScreen({ x: 0, y: 0 });
    expect([s.x, s.y]).toEqual([W / 2, H / 2]);
  });

  it('emits the drawn rectangle, lasso and route in world units', async () => {
    const engine = await makeTestEngine();
    engine.setCamera({ x: 0, y: 0, zoom: 1 });
    engine.renderNow();
    const canvas = engine.canvas;
    const r = canvas.getBoundingClientRect();
    const fire = (type: string, x: number, y: number) =>
      canvas.dispatchEvent(new PointerEvent(type, { clientX: r.left + x, clientY: r.top + y, pointerId: 1, pointerType: 'mouse', button: 0, buttons: type === 'pointerup' ? 0 : 1, bubbles: true }));
    const drag = (path: [number, number][]) => {
      fire('pointerdown', ...path[0]!);
      for (const p of path.slice(1)) fire('pointermove', ...p);
      fire('pointerup', ...path[path.length - 1]!);
    };
    const ranges: EngineEvents['rangeselect'][] = [];
    const routes: EngineEvents['routeselect'][] = [];
    engine.on('rangeselect', (e) => ranges.push(e));
    engine.on('routeselect', (e) => routes.push(e));

    engine.setMode(MapMode.RangeSelection, { rangeShape: 'rect' });
    drag([[400, 300], [450, 320], [500, 400]]);
    expect(ranges).toHaveLength(1);
    expect(ranges[0]!.shape).toBe('rect');
    expect([...ranges[0]!.polygon]).toEqual([0, 0, 100, 0, 100, 100, 0, 100]);

    engine.setMode(MapMode.RangeSelection, { rangeShape: 'lasso' });
    drag([[400, 300], [500, 300], [500, 400], [400, 400]]);
    expect(ranges[1]!.shape).toBe('lasso');
    expect([...ranges[1]!.polygon]).toEqual([0, 0, 100, 0, 100, 100, 0, 100]);

    engine.setMode(MapMode.RouteSelection, { routeWidth: 80 });
    drag([[300, 300], [350, 300], [350, 250]]);
    expect(routes).toHaveLength(1);
    expect(routes[0]!.width).toBe(80);
    expect([...routes[0]!.polyline]).toEqual([-100, 0, -50, 0, -50, -50]);

    // ESC leaves the mode and says so.
    let cancelled = 0;
    engine.on('modecancel', () => cancelled++);
    canvas.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(cancelled).toBe(1);
    expect(engine.getMode()).toBe(MapMode.Default);
    expect(engine.getSnapshot().mode).toBe(MapMode.Default);
  });

  it('reports clicks on pins and map clicks in location selection', async () => {
    const engine = await makeTestEngine();
    engine.setCamera({ x: 0, y: 0, zoom: 1 });
    engine.setPins(pins([{ id: 5, x: 0, y: 0 }]));
    engine.renderNow();
    const canvas = engine.canvas;
    const r = canvas.getBoundingClientRect();
    const click = (x: number, y: number) => {
      for (const type of ['pointerdown', 'pointerup']) canvas.dispatchEvent(new PointerEvent(type, { clientX: r.left + x, clientY: r.top + y, pointerId: 2, pointerType: 'mouse', button: 0, bubbles: true }));
    };
    const clicks: number[] = [];
    const locations: { x: number; y: number }[] = [];
    engine.on('pinclick', (e) => clicks.push(e.id));
    engine.on('locationselect', (e) => locations.push(e));
    click(400, 290);
    expect(clicks).toEqual([5]);
    engine.setMode(MapMode.LocationSelection);
    click(450, 350);
    expect(locations).toEqual([{ x: 50, y: 50 }]);
    const menus: number[] = [];
    engine.on('pincontextmenu', (e) => menus.push(e.id));
    canvas.dispatchEvent(new MouseEvent('contextmenu', { clientX: r.left + 400, clientY: r.top + 290, bubbles: true, cancelable: true }));
    expect(menus).toEqual([5]);
  });

  it('emits camerasettle once when a pan comes to rest, not per frame', async () => {
    const engine = await makeTestEngine();
    let camera = 0;
    const settled: number[] = [];
    engine.on('camera', () => camera++);
    engine.on('camerasettle', (c) => settled.push(c.x));
    engine.renderNow();
    for (let f = 1; f <= 30; f++) {
      engine.setCamera({ x: f * 10, y: 0, zoom: 1 });
      engine.renderNow();
    }
    expect(camera).toBeGreaterThanOrEqual(30);
    expect(settled).toEqual([]);
    await new Promise((r) => setTimeout(r, 200));
    engine.renderNow();
    engine.renderNow();
    expect(settled).toEqual([300]);
  });

  it('keeps known pins at their layout level when pins change; new pins show until their layout comes', async () => {
    const engine = await makeTestEngine();
    const zoom = 1 / 4;
    engine.setCamera({ x: 0, y: 0, zoom });
    const up = 10 * pinSizeFactor(zoom, false);
    const empty = { x: new Float32Array(0), y: new Float32Array(0), level: new Uint8Array(0), count: new Uint32Array(0), found: new Uint32Array(0), icon: new Uint16Array(0) };
    // An engine without any layout (tests, the engine alone) shows every pin.
    engine.setPins(pins([{ id: 1, x: 0, y: 0 }]));
    engine.renderNow();
    expect(engine.pickAt(W / 2, H / 2 - up)).toBe(1);
    // The worker's layout draws pin 1 only close up (level 8).
    expect(engine.setPinLayout({ count: 1, minLevel: Uint8Array.of(8), aggregates: empty })).toBe(true);
    engine.renderNow();
    expect(engine.pickAt(W / 2, H / 2 - up)).toBeNull();
    // A category turned on: pin 1 keeps its level; pin 2 shows until its layout comes.
    engine.setPins(pins([{ id: 1, x: 0, y: 0 }, { id: 2, x: 200, y: 0 }]));
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
    engine.setPins({ ...pins([{ id: 1, x: 0, y: 0 }, { id: 3, x: 200, y: 0 }]), version: 7 });
    expect(engine.layoutInfo(0).laidOut).toBe(false);
    expect(engine.setPinLayout({ count: 2, version: 6, minLevel: Uint8Array.of(8, 8), aggregates: empty })).toBe(false);
    expect(engine.setPinLayout({ count: 2, version: 7, minLevel: Uint8Array.of(8, 8), aggregates: empty })).toBe(true);
    expect(engine.layoutInfo(0)).toMatchObject({ laidOut: true, shown: 0 });
  });
});
