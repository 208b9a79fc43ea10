import { describe, expect, it } from 'vitest';
import Alea from 'alea';
import { cumulativeLengths, pairsBounds, pointInPolygon, PolygonTester, projectOnSegment, routePosition } from './queries';

describe('pointInPolygon', () => {
  const square = [0, 0, 10, 0, 10, 10, 0, 10];
  // A U shape: the notch (4..6, 3..10) is outside.
  const u = [0, 0, 10, 0, 10, 10, 6, 10, 6, 3, 4, 3, 4, 10, 0, 10];

  it('tells inside from outside of a square', () => {
    expect(pointInPolygon(5, 5, square)).toBe(true);
    expect(pointInPolygon(11, 5, square)).toBe(false);
    expect(pointInPolygon(-0.1, 5, square)).toBe(false);
  });

  it('follows a concave outline', () => {
    expect(pointInPolygon(2, 8, u)).toBe(true);
    expect(pointInPolygon(8, 8, u)).toBe(true);
    expect(pointInPolygon(5, 8, u)).toBe(false);
    expect(pointInPolygon(5, 1, u)).toBe(true);
  });

  it('uses the even-odd rule for a self-crossing bow tie', () => {
    const bow = [0, 0, 10, 10, 10, 0, 0, 10];
    expect(pointInPolygon(2, 5, bow)).toBe(true);
    expect(pointInPolygon(5, 2, bow)).toBe(false);
  });
});

describe('polyline helpers', () => {
  it('bounds pairs and returns null for none', () => {
    expect(pairsBounds([3, -1, -2, 7, 5, 0])).toEqual([-2, -1, 5, 7]);
    expect(pairsBounds([])).toBeNull();
  });

  it('accumulates segment lengths', () => {
    expect([...cumulativeLengths([0, 0, 3, 4, 3, 10])]).toEqual([0, 5, 11]);
  });

  it('projects on a segment and clamps to its ends', () => {
    const p = { dist2: 0, along: 0 };
    expect(projectOnSegment(5, 3, 0, 0, 10, 0, p)).toEqual({ dist2: 9, along: 5 });
    expect(projectOnSegment(-3, 4, 0, 0, 10, 0, p)).toEqual({ dist2: 25, along: 0 });
    expect(projectOnSegment(13, 0, 0, 0, 10, 0, p)).toEqual({ dist2: 9, along: 10 });
  });

  it('gives the distance to a route and the distance along it', () => {
    const line = [0, 0, 10, 0, 10, 10];
    expect(routePosition(4, -2, line)).toEqual({ dist: 2, along: 4 });
    expect(routePosition(12, 7, line)).toEqual({ dist: 2, along: 17 });
    // Equally near both segments at the corner: the earlier segment's position counts.
    expect(routePosition(11, -1, line)).toEqual({ dist: Math.SQRT2, along: 10 });
    expect(routePosition(1, 1, [0, 0])).toEqual({ dist: Math.SQRT2, along: 0 });
    expect(routePosition(1, 1, [])).toBeNull();
  });
});

describe('PolygonTester', () => {
  it('agrees with pointInPolygon on random freehand polygons', () => {
    const rnd = Alea('lasso');
    for (let k = 0; k < 20; k++) {
      const n = 3 + Math.floor(rnd() * 300);
      const poly = Float64Array.from({ length: 2 * n }, () => rnd() * 1000);
      const t = new PolygonTester(poly);
      let inside = 0;
      for (let s = 0; s < 500; s++) {
        const x = rnd() * 1000,
          y = rnd() * 1000;
        const want = pointInPolygon(x, y, poly);
        expect(t.contains(x, y)).toBe(want);
        inside += want ? 1 : 0;
      }
      expect(inside).toBeGreaterThan(0);
    }
  });

  it('handles a flat polygon and the grid vertices exactly like the plain test', () => {
    const square = [0, 0, 10, 0, 10, 10, 0, 10];
    const t = new PolygonTester(square);
    for (let x = -1; x <= 11; x++) for (let y = -1; y <= 11; y++) expect(t.contains(x, y)).toBe(pointInPolygon(x, y, square));
    expect(new PolygonTester([0, 5, 10, 5, 20, 5]).contains(5, 5)).toBe(false);
  });
});
