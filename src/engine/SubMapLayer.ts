// Sub-map floors over the base map: the sub-maps of the chosen floor (depth) are drawn over a
// dimmed base; the base floor (null) shows none. Each sub-map is its own tile pyramid.
import { Container, Graphics } from 'pixi.js';
import type { RegionInfoBlock, SubMap, TileScale } from '../../common/regions';
import type { TileCache } from './TileCache';
import { TileLayer } from './TileLayer';

export class SubMapLayer {
  readonly container = new Container({ label: 'sub-maps', eventMode: 'none' });
  private readonly dim = new Graphics();
  private readonly layers = new Map<string, TileLayer>();
  private floor: number | null = null;

  constructor(
    private readonly info: RegionInfoBlock,
    private readonly cache: TileCache,
  ) {
    const [x0, y0, x1, y1] = info.extent;
    const pad = info.padding;
    this.dim.rect(x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad).fill({ color: 0x05070d, alpha: 0.55 });
    this.dim.visible = false;
    this.container.addChild(this.dim);
  }

  /** The sub-maps on floor `depth` (none for the base floor). */
  subsOn(depth: number | null): SubMap[] {
    return depth === null ? [] : this.info.subs.filter((s) => s.depth === depth);
  }

  setFloor(depth: number | null): void {
    this.floor = depth;
    const on = new Set(this.subsOn(depth).map((s) => s.name));
    this.dim.visible = on.size > 0;
    for (const s of this.info.subs) {
      let layer = this.layers.get(s.name);
      if (on.has(s.name) && !layer) {
        layer = new TileLayer({ blockSize: s.blockSize, origin: s.origin, extent: s.extent }, s.parts, this.cache, this.info.name);
        this.layers.set(s.name, layer);
        this.container.addChild(layer.container);
      }
      if (layer) layer.container.visible = on.has(s.name);
    }
  }

  get currentFloor(): number | null {
    return this.floor;
  }

  update(rect: readonly number[], scale: TileScale, frame: number): void {
    if (this.floor === null) return;
    for (const layer of this.layers.values()) if (layer.container.visible) layer.update(rect, scale, frame);
  }

  dispose(): void {
    for (const l of this.layers.values()) l.dispose();
    this.layers.clear();
    this.container.destroy({ children: true });
  }
}
