import { describe, expect, it } from 'vitest';
import { boundsFor, clampCamera, panBy, placing, screenToWorld, visibleWorldRect, worldToScreen, zoomAbout, zoomForLevel } from './camera';

const vp = { width: 800, height: 600 };

describe('camera math', () => {
  it('maps world to screen and back', () => {
    const cam = { x: 100, y: -50, zoom: 2 };
    expect(worldToScreen(cam, vp, { x: 100, y: -50 })).toEqual({ x: 400, y: 300 });
    expect(worldToScreen(cam, vp, { x: 110, y: -40 })).toEqual({ x: 420, y: 320 });
    const w = screenToWorld(cam, vp, { x: 37, y: 511 });
    const s = worldToScreen(cam, vp, w);
    expect(s.x).toBeCloseTo(37, 9);
    expect(s.y).toBeCloseTo(511, 9);
  });

  it('zooms about a point keeping it fixed on screen', () => {
    const cam = { x: 0, y: 0, zoom: 1 };
    const anchor = { x: 700, y: 100 };
    const before = screenToWorld(cam, vp, anchor);
    const next = zoomAbout(cam, vp, anchor, 4);
    expect(next.zoom).toBe(4);
    const after = worldToScreen(next, vp, before);
    expect(after.x).toBeCloseTo(700, 9);
    expect(after.y).toBeCloseTo(100, 9);
    // Zooming about the centre does not move the centre.
    expect(zoomAbout(cam, vp, { x: 400, y: 300 }, 0.5)).toEqual({ x: 0, y: 0, zoom: 0.5 });
  });

  it('places a world point at a chosen screen point', () => {
    const vp = { width: 800, height: 600 };
    const cam = placing({ x: 1000, y: -500 }, { x: 400, y: 150 }, vp, 2);
    expect(worldToScreen(cam, vp, { x: 1000, y: -500 })).toEqual({ x: 400, y: 150 });
    expect(placing({ x: 7, y: 9 }, { x: 400, y: 300 }, vp, 0.5)).toEqual({ x: 7, y: 9, zoom: 0.5 });
  });

  it('pans opposite to the world under the pointer', () => {
    expect(panBy({ x: 10, y: 10, zoom: 2 }, 20, -40)).toEqual({ x: 0, y: 30, zoom: 2 });
  });

  it('clamps the view to extent plus padding and the zoom range', () => {
    const b = boundsFor([0, 0, 4000, 2000], 500, vp);
    expect(b.maxZoom).toBe(4);
    // The padded extent fits at 0.16; the floor of 1/8 lets a small set zoom out a little further.
    expect(b.minZoom).toBe(0.125);
    expect(boundsFor([0, 0, 40_000, 20_000], 500, vp).minZoom).toBeCloseTo(800 / 41_000, 9);
    const c = clampCamera(b, vp, { x: -10_000, y: 99_999, zoom: 1 });
    // Left edge of the view meets -500; bottom edge meets 2500.
    expect(c).toEqual({ x: -500 + 400, y: 2500 - 300, zoom: 1 });
    expect(clampCamera(b, vp, { x: 0, y: 0, zoom: 100 }).zoom).toBe(4);
    // Zoomed out past the extent: centred.
    const far = clampCamera({ ...b, minZoom: 0.01 }, vp, { x: 123, y: 456, zoom: 0.05 });
    expect([far.x, far.y]).toEqual([2000, 1000]);
  });

  it('derives zoom from a region level and the visible rectangle from the camera', () => {
    expect([zoomForLevel(3), zoomForLevel(2), zoomForLevel(0)]).toEqual([1, 0.5, 0.125]);
    expect(visibleWorldRect({ x: 0, y: 0, zoom: 2 }, vp, 10)).toEqual([-205, -155, 205, 155]);
  });
});
