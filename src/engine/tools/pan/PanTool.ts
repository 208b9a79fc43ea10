// The default tool: a drag pans (with a fling), a tap opens the pin under it or zooms into an
// aggregate, a long press opens a pin's menu, the arrow keys walk between pins.
import { MapMode } from '../../types';
import type { Press } from '../gesture';
import { MapTool } from '../tool';

export class PanTool extends MapTool {
  static override readonly mode: MapMode = MapMode.Default;
  override readonly cursor = '';
  override readonly arrowsFocusPins = true;

  override onTap(p: Press): void {
    const id = this.ctx.pick(p.x, p.y);
    if (id !== null) return this.ctx.emit('pinclick', { id, screenX: p.x, screenY: p.y });
    const agg = this.ctx.aggregateAt(p.x, p.y);
    if (agg) this.ctx.openAggregate(agg);
  }
}
