// Draws one tile pyramid (the base map of a tile set, or one sub-map) from the tile cache: the
// coarsest scale as a backdrop under the whole view, the zoom's scale on top, and while a tile of
// that scale loads, its loaded neighbour in scale (parent or children) in its place: no blank flashes.
// Once every tile of the zoom's scale in view is in, the backdrop is kept loaded but not drawn: it would
// be covered everywhere, and drawing it doubled the pixels a frame fills (a 4K frame's GPU time, in software).
import { Container, Sprite } from 'pixi.js';
import type { TilePart, TileScale } from '../../common/regions';
import { tilePath } from '../../common/regions';
import { TileState, type TileCache, type TileEntry } from './TileCache';
import { coverRange, emptyRange, isEmpty, spanOf, tileAtScale, type GridRange, type Pyramid } from './tile-cover';

const partIds = new Map<string, number>();
// Tile keys are numbers (part, col, row) so the per-update lookups allocate no strings.
function partId(part: TilePart): number {
  let id = partIds.get(part.path);
  if (id === undefined) partIds.set(part.path, (id = partIds.size + 1));
  return id;
}
function tileKey(part: number, col: number, row: number): number {
  return part * 1048576 + (col + 512) * 1024 + (row + 512);
}

const scratch: GridRange = emptyRange();
const BACKDROP: TileScale = 25;

/** One pyramid's tiles inside its own container, in world units (the parent carries the camera). */
export class TileLayer {
  readonly container = new Container({ label: 'tiles', eventMode: 'none' });
  private readonly byScale = new Map<TileScale, Container>();
  private readonly parts = new Map<TileScale, { part: TilePart; id: number }>();
  private shown: TileEntry[] = [];
  private next: TileEntry[] = [];
  private frame = 0;
  /** Tiles drawn by the last update, by scale (tests read it). */
  readonly drawn = { 100: 0, 50: 0, 25: 0 } as Record<TileScale, number>;

  constructor(
    private readonly pyramid: Pyramid,
    parts: readonly TilePart[],
    private readonly cache: TileCache,
    private readonly set: string,
  ) {
    for (const scale of [25, 50, 100] as const) {
      const c = new Container({ label: `scale-${scale}`, eventMode: 'none' });
      this.byScale.set(scale, c);
      this.container.addChild(c);
    }
    for (const part of parts) this.parts.set(part.scale, { part, id: partId(part) });
  }

  /** Shows the tiles the world rectangle `rect` needs at `scale`; queues what is missing. */
  update(rect: readonly number[], scale: TileScale, frame: number): void {
    this.frame = frame;
    this.next.length = 0;
    this.drawn[100] = this.drawn[50] = this.drawn[25] = 0;
    const covered = scale !== BACKDROP && this.cover(scale, rect, true);
    this.cover(BACKDROP, rect, false, !covered);
    // Hide what was shown last time and is not shown now.
    for (const e of this.shown) if (e.view && e.lastUsed !== frame) e.view.visible = false;
    const t = this.shown;
    this.shown = this.next;
    this.next = t;
  }

  dispose(): void {
    // Textures and sprites belong to the cache; only the containers are ours.
    for (const e of this.shown) if (e.view) e.view.visible = false;
    this.container.destroy({ children: false });
    this.shown.length = 0;
  }

  /**
   * Shows (or, `draw` false, only keeps loaded) the tiles of `scale` over `rect`, a missing one's neighbour in scale
   * in its place where `fallback`; true when every tile of the range was there to show.
   */
  private cover(scale: TileScale, rect: readonly number[], fallback: boolean, draw = true): boolean {
    const r = coverRange(this.pyramid, scale, rect, scratch);
    if (isEmpty(r)) return false;
    const { minCol, minRow, maxCol, maxRow } = r;
    let all = true;
    for (let row = minRow; row <= maxRow; row++) {
      for (let col = minCol; col <= maxCol; col++) {
        const e = this.want(scale, col, row);
        if (e && e.state === TileState.Ready && draw) this.show(e, scale, col, row);
        else if (e && e.state === TileState.Ready) {
          if (e.view) e.view.visible = false;
        } else {
          all = false;
          if (fallback) this.fallback(scale, col, row);
        }
      }
    }
    return all;
  }

  // A finer scale falls back to its loaded parent; a coarser one to its loaded children.
  private fallback(scale: TileScale, col: number, row: number): void {
    if (scale === 100) {
      const [pc, pr] = tileAtScale(this.pyramid, 100, col, row, 50);
      const e = this.entry(50, pc, pr);
      if (e?.state === TileState.Ready) this.show(e, 50, pc, pr);
      return;
    }
    const finer: TileScale = scale === 50 ? 100 : 50;
    const [c0, r0] = tileAtScale(this.pyramid, scale, col, row, finer);
    for (let dr = 0; dr < 2; dr++) {
      for (let dc = 0; dc < 2; dc++) {
        const e = this.entry(finer, c0 + dc, r0 + dr);
        if (e?.state === TileState.Ready) this.show(e, finer, c0 + dc, r0 + dr);
      }
    }
  }

  private entry(scale: TileScale, col: number, row: number): TileEntry | undefined {
    const p = this.parts.get(scale);
    return p && this.cache.get(tileKey(p.id, col, row));
  }

  private want(scale: TileScale, col: number, row: number): TileEntry | undefined {
    const p = this.parts.get(scale);
    if (!p) return undefined;
    const key = tileKey(p.id, col, row);
    const e = this.cache.get(key);
    if (e && e.state !== TileState.Idle) {
      e.lastUsed = this.frame;
      return e;
    }
    return this.cache.want(key, tilePath(p.part, col, row), this.set);
  }

  private show(e: TileEntry, scale: TileScale, col: number, row: number): void {
    if (e.lastUsed === this.frame && e.view?.visible && this.next.includes(e)) return;
    e.lastUsed = this.frame;
    if (!e.view) {
      const span = spanOf(this.pyramid, scale);
      const s = new Sprite({ texture: e.texture!, eventMode: 'none', roundPixels: false });
      s.x = this.pyramid.origin[0] + col * span;
      s.y = this.pyramid.origin[1] + row * span;
      // A hair of overlap hides seams between neighbouring tiles under fractional transforms.
      s.width = span * 1.001;
      s.height = span * 1.001;
      this.byScale.get(scale)!.addChild(s);
      e.view = s;
    } else if (e.view.parent !== this.byScale.get(scale)) {
      // A tile cached by an earlier layer of the same set (a region switch and back).
      this.byScale.get(scale)!.addChild(e.view);
    }
    e.view.visible = true;
    this.next.push(e);
    this.drawn[scale]++;
  }
}
