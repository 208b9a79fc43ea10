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
/**
 * Wall-clock milliseconds a solve may spend in all (the kicks stop there). 1,000 stops reach their first local
 * optimum in about 10 ms (the N² matrix and scans it replaced took 40), so 80 ms leaves the worker's call well under the 200 ms on a loaded machine.
 */
export const ROUTE_BUDGET_MS = 80;

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
  /** Stop kicking once the whole solve has taken this many milliseconds (default ROUTE_BUDGET_MS). */
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

/**
 * Each node's K cheapest other nodes under the cost model, nearest first (row a at a*K; -1 pads a row when there
 * are fewer than K others). A uniform grid over (x, y), searched ring by ring until the ring is farther than the
 * K-th cost found: a floor change only adds cost, so the planar distance bounds it from below. O(N·K) for spread
 * stops instead of the N² scan.
 */
export function nearestNeighbours(X: Float64Array, Y: Float64Array, Z: Float64Array, K: number): Int32Array {
  const N = X.length;
  const neigh = new Int32Array(N * K).fill(-1);
  if (K === 0 || N < 2) return neigh;
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (let i = 0; i < N; i++) {
    minX = Math.min(minX, X[i]!);
    maxX = Math.max(maxX, X[i]!);
    minY = Math.min(minY, Y[i]!);
    maxY = Math.max(maxY, Y[i]!);
  }
  // About two nodes a cell.
  const side = Math.max(1, Math.ceil(Math.sqrt(N / 2)));
  const cw = Math.max((maxX - minX) / side, (maxY - minY) / side, 1e-9);
  const gw = Math.max(1, Math.ceil((maxX - minX) / cw) + 1),
    gh = Math.max(1, Math.ceil((maxY - minY) / cw) + 1);
  const cellOf = (i: number) => Math.floor((Y[i]! - minY) / cw) * gw + Math.floor((X[i]! - minX) / cw);
  // Counting sort of the nodes by cell.
  const cellStart = new Int32Array(gw * gh + 1);
  for (let i = 0; i < N; i++) cellStart[cellOf(i) + 1]!++;
  for (let c = 0; c < gw * gh; c++) cellStart[c + 1]! += cellStart[c]!;
  const fill = cellStart.slice(0, gw * gh);
  const members = new Int32Array(N);
  for (let i = 0; i < N; i++) members[fill[cellOf(i)]!++] = i;

  const nd = new Float64Array(K);
  for (let a = 0; a < N; a++) {
    let filled = 0;
    const ax = X[a]!,
      ay = Y[a]!,
      az = Z[a]!;
    const cx = Math.floor((ax - minX) / cw),
      cy = Math.floor((ay - minY) / cw);
    const maxRing = Math.max(gw, gh);
    for (let ring = 0; ring <= maxRing; ring++) {
      // Every node beyond this ring is at least (ring) cells away, minus the node's offset in its own cell.
      if (filled === K && (ring - 1) * cw > nd[K - 1]!) break;
      for (let gy = cy - ring; gy <= cy + ring; gy++) {
        if (gy < 0 || gy >= gh) continue;
        const edge = gy === cy - ring || gy === cy + ring;
        for (let gx = cx - ring; gx <= cx + ring; gx += edge ? 1 : 2 * ring) {
          if (gx >= 0 && gx < gw) {
            const c = gy * gw + gx;
            for (let m = cellStart[c]!; m < cellStart[c + 1]!; m++) {
              const b = members[m]!;
              if (b === a) continue;
              const dx = X[b]! - ax,
                dy = Y[b]! - ay;
              const v = Math.sqrt(dx * dx + dy * dy) + FLOOR_CHANGE_COST * Math.abs(Z[b]! - az);
              if (filled === K && v >= nd[K - 1]!) continue;
              let p = filled === K ? K - 1 : filled++;
              while (p > 0 && nd[p - 1]! > v) {
                nd[p] = nd[p - 1]!;
                neigh[a * K + p] = neigh[a * K + p - 1]!;
                p--;
              }
              nd[p] = v;
              neigh[a * K + p] = b;
            }
          }
          if (ring === 0) break;
        }
      }
    }
  }
  return neigh;
}

// Nodes (stops and the start) up to which the solver reads costs from an N² table.
const MATRIX_NODES = 400;

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
  const direct = (a: number, b: number) => {
    const dx = X[b]! - X[a]!,
      dy = Y[b]! - Y[a]!;
    return Math.sqrt(dx * dx + dy * dy) + FLOOR_CHANGE_COST * Math.abs(Z[b]! - Z[a]!);
  };
  // Up to MATRIX_NODES the costs are read from a table (it fits the cache, and the kicks read it most); past that
  // they are computed when asked (1,000 stops would need 8 MB and a million square roots before the first move).
  let cost = direct;
  if (N <= MATRIX_NODES) {
    const D = new Float64Array(N * N);
    for (let a = 0; a < N; a++)
      for (let b = a + 1; b < N; b++) {
        const v = direct(a, b);
        D[a * N + b] = v;
        D[b * N + a] = v;
      }
    cost = (a, b) => D[a * N + b]!;
  }
  const d = (a: number, b: number) => (a < 0 || b < 0 ? 0 : cost(a, b));

  // K nearest neighbours per node (the start among them: the first edge can change too).
  const K = Math.min(opts.neighbours ?? 10, n);
  const neigh = nearestNeighbours(X, Y, Z, K);

  // The path: t[0] = 0 (start), t[1..n] the stops; pos[node] = index in t.
  const t = new Int32Array(N);
  const pos = new Int32Array(N);
  if (opts.initial) {
    t[0] = 0;
    for (let k = 0; k < n; k++) t[k + 1] = opts.initial[k]! + 1;
  } else {
    // Nearest neighbour: the nearest unused among the current node's neighbour list, a full scan only when all
    // of them are used.
    const used = new Uint8Array(N);
    used[0] = 1;
    let cur = 0;
    for (let k = 1; k < N; k++) {
      let best = -1;
      for (let m = 0; m < K; m++) {
        const b = neigh[cur * K + m]!;
        if (b >= 0 && !used[b]) {
          best = b;
          break;
        }
      }
      if (best < 0) {
        let bd = Infinity;
        for (let b = 1; b < N; b++)
          if (!used[b]) {
            const c = cost(cur, b);
            if (c < bd) {
              bd = c;
              best = b;
            }
          }
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
      if (c < 0) break;
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
            const nb = neigh[end * K + k]!;
            if (nb < 0) break;
            const pc = pos[nb]!;
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
    for (let k = 1; k < N; k++) s += cost(p[k - 1]!, p[k]!);
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
  const budget = opts.budgetMs ?? ROUTE_BUDGET_MS;
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
