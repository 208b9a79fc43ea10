// The route planner's solver: orders stops into a short open path from a fixed start.
// Pure (no worker, no DOM): the pins worker calls it (PinStore.planRoute), the bench and tests drive it directly.
//
// Cost model (issue 22): stops on the same floor are joined by their straight distance (world units; one
// unit is one metre on the game's maps). A stop on another floor is reached through its floor area, not through
// rock: the path pays FLOOR_CHANGE_COST for every floor level it climbs or descends (the base map is level 0, a
// sub-map its depth), on top of the distance over the ground. The sum of two metrics is a metric, so the local
// search below stays sound, and the penalty groups a floor's stops into one visit, entered and left once.
//
// Search: nearest neighbour from the start, then 2-opt and Or-opt (segments of 1–3 stops, either way round)
// over each stop's K nearest neighbours until neither improves, then an iterated local search (a local
// double-bridge kick, the same local search, kept when shorter) for a bounded effort.
import Alea from 'alea';

/** Cost of one floor level climbed or descended between two stops (world units): the walk to the area's entrance. */
export const FLOOR_CHANGE_COST = 150;
/** The most stops one route takes (the worker refuses more with a Korean error). */
export const ROUTE_MAX_STOPS = 1000;

/** Stops to order, parallel arrays; z is the floor (NaN = base map). */
export interface RouteStops {
  x: ArrayLike<number>;
  y: ArrayLike<number>;
  z: ArrayLike<number>;
}

/** A start point: world position and floor (null or NaN = base map). */
export interface RouteStart {
  x: number;
  y: number;
  floor?: number | null;
}

export interface SolveOptions {
  /** Neighbours per stop the moves look at (default 10). */
  neighbours?: number;
  /** Iterated-local-search kicks after the first local optimum (default scales with the stop count; 0 = none). */
  kicks?: number;
  /** Stop kicking once the whole solve has taken this many milliseconds (default 100). */
  budgetMs?: number;
  /** Seed of the kicks' random choices (default 1): the same input gives the same route. */
  seed?: number | string;
  /** Start from this order of stop indices instead of nearest neighbour (the multi-start baseline uses it). */
  initial?: ArrayLike<number>;
}

export interface SolvedRoute {
  /** Stop indices in visiting order. */
  order: Int32Array;
  /** Cost of the path start → stops (world units, floor changes included). */
  length: number;
}

const level = (z: number | null | undefined): number => (z == null || z !== z ? 0 : z);

/** Cost between two points under the model above. */
export function stepCost(ax: number, ay: number, az: number, bx: number, by: number, bz: number): number {
  return Math.hypot(bx - ax, by - ay) + FLOOR_CHANGE_COST * Math.abs(level(bz) - level(az));
}

/** The cost of visiting stops in `order` from `start`. */
export function routeLength(stops: RouteStops, start: RouteStart, order: ArrayLike<number>): number {
  let px = start.x,
    py = start.y,
    pz = level(start.floor);
  let sum = 0;
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!;
    const z = level(stops.z[i]);
    sum += stepCost(px, py, pz, stops.x[i]!, stops.y[i]!, z);
    px = stops.x[i]!;
    py = stops.y[i]!;
    pz = z;
  }
  return sum;
}

