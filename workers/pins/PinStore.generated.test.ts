// The store's queries against brute force over PinList.decode (an independent decode path)
// on a generated, clustered set over the real regions.
import { describe, expect, it } from 'vitest';
import Alea from 'alea';
import { PinList } from '../../proto';
import { generateCategories } from '../../bench/worker/generate-pins';
import { PinStore } from './PinStore';
import { pointInPolygon, routePosition } from './queries';

const cats = generateCategories(20_000, 8, 'store-vs-brute');
const store = new PinStore();
for (const c of cats) store.load(c.categoryId, c.bytes);
const pins = cats.flatMap((c) =>
  PinList.decode(c.bytes).pins.map((p) => ({ id: p.id!, coordX: p.coordX!, coordY: p.coordY!, region: p.region })),
);
const rnd = Alea('queries');
const sorted = (a: Int32Array | number[]) => [...a].sort((p, q) => p - q);

describe('PinStore queries on 20,000 generated pins', () => {
  it('rectangles match brute force, with and without a region filter', async () => {
    for (let k = 0; k < 20; k++) {
      const x = -6000 + rnd() * 22000,
        y = -4000 + rnd() * 19000,
        w = 200 + rnd() * 3000,
        h = 200 + rnd() * 3000;
      const region = k % 2 ? undefined : k % 7;
      const want = pins
        .filter(
          (p) => p.coordX >= x && p.coordX <= x + w && p.coordY >= y && p.coordY <= y + h && (region === undefined || p.region === region),
        )
        .map((p) => p.id);
      expect(sorted(await store.queryRect(x, y, x + w, y + h, region === undefined ? undefined : { region }))).toEqual(sorted(want));
    }
  });

  it('lassos match brute force', async () => {
    let total = 0;
    for (let k = 0; k < 10; k++) {
      const cx = -4000 + rnd() * 18000,
        cy = -3000 + rnd() * 17000;
      // A star-shaped (concave) polygon of 12 vertices.
      const poly = new Float64Array(24);
      for (let v = 0; v < 12; v++) {
        const r = (v % 2 ? 600 : 2500) * (0.6 + rnd() * 0.4),
          a = (v / 12) * 2 * Math.PI;
        poly[2 * v] = cx + r * Math.cos(a);
        poly[2 * v + 1] = cy + r * Math.sin(a);
      }
      const want = pins.filter((p) => pointInPolygon(p.coordX, p.coordY, poly)).map((p) => p.id);
      total += want.length;
      expect(sorted(await store.queryLasso(poly))).toEqual(sorted(want));
    }
    expect(total).toBeGreaterThan(100);
  });

  it('routes match brute force in content and order', async () => {
    let total = 0;
    for (let k = 0; k < 10; k++) {
      const line = new Float64Array(10);
      let x = -4000 + rnd() * 16000,
        y = -3000 + rnd() * 15000;
      for (let v = 0; v < 5; v++) {
        line[2 * v] = x;
        line[2 * v + 1] = y;
        x += (rnd() - 0.5) * 3000;
        y += (rnd() - 0.5) * 3000;
      }
      const width = 100 + rnd() * 400;
      const want = pins
        .map((p) => ({ id: p.id, pos: routePosition(p.coordX, p.coordY, line)! }))
        .filter((e) => e.pos.dist <= width / 2)
        .sort((a, b) => a.pos.along - b.pos.along || a.id - b.id)
        .map((e) => e.id);
      total += want.length;
      expect([...(await store.queryRoute(line, width))]).toEqual(want);
    }
    expect(total).toBeGreaterThan(50);
  });

  it('point picks match the brute-force nearest pin', () => {
    for (let k = 0; k < 200; k++) {
      const p = pins[Math.floor(rnd() * pins.length)]!;
      const x = p.coordX + (rnd() - 0.5) * 20,
        y = p.coordY + (rnd() - 0.5) * 20;
      const best = Math.min(...pins.map((q) => Math.hypot(q.coordX - x, q.coordY - y)));
      const got = store.queryPoint(x, y, 16);
      if (best > 16) expect(got).toBeNull();
      else {
        const g = pins.find((q) => q.id === got)!;
        expect(Math.hypot(g.coordX - x, g.coordY - y)).toBeCloseTo(best, 4);
      }
    }
  });
});
