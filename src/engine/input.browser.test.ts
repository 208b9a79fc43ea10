// Input on a real engine in Chromium: touch, mouse and wheel gestures, keyboard mode, the
// selection modes' shapes, clicks, and when the camera events fire.
import { afterEach, describe, expect, it } from 'vitest';
import { disposeTestEngines, makeTestEngine, pins, TEST_H as H, TEST_W as W } from './test-support';
import { pinSizeFactor } from './PinLayer';
import { PinFlag, MapMode, type EngineEvents } from './types';

afterEach(disposeTestEngines);

describe('MapEngine input and camera in Chromium (WebGL)', () => {
  it('touch and camera gestures: long-press menu, pinch, wheel, inertia, follow, floors', async () => {
    const engine = await makeTestEngine();
    engine.setCamera({ x: 0, y: 0, zoom: 1 });
    engine.setPins(
      pins([
        { id: 3, x: 0, y: 0 },
        { id: 4, x: 100, y: 0, z: 1 },
      ]),
    );
    engine.renderNow();
    const canvas = engine.canvas;
    const r = canvas.getBoundingClientRect();
    const fire = (type: string, id: number, x: number, y: number, pointerType = 'touch') =>
      canvas.dispatchEvent(
        new PointerEvent(type, {
          clientX: r.left + x,
          clientY: r.top + y,
          pointerId: id,
          pointerType,
          button: 0,
          buttons: type === 'pointerup' ? 0 : 1,
          bubbles: true,
          isPrimary: id === 1,
        }),
      );
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
    canvas.dispatchEvent(
      new WheelEvent('wheel', { clientX: r.left + 100, clientY: r.top + 100, deltaY: -500, bubbles: true, cancelable: true }),
    );
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
    await expect
      .poll(
        async () => {
          const x = engine.getCamera().x;
          await sleep(100);
          await frames(3);
          return x === engine.getCamera().x;
        },
        { timeout: 30_000 },
      )
      .toBe(true);

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

  it('keyboard mode: arrows move the focus to the nearest pin that way, Enter opens it, F marks it', async () => {
    const engine = await makeTestEngine();
    engine.setCamera({ x: 10, y: 0, zoom: 1 });
    engine.setPins(
      pins([
        { id: 1, x: 0, y: 0 },
        { id: 2, x: 100, y: 0 },
        { id: 3, x: -100, y: 0 },
        { id: 4, x: 0, y: 100 },
        { id: 5, x: 100, y: 10 },
        { id: 6, x: 1000, y: 0 },
        { id: 7, x: 30, y: 0, z: -1 },
      ]),
    );
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
    // Until the tween has come to rest (the snapshot's signal), not merely come near: a frame can land within a unit.
    for (let k = 0; k < 600 && (engine.getSnapshot().moving || Math.abs(engine.getCamera().x - 1000) > 1); k++)
      await new Promise((r) => requestAnimationFrame(r));
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

  it('a map focused by keyboard before its pins came focuses the pin nearest the centre once they come', async () => {
    // The map takes the focus as soon as it shows, before the snapshot's pins are in (the keyboard journey's empty
    // announcement). The focus waits for them; a map that lost the focus meanwhile takes none.
    const engine = await makeTestEngine();
    engine.setCamera({ x: 0, y: 0, zoom: 1 });
    const seen: (number | null)[] = [];
    engine.on('pinfocus', (e) => seen.push(e.id));
    engine.canvas.focus();
    expect(engine.focusPinBy(null)).toBe(false);
    engine.setPins(
      pins([
        { id: 1, x: 10, y: 0 },
        { id: 2, x: 200, y: 0 },
      ]),
    );
    expect(engine.keyFocusedPin).toBe(1);
    expect(seen).toEqual([1]);
    engine.canvas.blur();
    const other = await makeTestEngine();
    other.canvas.focus();
    expect(other.focusPinBy(null)).toBe(false);
    other.canvas.blur();
    other.setPins(pins([{ id: 1, x: 10, y: 0 }]));
    expect(other.keyFocusedPin).toBeNull();
  });

  it('emits the drawn rectangle, lasso and route in world units', async () => {
    const engine = await makeTestEngine();
    engine.setCamera({ x: 0, y: 0, zoom: 1 });
    engine.renderNow();
    const canvas = engine.canvas;
    const r = canvas.getBoundingClientRect();
    const fire = (type: string, x: number, y: number) =>
      canvas.dispatchEvent(
        new PointerEvent(type, {
          clientX: r.left + x,
          clientY: r.top + y,
          pointerId: 1,
          pointerType: 'mouse',
          button: 0,
          buttons: type === 'pointerup' ? 0 : 1,
          bubbles: true,
        }),
      );
    const drag = (path: [number, number][]) => {
      fire('pointerdown', ...path[0]!);
      for (const p of path.slice(1)) fire('pointermove', ...p);
      fire('pointerup', ...path[path.length - 1]!);
    };
    const ranges: EngineEvents['rangeselect'][] = [];
    const routes: EngineEvents['routeselect'][] = [];
    engine.on('rangeselect', (e) => ranges.push(e));
    engine.on('routeselect', (e) => routes.push(e));

    engine.setTool('rect');
    drag([
      [400, 300],
      [450, 320],
      [500, 400],
    ]);
    expect(ranges).toHaveLength(1);
    expect(ranges[0]!.shape).toBe('rect');
    expect([...ranges[0]!.polygon]).toEqual([0, 0, 100, 0, 100, 100, 0, 100]);

    expect(engine.getSnapshot().tool).toBe('rect');
    engine.setTool('lasso');
    // The engine owns the tool: its snapshot names it, with the selection mode it belongs to.
    expect(engine.getTool()).toBe('lasso');
    expect(engine.getSnapshot()).toMatchObject({ tool: 'lasso', mode: MapMode.RangeSelection });
    drag([
      [400, 300],
      [500, 300],
      [500, 400],
      [400, 400],
    ]);
    expect(ranges[1]!.shape).toBe('lasso');
    expect([...ranges[1]!.polygon]).toEqual([0, 0, 100, 0, 100, 100, 0, 100]);

    engine.setTool('route', { routeWidth: 80 });
    drag([
      [300, 300],
      [350, 300],
      [350, 250],
    ]);
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
    expect(engine.getSnapshot().tool).toBe('pan');

    // A tool left in the middle of a drag drops what it drew; the next tool hears nothing of that press.
    engine.setTool('rect');
    fire('pointerdown', 400, 300);
    fire('pointermove', 450, 350);
    engine.setTool('pan');
    fire('pointermove', 500, 400);
    fire('pointerup', 500, 400);
    expect(ranges).toHaveLength(2);
  });

  it('keeps a lasso that closes where it began, drawn by mouse or by a slow finger', async () => {
    const engine = await makeTestEngine();
    engine.setCamera({ x: 0, y: 0, zoom: 1 });
    engine.renderNow();
    const canvas = engine.canvas;
    const r = canvas.getBoundingClientRect();
    const fire = (type: string, x: number, y: number, pointerType: string) =>
      canvas.dispatchEvent(
        new PointerEvent(type, {
          clientX: r.left + x,
          clientY: r.top + y,
          pointerId: 3,
          pointerType,
          isPrimary: true,
          button: 0,
          buttons: type === 'pointerup' ? 0 : 1,
          bubbles: true,
        }),
      );
    const loop: [number, number][] = [
      [400, 300],
      [500, 300],
      [500, 400],
      [400, 400],
      [401, 301],
    ];
    const ranges: EngineEvents['rangeselect'][] = [];
    engine.on('rangeselect', (e) => ranges.push(e));
    engine.setTool('lasso');

    for (const p of loop) fire(p === loop[0] ? 'pointerdown' : 'pointermove', ...p, 'mouse');
    fire('pointerup', ...loop[loop.length - 1]!, 'mouse');
    expect(ranges).toHaveLength(1);

    // A finger that is back beside its start when the long-press time is up is drawing, not pressing.
    fire('pointerdown', ...loop[0]!, 'touch');
    for (const p of loop.slice(1)) fire('pointermove', ...p, 'touch');
    await new Promise((done) => setTimeout(done, 800));
    fire('pointerup', ...loop[loop.length - 1]!, 'touch');
    expect(ranges).toHaveLength(2);
    expect(ranges[1]!.shape).toBe('lasso');
  });

  it('reports clicks on pins and map clicks in location selection', async () => {
    const engine = await makeTestEngine();
    engine.setCamera({ x: 0, y: 0, zoom: 1 });
    engine.setPins(pins([{ id: 5, x: 0, y: 0 }]));
    engine.renderNow();
    const canvas = engine.canvas;
    const r = canvas.getBoundingClientRect();
    const click = (x: number, y: number) => {
      for (const type of ['pointerdown', 'pointerup'])
        canvas.dispatchEvent(
          new PointerEvent(type, { clientX: r.left + x, clientY: r.top + y, pointerId: 2, pointerType: 'mouse', button: 0, bubbles: true }),
        );
    };
    const clicks: number[] = [];
    const locations: { x: number; y: number }[] = [];
    engine.on('pinclick', (e) => clicks.push(e.id));
    engine.on('locationselect', (e) => locations.push(e));
    click(400, 290);
    expect(clicks).toEqual([5]);
    engine.setTool('location');
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

  it("says the camera moves from a tween's start until it has come to rest (the signal journeys wait on)", async () => {
    const engine = await makeTestEngine();
    engine.renderNow();
    await new Promise((r) => setTimeout(r, 200));
    engine.renderNow();
    expect(engine.getSnapshot().moving).toBe(false);
    expect(engine.debugInfo().cameraAtRest).toBe(true);
    engine.setCamera({ x: 500, y: 0, zoom: 1 }, { animate: true });
    // Before any frame has moved it.
    expect(engine.getSnapshot().moving).toBe(true);
    expect(engine.debugInfo().cameraAtRest).toBe(false);
    await expect.poll(() => engine.debugInfo().cameraAtRest, { timeout: 3000 }).toBe(true);
  });
});
