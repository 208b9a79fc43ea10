// Lasso selection: a drag draws a free polygon (a point every 4 screen px); 'rangeselect' gets it.
import type { DrawnShape } from '../../OverlayLayer';
import { MapMode } from '../../types';
import { DrawTool } from '../draw/DrawTool';
import { addPoint } from '../draw/polyline';

export class LassoTool extends DrawTool {
  static override readonly mode: MapMode = MapMode.RangeSelection;

  protected begin(x: number, y: number): DrawnShape {
    return { kind: 'lasso', points: [x, y], width: 0 };
  }

  protected extend(s: DrawnShape, x: number, y: number, zoom: number): boolean {
    return addPoint(s.points, x, y, zoom, 4);
  }

  protected complete(s: DrawnShape): boolean {
    return s.points.length >= 6;
  }

  protected finish(s: DrawnShape): void {
    this.ctx.emit('rangeselect', { shape: 'lasso', polygon: Float64Array.from(s.points) });
  }
}
