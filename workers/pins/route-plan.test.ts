import Alea from 'alea';
import { describe, expect, it } from 'vitest';
import { FLOOR_CHANGE_COST, nearestNeighbours, routeLength, solveRoute, stepCost } from './route-plan';
import { nearestUnfound, planRoute, ROUTE_TOO_MANY_ERROR } from './route-query';
import { PinStore } from './PinStore';
import { gridCategories } from './test-pins';

function random(n: number, seed: string, floors = false) {
  const r = Alea(seed);
  const x = new Float64Array(n),
    y = new Float64Array(n),
    z = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    x[i] = r() * 2000;
    y[i] = r() * 2000;
    z[i] = floors && r() < 0.2 ? -1 : NaN;
  }
  return { x, y, z };
}

/** Nearest neighbour alone, the construction the search starts from. */
function nearestNeighbour(s: ReturnType<typeof random>, start: { x: number; y: number }): number[] {
  const left = new Set(s.x.keys());
  const out: number[] = [];
  let px = start.x,
    py = start.y,
    pz = NaN;
  while (left.size) {
    let best = -1,
      bd = Infinity;
    for (const i of left) {
      const d = stepCost(px, py, pz, s.x[i]!, s.y[i]!, s.z[i]!);
      if (d < bd) [bd, best] = [d, i];
    }
    left.delete(best);
    out.push(best);
    [px, py, pz] = [s.x[best]!, s.y[best]!, s.z[best]!];
  }
  return out;
}

describe('nearestNeighbours (the grid the moves look through)', () => {
  it('finds the same K cheapest neighbours as a scan of every pair, floors included, for clustered and repeated points', () => {
    const s = random(400, 'knn', true);
    // A tight cluster and exact duplicates: cells with many nodes, ties.
    for (let i = 0; i < 40; i++) {
      s.x[i] = 500 + (i % 7);
      s.y[i] = 500 + Math.floor(i / 7);
    }
    s.x[41] = s.x[40]!;
    s.y[41] = s.y[40]!;
    const Z = s.z.map((z) => (z === z ? z : 0));
    const K = 8;
    const got = nearestNeighbours(s.x, s.y, Z, K);
    for (let a = 0; a < 400; a++) {
      const costs = Array.from(s.x.keys())
        .filter((b) => b !== a)
        .map((b) => stepCost(s.x[a]!, s.y[a]!, Z[a]!, s.x[b]!, s.y[b]!, Z[b]!))
        .sort((p, q) => p - q);
      const mine = Array.from(got.subarray(a * K, a * K + K), (b) => stepCost(s.x[a]!, s.y[a]!, Z[a]!, s.x[b]!, s.y[b]!, Z[b]!));
      for (let k = 0; k < K; k++) expect(mine[k]).toBeCloseTo(costs[k]!, 6);
    }
  });
});

describe('solveRoute', () => {
  it('visits every stop once and reports the length of the order it gives', () => {
    const s = random(300, 'perm');
    const r = solveRoute(s, { x: 0, y: 0 });
    expect(new Set(r.order).size).toBe(300);
    expect(Math.min(...r.order)).toBe(0);
    expect(Math.max(...r.order)).toBe(299);
    expect(r.length).toBeCloseTo(routeLength(s, { x: 0, y: 0 }, r.order), 6);
  });

  it('handles no stop, one stop and two stops', () => {
    const none = solveRoute({ x: [], y: [], z: [] }, { x: 0, y: 0 });
    expect([...none.order]).toEqual([]);
    expect(none.length).toBe(0);
    const one = solveRoute({ x: [3], y: [4], z: [NaN] }, { x: 0, y: 0 });
    expect([...one.order]).toEqual([0]);
    expect(one.length).toBeCloseTo(5);
    const two = solveRoute({ x: [100, 10], y: [0, 0], z: [NaN, NaN] }, { x: 0, y: 0 });
    expect([...two.order]).toEqual([1, 0]);
  });

  it('walks stops on a line outwards from the start, the shortest open path', () => {
    const xs = [50, 10, 40, 20, 30, -10, -20];
    const r = solveRoute({ x: xs, y: xs.map(() => 0), z: xs.map(() => NaN) }, { x: 0, y: 0 });
    // From 0: left to -20 first (20 back), then right to 50: 20 + 20 + 50 = 90, better than right first (50 + 70).
    expect(r.length).toBeCloseTo(90);
    expect(Array.from(r.order, (i) => xs[i]!)).toEqual([-10, -20, 10, 20, 30, 40, 50]);
  });

  it('goes round a ring of stops instead of zigzagging (2-opt and Or-opt undo the crossings)', () => {
    const n = 60;
    const ring = { x: [] as number[], y: [] as number[], z: [] as number[] };
    // Shuffled order of the ring's points, so the input order gives nothing away.
    const r = Alea('ring');
    const k = Array.from({ length: n }, (_, i) => i).sort(() => r() - 0.5);
    for (const i of k) {
      ring.x.push(1000 * Math.cos((2 * Math.PI * i) / n));
      ring.y.push(1000 * Math.sin((2 * Math.PI * i) / n));
      ring.z.push(NaN);
    }
    const side = 2 * 1000 * Math.sin(Math.PI / n);
    const solved = solveRoute(ring, { x: 1000, y: 0 });
    // The start stands on point 0; the best open path goes round once: n - 1 sides.
    expect(solved.length).toBeCloseTo((n - 1) * side, 3);
  });

  it('is shorter than nearest neighbour alone and gives the same route for the same input', () => {
    const s = random(200, 'nn');
    const start = { x: 1000, y: 1000 };
    const a = solveRoute(s, start);
    expect(a.length).toBeLessThan(routeLength(s, start, nearestNeighbour(s, start)) * 0.97);
    const b = solveRoute(s, start, { budgetMs: 1e9 });
    // Kicks stop at a count too; with time to spare both runs make all of them: equal routes.
    const c = solveRoute(s, start, { budgetMs: 1e9 });
    expect([...b.order]).toEqual([...c.order]);
  });

  it('visits a floor area once: its stops are grouped, entered and left through one floor change each', () => {
    // Two interleaved rows: base-map stops and floor -1 stops at nearly the same places.
    const x: number[] = [],
      y: number[] = [],
      z: number[] = [];
    for (let i = 0; i < 20; i++) {
      x.push(i * 30, i * 30 + 5);
      y.push(0, 5);
      z.push(NaN, -1);
    }
    const r = solveRoute({ x, y, z }, { x: -30, y: 0 });
    let changes = 0;
    let prev = 0;
    for (const i of r.order) {
      const f = z[i] === z[i] ? z[i]! : 0;
      if (f !== prev) changes++;
      prev = f;
    }
    // A straight line through rock would switch floors at every stop (39 changes); the route switches once.
    expect(changes).toBe(1);
    expect(r.length).toBeLessThan(2 * 20 * 30 + FLOOR_CHANGE_COST + 100);
  });
});