/** Orders the stops into a short open path from `start` (see the file's comment). */
export function solveRoute(stops: RouteStops, start: RouteStart, opts: SolveOptions = {}): SolvedRoute {
  const started = performance.now();
  const n = stops.x.length;
  if (n === 0) return { order: new Int32Array(0), length: 0 };
  // Node 0 is the start, node i+1 is stop i.
  const N = n + 1;
  const X = new Float64Array(N),
    Y = new Float64Array(N),
    Z = new Float64Array(N);
  X[0] = start.x;
  Y[0] = start.y;
  Z[0] = level(start.floor);
  for (let i = 0; i < n; i++) {
    X[i + 1] = stops.x[i]!;
    Y[i + 1] = stops.y[i]!;
    Z[i + 1] = level(stops.z[i]);
  }
  const D = new Float64Array(N * N);
  for (let a = 0; a < N; a++)
    for (let b = a + 1; b < N; b++) {
      const d = Math.hypot(X[b]! - X[a]!, Y[b]! - Y[a]!) + FLOOR_CHANGE_COST * Math.abs(Z[b]! - Z[a]!);
      D[a * N + b] = d;
      D[b * N + a] = d;
    }
  const d = (a: number, b: number) => (a < 0 || b < 0 ? 0 : D[a * N + b]!);

  // K nearest neighbours per node (the start among them: the first edge can change too), by a bounded insertion scan.
  const K = Math.min(opts.neighbours ?? 10, n);
  const neigh = new Int32Array(N * K);
  const nd = new Float64Array(K);
  for (let a = 0; a < N; a++) {
    let filled = 0;
    const row = a * N;
    for (let b = 0; b < N; b++) {
      if (b === a) continue;
      const v = D[row + b]!;
      if (filled === K && v >= nd[K - 1]!) continue;
      let m = filled === K ? K - 1 : filled++;
      while (m > 0 && nd[m - 1]! > v) {
        nd[m] = nd[m - 1]!;
        neigh[a * K + m] = neigh[a * K + m - 1]!;
        m--;
      }
      nd[m] = v;
      neigh[a * K + m] = b;
    }
  }

  // The path: t[0] = 0 (start), t[1..n] the stops; pos[node] = index in t.
  const t = new Int32Array(N);
  const pos = new Int32Array(N);
  if (opts.initial) {
    t[0] = 0;
    for (let k = 0; k < n; k++) t[k + 1] = opts.initial[k]! + 1;
  } else {
    const used = new Uint8Array(N);
    used[0] = 1;
    let cur = 0;
    for (let k = 1; k < N; k++) {
      let best = -1,
        bd = Infinity;
      for (let b = 1; b < N; b++)
        if (!used[b] && D[cur * N + b]! < bd) {
          bd = D[cur * N + b]!;
          best = b;
        }
      used[best] = 1;
      t[k] = best;
      cur = best;
    }
  }
  const reindex = (from = 0, to = N - 1) => {
    for (let k = from; k <= to; k++) pos[t[k]!] = k;
  };
  reindex();
  const at = (k: number) => (k >= 0 && k < N ? t[k]! : -1);
  const reverse = (i: number, j: number) => {
    for (; i < j; i++, j--) {
      const a = t[i]!;
      t[i] = t[j]!;
      t[j] = a;
      pos[t[i]!] = i;
      pos[t[j]!] = j;
    }
  };
  const EPS = 1e-7;

  // Nodes whose edges may still improve (don't-look bits as a FIFO).
  const queue = new Int32Array(N);
  const queued = new Uint8Array(N);
  let qHead = 0,
    qSize = 0;
  const push = (a: number) => {
    if (a < 0 || queued[a]) return;
    queued[a] = 1;
    queue[(qHead + qSize++) % N] = a;
  };

  // 2-opt: a new edge (a, c) for c among a's neighbours, on a's successor or predecessor side.
  function twoOpt(a: number): boolean {
    for (let k = 0; k < K; k++) {
      const c = neigh[a * K + k]!;
      const i = pos[a]!,
        j = pos[c]!;
      const lo = Math.min(i, j),
        hi = Math.max(i, j);
      if (hi - lo < 2) continue;
      // Successor side: (t[lo], t[lo+1]), (t[hi], t[hi+1]) → (t[lo], t[hi]), (t[lo+1], t[hi+1]).
      const A = at(lo),
        B = at(lo + 1),
        C = at(hi),
        E = at(hi + 1);
      if (d(A, C) + d(B, E) - d(A, B) - d(C, E) < -EPS) {
        reverse(lo + 1, hi);
        for (const v of [A, B, C, E]) push(v);
        return true;
      }
      // Predecessor side: (t[lo-1], t[lo]), (t[hi-1], t[hi]) → (t[lo-1], t[hi-1]), (t[lo], t[hi]).
      if (lo >= 1) {
        const P = at(lo - 1),
          Q = at(hi - 1);
        if (d(P, Q) + d(A, C) - d(P, A) - d(Q, C) < -EPS) {
          reverse(lo, hi - 1);
          for (const v of [P, Q, A, C]) push(v);
          return true;
        }
      }
    }
    return false;
  }

  // Or-opt: move the segment of L stops starting or ending at a next to a neighbour of its ends, either way round.
  const seg = new Int32Array(3);
  function orOpt(a: number): boolean {
    const pa = pos[a]!;
    if (pa === 0) return false;
    for (let L = 1; L <= 3; L++) {
      for (let side = 0; side < (L === 1 ? 1 : 2); side++) {
        const i = side === 0 ? pa : pa - L + 1;
        if (i < 1 || i + L - 1 >= N) continue;
        const s1 = t[i]!,
          sL = t[i + L - 1]!;
        const prev = at(i - 1),
          next = at(i + L);
        const removeGain = d(prev, s1) + d(sL, next) - d(prev, next);
        if (removeGain <= EPS) continue;
        let bestDelta = -EPS,
          bestQ = -1,
          bestRev = false;
        for (let e = 0; e < 2; e++) {
          const end = e === 0 ? s1 : sL;
          for (let k = 0; k < K; k++) {
            const pc = pos[neigh[end * K + k]!]!;
            // Between (t[q], t[q+1]) for q = pc - 1 and q = pc, outside the segment.
            for (let q = pc - 1; q <= pc; q++) {
              if (q < 0 || (q >= i - 1 && q <= i + L - 1)) continue;
              const u = at(q),
                v = at(q + 1);
              const base = d(u, v);
              const fwd = d(u, s1) + d(sL, v) - base - removeGain;
              const rev = d(u, sL) + d(s1, v) - base - removeGain;
              if (fwd < bestDelta) {
                bestDelta = fwd;
                bestQ = q;
                bestRev = false;
              }
              if (rev < bestDelta) {
                bestDelta = rev;
                bestQ = q;
                bestRev = true;
              }
            }
          }
        }
        if (bestQ < 0) continue;
        const u = at(bestQ),
          v = at(bestQ + 1);
        for (let m = 0; m < L; m++) seg[m] = t[i + m]!;
        if (bestQ < i) {
          // Shift t[bestQ+1 .. i-1] right by L, the segment at bestQ+1.
          for (let m = i - 1; m > bestQ; m--) t[m + L] = t[m]!;
          for (let m = 0; m < L; m++) t[bestQ + 1 + m] = bestRev ? seg[L - 1 - m]! : seg[m]!;
          reindex(bestQ + 1, i + L - 1);
        } else {
          // Shift t[i+L .. bestQ] left by L, the segment after them.
          for (let m = i + L; m <= bestQ; m++) t[m - L] = t[m]!;
          for (let m = 0; m < L; m++) t[bestQ - L + 1 + m] = bestRev ? seg[L - 1 - m]! : seg[m]!;
          reindex(i, bestQ);
        }
        for (const w of [prev, next, s1, sL, u, v]) push(w);
        return true;
      }
    }
    return false;
  }

  const localSearch = () => {
    while (qSize > 0) {
      const a = queue[qHead]!;
      qHead = (qHead + 1) % N;
      qSize--;
      queued[a] = 0;
      if (twoOpt(a) || orOpt(a)) push(a);
    }
  };
  const pathCost = (p: Int32Array) => {
    let s = 0;
    for (let k = 1; k < N; k++) s += D[p[k - 1]! * N + p[k]!]!;
    return s;
  };

  if (K > 0) {
    for (let k = 0; k < N; k++) push(t[k]!);
    localSearch();
  }
  const best = t.slice();
  let bestCost = pathCost(best);

  // Iterated local search: a double bridge within a window of the path, then local search around the cuts.
  const kicks = n < 8 || K <= 0 ? 0 : (opts.kicks ?? Math.min(2000, 50 + 5 * n));
  const budget = opts.budgetMs ?? 100;
  const rand = Alea(opts.seed ?? 1);
  const w = Math.min(n, 30);
  for (let kick = 0; kick < kicks; kick++) {
    if ((kick & 15) === 0 && performance.now() - started > budget) break;
    const s = 1 + Math.floor(rand() * (n - w + 1));
    const cuts = [0, 0, 0].map(() => s + 1 + Math.floor(rand() * (w - 1))).sort((p, q) => p - q);
    const [p1, p2, p3] = cuts as [number, number, number];
    if (p1 === p2 || p2 === p3) continue;
    // t[p1..p2-1] t[p2..p3-1] → t[p2..p3-1] t[p1..p2-1]
    const moved = t.slice(p1, p3);
    const len2 = p3 - p2;
    t.set(moved.subarray(p2 - p1), p1);
    t.set(moved.subarray(0, p2 - p1), p1 + len2);
    reindex(p1, p3 - 1);
    for (const k of [p1 - 1, p1, p1 + len2 - 1, p1 + len2, p3 - 1, p3]) push(at(k));
    localSearch();
    const c = pathCost(t);
    if (c < bestCost - EPS) {
      bestCost = c;
      best.set(t);
    } else {
      t.set(best);
      reindex();
    }
  }
  const order = new Int32Array(n);
  for (let k = 1; k < N; k++) order[k - 1] = best[k]! - 1;
  return { order, length: bestCost };
}
