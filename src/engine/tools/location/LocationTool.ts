// Location pick (a new pin's place): a tap names the world point under it; a drag still pans.
import { MapMode } from '../../types';
import type { Press } from '../gesture';
import { MapTool } from '../tool';

export class LocationTool extends MapTool {
  static override readonly mode: MapMode = MapMode.LocationSelection;

  override onTap(p: Press): void {
    const w = this.ctx.world(p);
    this.ctx.emit('locationselect', { x: w.x, y: w.y });
  }
}
