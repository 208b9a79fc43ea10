// Route selection: a drag draws a path (a point every 6 screen px) with a corridor around it;
// 'routeselect' gets the polyline and the corridor width.
import type { DrawnShape } from '../../OverlayLayer';
import { MapMode } from '../../types';
import { DrawTool } from '../draw/DrawTool';
import { addPoint } from '../draw/polyline';

export class RouteTool extends DrawTool {
  static override readonly mode: MapMode = MapMode.RouteSelection;

  protected begin(x: number, y: number): DrawnShape {
    return { kind: 'route', points: [x, y], width: this.ctx.routeWidth() };
  }

  protected extend(s: DrawnShape, x: number, y: number, zoom: number): boolean {
    return addPoint(s.points, x, y, zoom, 6);
  }

  protected complete(s: DrawnShape): boolean {
    return s.points.length >= 4;
  }

  protected finish(s: DrawnShape): void {
    this.ctx.emit('routeselect', { polyline: Float64Array.from(s.points), width: s.width });
  }
}