describe('planRoute and nearestUnfound over the store', () => {
  const store = new PinStore();
  const { cat1, cat2 } = gridCategories();
  store.load(1, cat1);
  store.load(2, cat2);
  const get = (f: Parameters<PinStore['getPins']>[0]) => store.getPins(f);

  it('orders the unfound pins of the categories in the area, from the start', () => {
    store.setChecked([1, 2]);
    const r = planRoute(get, { filter: { categories: [1] }, area: { kind: 'rect', bounds: [0, 0, 20, 20] }, start: { x: 0, y: 0 } });
    // The 3×3 corner less the two found pins: 7 stops, the first the nearest to the start.
    expect(r.ids).toHaveLength(7);
    expect(new Set(r.ids)).toEqual(new Set([3, 11, 12, 13, 21, 22, 23]));
    expect(r.ids[0]).toBe(11);
    expect(r.length).toBeCloseTo(routeLength({ x: r.x, y: r.y, z: r.z }, { x: 0, y: 0 }, [0, 1, 2, 3, 4, 5, 6]), 3);
    const lasso = planRoute(get, {
      filter: { categories: [2] },
      area: { kind: 'lasso', polygon: [0, 0, 30, 0, 30, 10, 0, 10] },
      start: { x: 100, y: 5 },
    });
    expect([...lasso.ids]).toEqual([1003, 1002, 1001]);
    store.setChecked([]);
  });

  it('refuses a route over the pin limit with a Korean error', () => {
    const many = new PinStore();
    const r = Alea('many');
    const n = 1001;
    const bytes = gridCategories().cat1;
    many.load(1, bytes);
    for (let i = 0; i < n; i++)
      many.upsertPin({ id: 5000 + i, coordX: r() * 100, coordY: r() * 100, categoryId: 3, region: 0, tagIds: [], catNum: i } as never);
    expect(() => planRoute((f) => many.getPins(f), { filter: { categories: [3] }, area: { kind: 'all' }, start: { x: 0, y: 0 } })).toThrow(
      expect.objectContaining({ name: ROUTE_TOO_MANY_ERROR, message: expect.stringContaining('최대 1,000개') }),
    );
  });

  it('finds the nearest unfound pin across floors, a floor change costing its penalty', () => {
    store.setChecked([1]);
    expect(nearestUnfound(get, 0, 0, null, { categories: [1] })?.id).toBe(2);
    // From floor -1 at (0, 50): pin 51 is on that floor, right there.
    expect(nearestUnfound(get, 1, 50, -1, { categories: [1] })).toMatchObject({ id: 51, floor: -1 });
    // From the base map at the same spot, the floor's pins cost a floor change: the base pin 41 (10 away) wins.
    expect(nearestUnfound(get, 1, 50, null, { categories: [1] })?.id).toBe(41);
    expect(nearestUnfound(get, 0, 0, null, { categories: [1] }, [2])?.id).toBe(11);
    expect(nearestUnfound(get, 0, 0, null, { categories: [99] })).toBeNull();
    store.setChecked([]);
  });
});
