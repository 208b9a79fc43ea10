import type { CameraState, EngineEvents, EngineSnapshot, MapEngineOptions, ModeOptions, PinBuffers, PlayerState, ScreenPoint, SelectionMode, WorldPoint } from './types';
import { Emitter } from './Emitter';
import { screenPoint, worldPoint } from './camera';

/** The map engine: tiles, sub-map floors, pins and overlay on one PixiJS canvas (stub while it lands). */
export class MapEngine {
  private readonly events = new Emitter<EngineEvents>();
  private snapshot: EngineSnapshot = { camera: { x: 0, y: 0, zoom: 1 }, mode: 0, hoverPinId: null, follow: false, floor: null, regionId: 0, tilesLoading: 0 };

  private constructor(readonly options: MapEngineOptions) {}

  /** Creates the renderer inside `container` and starts drawing. */
  static async create(opts: MapEngineOptions): Promise<MapEngine> {
    return new MapEngine(opts);
  }
  setRegion(_regionId: number): void {}
  getCamera(): CameraState { return { ...this.snapshot.camera }; }
  setCamera(_c: Partial<CameraState>, _opts?: { animate?: boolean }): void {}
  setFloor(_depth: number | null): void {}
  setPins(_buffers: PinBuffers): void {}
  setPinFlags(_ids: Int32Array | number[], _flag: number, _on: boolean): void {}
  setCheckedSet(_ids: Iterable<number>): void {}
  setHideChecked(_on: boolean): void {}
  setHighlightedTags(_tagIds: number[]): void {}
  setPinSize(_size: 'default' | 'large'): void {}
  setMode(_mode: SelectionMode, _opts?: ModeOptions): void {}
  getMode(): SelectionMode { return this.snapshot.mode; }
  setSelection(_ids: Int32Array | number[]): void {}
  setTempPin(_p: { x: number; y: number } | null): void {}
  setPlayer(_p: PlayerState | null): void {}
  setFollow(_on: boolean): void {}
  getFollow(): boolean { return this.snapshot.follow; }
  pickAt(_screenX: number, _screenY: number): number | null { return null; }
  worldToScreen(p: { x: number; y: number }): ScreenPoint { return screenPoint(p.x, p.y); }
  screenToWorld(p: { x: number; y: number }): WorldPoint { return worldPoint(p.x, p.y); }
  on<K extends keyof EngineEvents>(type: K, fn: (e: EngineEvents[K]) => void): () => void { return this.events.on(type, fn); }
  subscribe(_fn: () => void): () => void { return () => {}; }
  getSnapshot(): EngineSnapshot { return this.snapshot; }
  dispose(): void {}
}
