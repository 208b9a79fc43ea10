// The base of the tools that draw a shape with one finger or the mouse (rectangle, lasso, route):
// the drag draws instead of panning, the shape shows while drawn and is handed on at the release
// when it has enough points; a tap or a cancel drops it. Subclasses say how a point extends it.
import type { DrawnShape } from '../../OverlayLayer';
import type { Press } from '../gesture';
import { MapTool } from '../tool';

export abstract class DrawTool extends MapTool {
  override readonly hover = false;
  override readonly zoomOnDoubleClick = false;
  protected drawing: DrawnShape | null = null;

  /** The shape begun at world point (x, y). */
  protected abstract begin(x: number, y: number): DrawnShape;
  /** Extends the shape to world point (x, y); false when the point adds nothing (too close). */
  protected abstract extend(s: DrawnShape, x: number, y: number, zoom: number): boolean;
  /** Whether the shape is worth handing on. */
  protected abstract complete(s: DrawnShape): boolean;
  /** Hands the finished shape on (the tool's event). */
  protected abstract finish(s: DrawnShape): void;

  // The primary button draws; another (the middle button) pans as everywhere.
  override onDragStart(p: Press): void {
    if (p.button !== 0) return;
    const w = this.ctx.world({ x: p.startX, y: p.startY });
    this.drawing = this.begin(w.x, w.y);
  }

  override onDrag(p: Press, dx: number, dy: number): void {
    const s = this.drawing;
    if (!s) return super.onDrag(p, dx, dy);
    const w = this.ctx.world(p);
    if (this.extend(s, w.x, w.y, this.ctx.camera().zoom)) this.ctx.shape(s, false);
  }

  override onDragEnd(p: Press): void {
    const s = this.drawing;
    this.drawing = null;
    if (!s) return super.onDragEnd(p);
    const done = this.complete(s);
    this.ctx.shape(done ? s : null, done);
    if (done) this.finish(s);
  }

  override onCancel(): void {
    if (!this.drawing) return;
    this.drawing = null;
    this.ctx.shape(null, false);
  }
}
