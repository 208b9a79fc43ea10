// The store's queries by place: the pin nearest a point, the pins in a rectangle, in a lasso, along a route.
import type { CategoryPins } from './CategoryPins';
import type { LivePins } from './LivePins';
import { passes, passesLive, type Compiled } from './pin-filter';
import { concat, idsOf } from './pin-buffers';
import { cumulativeLengths, pairsBounds, PolygonTester, projectOnSegment, routePosition, type Projection } from './queries';

/** Awaited between categories by long queries: yields to the event loop and throws when cancelled. */
export type Checkpoint = () => Promise<void> | void;

/** What a query reads: the categories its filter selects (load order), the live pins and the found set. */
export interface QueryScope {
  f: Compiled;
  categories: Iterable<CategoryPins>;
  live: LivePins;
  /** The found set, read when the live pins are tested: setChecked may replace it while a query yields. */
  checked: () => ReadonlySet<number>;
}

const projection: Projection = { dist2: 0, along: 0 };

/** The pin nearest to (x, y) within `radius` passing the filter (later-loaded wins a tie), or null. */
export function queryPoint({ f, categories, live, checked }: QueryScope, x: number, y: number, radius: number): number | null {
  const r2 = radius * radius;
  let best: number | null = null;
  let bestD = Infinity;
  for (const c of categories) {
    const { x: xs, y: ys, ids } = c.data;
    c.index!.search(x - radius, y - radius, x + radius, y + radius, (i) => {
      const dx = xs[i]! - x,
        dy = ys[i]! - y;
      const d2 = dx * dx + dy * dy;
      if (d2 <= r2 && d2 <= bestD && passes(c, i, f)) {
        bestD = d2;
        best = ids[i]!;
      }
      return false;
    });
  }
  for (const p of live.search(x - radius, y - radius, x + radius, y + radius)) {
    const dx = p.rec.coordX - x,
      dy = p.rec.coordY - y;
    const d2 = dx * dx + dy * dy;
    if (d2 <= r2 && d2 <= bestD && passesLive(p, f, checked())) {
      bestD = d2;
      best = p.rec.id;
    }
  }
  return best;
}

/** Ids of the pins inside the rectangle (edges included). */
export async function queryRect(
  { f, categories, live, checked }: QueryScope,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
  checkpoint?: Checkpoint,
): Promise<Int32Array> {
  const parts: Int32Array[] = [];
  for (const c of categories) {
    const hits = c.index!.search(minX, minY, maxX, maxY, (i) => passes(c, i, f));
    parts.push(idsOf(c, hits));
    await checkpoint?.();
  }
  parts.push(
    Int32Array.from(
      live.search(minX, minY, maxX, maxY).filter((p) => passesLive(p, f, checked())),
      (p) => p.rec.id,
    ),
  );
  return concat(parts);
}

/** Ids of the pins inside the polygon (x,y pairs, even-odd rule). */
export async function queryLasso(
  { f, categories, live, checked }: QueryScope,
  polygon: ArrayLike<number>,
  checkpoint?: Checkpoint,
): Promise<Int32Array> {
  const b = pairsBounds(polygon);
  if (!b || polygon.length < 6) return new Int32Array(0);
  const inside = new PolygonTester(polygon);
  const parts: Int32Array[] = [];
  for (const c of categories) {
    const { x, y } = c.data;
    const hits = c.index!.search(b[0], b[1], b[2], b[3], (i) => inside.contains(x[i]!, y[i]!) && passes(c, i, f));
    parts.push(idsOf(c, hits));
    await checkpoint?.();
  }
  const inLasso = live
    .search(b[0], b[1], b[2], b[3])
    .filter((p) => inside.contains(p.rec.coordX, p.rec.coordY) && passesLive(p, f, checked()));
  parts.push(Int32Array.from(inLasso, (p) => p.rec.id));
  return concat(parts);
}

/**
 * Ids of the pins within width/2 of the polyline (x,y pairs), ordered by the route distance of
 * their nearest point on it (ties by id); one vertex selects a disc.
 */
export async function queryRoute(
  { f, categories, live, checked }: QueryScope,
  polyline: ArrayLike<number>,
  width: number,
  checkpoint?: Checkpoint,
): Promise<Int32Array> {
  const nv = polyline.length >> 1;
  if (nv === 0 || !(width >= 0)) return new Int32Array(0);
  const half = width / 2;
  const h2 = half * half;
  const cum = cumulativeLengths(polyline);
  const segs = Math.max(1, nv - 1);
  const outIds: number[] = [];
  const outAlong: number[] = [];
  for (const c of categories) {
    const { x, y, ids } = c.data;
    // Best (squared distance, along) per candidate pin of this category, over the segments near it.
    const best = new Map<number, number>();
    const bestD: number[] = [];
    const bestA: number[] = [];
    for (let s = 0; s < segs; s++) {
      const ax = polyline[2 * s]!,
        ay = polyline[2 * s + 1]!;
      const bx = nv > 1 ? polyline[2 * s + 2]! : ax,
        by = nv > 1 ? polyline[2 * s + 3]! : ay;
      c.index!.search(Math.min(ax, bx) - half, Math.min(ay, by) - half, Math.max(ax, bx) + half, Math.max(ay, by) + half, (i) => {
        projectOnSegment(x[i]!, y[i]!, ax, ay, bx, by, projection);
        if (projection.dist2 > h2) return false;
        const slot = best.get(i);
        if (slot === undefined) {
          if (!passes(c, i, f)) return false;
          best.set(i, bestD.length);
          bestD.push(projection.dist2);
          bestA.push(cum[s]! + projection.along);
        } else if (projection.dist2 < bestD[slot]!) {
          bestD[slot] = projection.dist2;
          bestA[slot] = cum[s]! + projection.along;
        }
        return false;
      });
    }
    for (const [i, slot] of best) {
      outIds.push(ids[i]!);
      outAlong.push(bestA[slot]!);
    }
    await checkpoint?.();
  }
  for (const p of live.all()) {
    const pos = routePosition(p.rec.coordX, p.rec.coordY, polyline, cum);
    if (pos && pos.dist <= half && passesLive(p, f, checked())) {
      outIds.push(p.rec.id);
      outAlong.push(pos.along);
    }
  }
  const order = outIds.map((_, k) => k).sort((a, b) => outAlong[a]! - outAlong[b]! || outIds[a]! - outIds[b]!);
  return Int32Array.from(order, (k) => outIds[k]!);
}
