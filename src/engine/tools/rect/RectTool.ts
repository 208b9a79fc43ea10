// Rectangle selection: a drag spans a rectangle from where it began; 'rangeselect' gets its corners.
import type { DrawnShape } from '../../OverlayLayer';
import { MapMode } from '../../types';
import { DrawTool } from '../draw/DrawTool';

export class RectTool extends DrawTool {
  static override readonly mode: MapMode = MapMode.RangeSelection;

  protected begin(x: number, y: number): DrawnShape {
    return { kind: 'rect', points: [x, y, x, y, x, y, x, y], width: 0 };
  }

  protected extend(s: DrawnShape, x: number, y: number): boolean {
    const x0 = s.points[0]!;
    const y0 = s.points[1]!;
    s.points.length = 0;
    s.points.push(x0, y0, x, y0, x, y, x0, y);
    return true;
  }

  protected complete(s: DrawnShape): boolean {
    return s.points.length >= 6;
  }

  protected finish(s: DrawnShape): void {
    this.ctx.emit('rangeselect', { shape: 'rect', polygon: Float64Array.from(s.points) });
  }
}
