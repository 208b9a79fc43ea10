// The map engine: tiles, sub-map floors, pins and the overlay on one PixiJS canvas. Plain
// TypeScript; React reads it through subscribe()/getSnapshot() and drives it through methods.
// Frames are drawn on demand: anything that changes what is drawn bumps a version counter, and
// the frame loop renders only when the version moved (see LIFE-OF-A-FRAME.md).
// Pixi generates shader glue with new Function() unless this is loaded; our CSP has no 'unsafe-eval'.
import 'pixi.js/unsafe-eval';
import { regionById } from '../../common/regions';
import { placing, screenToWorld as toWorld, worldToScreen as toScreen, zoomForLevel } from './camera';
import { EngineFrame } from './EngineFrame';
import { startRenderer } from './renderer-start';
import { SubMapLayer } from './SubMapLayer';
import type { RouteOverlay } from './OverlayLayer';
import { TileLayer } from './TileLayer';
import type { ToolId } from './tools';
import type { TileCache } from './TileCache';
import type { PinLayout, PinSetChange } from '../../common/pin-buffers';
import {
  PinFlag,
  MapMode,
  type AggregateInfo,
  type CameraState,
  type EngineEvents,
  type EngineSnapshot,
  type MapEngineOptions,
  type ToolOptions,
  type PinBuffers,
  type PlayerState,
  type ScreenPoint,
  type WorldPoint,
} from './types';

export type { FrameStats } from './FrameLoop';

export class MapEngine extends EngineFrame {
  private routeShown: RouteOverlay | null = null;

  /** Creates the renderer inside `container` (which should have a size) and starts drawing. */
  static async create(opts: MapEngineOptions): Promise<MapEngine> {
    return new MapEngine(opts.container, await startRenderer(opts), opts);
  }

  /** Switches to a region: its tile set (sharing textures with regions on the same set) and its centre. */
  setRegion(regionId: number): void {
    const next = regionById(regionId);
    const setChanged = !this.base || next.info.name !== this.region.info.name;
    this.region = next;
    if (setChanged) {
      this.base?.dispose();
      this.subs?.dispose();
      this.cache.dropOtherSets(next.info.name);
      const info = next.info;
      this.base = new TileLayer({ blockSize: info.blockSize, origin: [0, 0], extent: info.extent }, info.parts, this.cache, info.name);
      this.tileRoot.addChild(this.base.container);
      this.subs = new SubMapLayer(info, this.cache);
      this.subRoot.addChild(this.subs.container);
      this.floor = null;
      this.subs.setFloor(null);
      this.pins.setFloor(null);
    }
    this.camera.fit(next);
    this.camera.tween = null;
    this.camera.apply({ x: next.regionInfo.centerX, y: next.regionInfo.centerY, zoom: zoomForLevel(next.info.level) });
    this.patchSnapshot({ regionId, floor: this.floor });
  }

  getCamera(): CameraState {
    return { ...this.camera.cam };
  }

  /**
   * Moves the camera (clamped to the region's extent and zoom range). What is left of a flung pan's glide stops: its
   * next frame would otherwise move the camera as by hand and end the tween (a pin's link flew nowhere when its data
   * came right after a pan: tests/e2e/journeys/small-things.spec.ts).
   */
  setCamera(c: Partial<CameraState>, opts?: { animate?: boolean }): void {
    this.input.stopInertia();
    const { cam } = this.camera;
    const to = { x: c.x ?? cam.x, y: c.y ?? cam.y, zoom: c.zoom ?? cam.zoom };
    if (opts?.animate) this.camera.startTween(to);
    else {
      this.camera.tween = null;
      this.camera.apply(to);
    }
  }

  /**
   * Moves the camera so world point `p` shows at screen point `at` (CSS px; the viewport's
   * center when left out): a pin opened beside the detail panel lands in the map still visible.
   */
  showAt(p: { x: number; y: number }, opts: { zoom?: number; at?: { x: number; y: number }; animate?: boolean } = {}): void {
    const { cam, vp } = this.camera;
    const at = opts.at ?? { x: vp.width / 2, y: vp.height / 2 };
    this.setCamera(placing(p, at, vp, opts.zoom ?? cam.zoom), { animate: opts.animate });
  }

  /** Chooses the floor: null = base map; a depth shows that floor's sub-maps and dims other pins. */
  setFloor(depth: number | null): void {
    if (this.routeShown) this.overlay.setRoute(this.routeShown, depth);
    this.floor = depth;
    this.subs?.setFloor(depth);
    this.pins.setFloor(depth);
    this.touch();
    this.patchSnapshot({ floor: depth });
  }

  private looksKey = '[]';
  private readonly iconImages = new Map<string, Promise<ImageBitmap | null>>();

  /** A category icon decoded once per URL (URLs are versioned, so a cached one never goes stale); null when it fails. */
  private iconImage(url: string): Promise<ImageBitmap | null> {
    let p = this.iconImages.get(url);
    if (!p) {
      p = fetch(url)
        .then((r) => (r.ok ? r.blob() : Promise.reject(new Error(`${r.status}`))))
        .then((b) => createImageBitmap(b))
        .catch(() => null);
      this.iconImages.set(url, p);
    }
    return p;
  }

  /** Replaces all pins. */
  setPins(buffers: PinBuffers): void {
    this.pins.setPins(buffers);
    this.setHover(null);
    this.keyFocus.pinsArrived();
    this.touch();
  }

  /**
   * Changes only the pins a live edit touched (PinsWorkerApi.changesSince against `pinSetVersion`);
   * false (nothing changed) when the change is for another pin set. Its layout follows through setPinLayout.
   */
  updatePins(change: PinSetChange): boolean {
    if (!this.pins.updatePins(change)) return false;
    if (this.hoverId !== null && change.removed.includes(this.hoverId)) this.setHover(null);
    this.pointer.dirty = this.pointer.inside;
    this.touch();
    return true;
  }

  /** The worker's pin-set version of the pins drawn (undefined before any, or for pins given without one). */
  get pinSetVersion(): number | undefined {
    return this.pins.pinSetVersion;
  }

  /**
   * The worker's declutter and aggregates for the current pins (PinsWorkerApi.layout); one
   * upload, no scene rebuild. Returns false (and changes nothing) for a layout of another pin set.
   */
  setPinLayout(layout: PinLayout): boolean {
    if (!this.pins.setLayout(layout)) return false;
    this.aggregates.set(layout.aggregates);
    this.pointer.dirty = this.pointer.inside;
    this.touch();
    return true;
  }

  /** Sets or clears a PinFlag on pins by id, without rebuilding anything. */
  setPinFlags(ids: Int32Array | number[], flag: number, on: boolean): void {
    this.pins.setFlags(ids, flag, on);
    this.touch();
  }

  /** The found pins: exactly these ids are checked. */
  setCheckedSet(ids: Iterable<number>): void {
    this.pins.setFlagExactly(ids, PinFlag.Checked);
    this.touch();
  }

  setHideChecked(on: boolean): void {
    this.pins.setHideChecked(on);
    this.touch();
  }

  /**
   * Highlights exactly these pins (the pins worker names those carrying a highlighted tag); while
   * `on`, the other pins step back. A restyle of flags, no new pins; pins that arrive later carry
   * their own highlighted flag.
   */
  setHighlightedPins(ids: Int32Array | number[], on: boolean): void {
    this.pins.setHighlighted(ids, on);
    this.touch();
  }

  setPinSize(size: 'default' | 'large'): void {
    this.pins.setLarge(size === 'large');
    this.aggregates.setLarge(size === 'large');
    this.touch();
  }

  /**
   * The categories' own looks (issue 20 item 3): a colour ('#rrggbb') and a raster icon (a fetchable
   * URL) per category. The icons are fetched and decoded off the main thread (createImageBitmap), then
   * the pin atlas is redrawn once (one texture upload) and every pin restyled (one buffer upload). A
   * list equal to the last one does nothing; an icon that fails to load leaves its category on its
   * glyph (in its colour). Resolves when the atlas shows this list (or a newer call replaced it).
   */
  async setCategoryLooks(looks: readonly { id: number; icon: number; color?: string | null; iconUrl?: string | null }[]): Promise<void> {
    const own = looks.filter((l) => l.color || l.iconUrl);
    const key = JSON.stringify(own.map((l) => [l.id, l.icon, l.color ?? '', l.iconUrl ?? '']));
    if (key === this.looksKey) return;
    this.looksKey = key;
    const images = await Promise.all(own.map((l) => (l.iconUrl ? this.iconImage(l.iconUrl) : null)));
    if (this.disposed || key !== this.looksKey) return;
    this.pins.setLooks(own.map((l, k) => ({ id: l.id, icon: l.icon, color: l.color ?? null, image: images[k] ?? null })));
    this.aggregates.recolor();
    const hover = this.hoverId;
    this.setHover(null);
    this.setHover(hover);
    this.touch();
  }

  /** Found pins fainter still (the 'fainter found pins' setting): a restyle of the found pins, one upload. */
  setFoundFaint(on: boolean): void {
    this.pins.setFaintFound(on);
  }

  /**
   * Turns a map tool on (the engine's command: the page asks through src/state/map-commands.ts); a
   * gesture under way and the drawn shape are dropped. The snapshot's `tool` and `mode` follow, and
   * so do they when the engine ends a tool itself (ESC).
   */
  setTool(id: ToolId, opts?: ToolOptions): void {
    if (opts?.routeWidth !== undefined) this.routeWidth = opts.routeWidth;
    this.switchTool(id);
  }

  /** The selection mode of the tool on. */
  getMode(): MapMode {
    return this.tool.mode;
  }

  /** The map tool on (tools/index.ts names them). */
  getTool(): ToolId {
    return this.toolId;
  }

  /** Highlights exactly these pins as selected (empty clears). */
  setSelection(ids: Int32Array | number[]): void {
    this.pins.setFlagExactly(ids, PinFlag.Selected);
    this.touch();
  }

  /** A pin's PinFlag bits (0 for a pin not loaded). */
  pinFlags(id: number): number {
    return this.pins.flagsOf(id);
  }

  /** Marks the opened pin (the detail panel's) so it stands out on the map; null clears it. */
  setFocusedPin(id: number | null): void {
    this.keyFocus.open(id);
  }

  /** The pin the keyboard reached (keyboard mode), or null. */
  get keyFocusedPin(): number | null {
    return this.keyFocus.key;
  }

  /**
   * Keyboard mode: focuses the pin nearest the centre (no direction) or the nearest one from the
   * focused pin in a direction (screen axes), bringing it into view; false when there is none.
   */
  focusPinBy(dir: { dx: number; dy: number } | null): boolean {
    return this.keyFocus.moveBy(dir);
  }

  /** The temporary pin of pin creation (world units), or null. */
  setTempPin(p: { x: number; y: number } | null): void {
    this.overlay.setTempPin(p);
    this.touch();
  }

  /** The planned route drawn as a numbered line with its next stop highlighted; null hides it. */
  setRoute(route: RouteOverlay | null): void {
    this.overlay.setRoute(route, this.floor);
    this.routeShown = route;
    this.touch();
  }

  /** A new tracker sample; the marker glides to it. null hides the marker. */
  setPlayer(p: PlayerState | null): void {
    if (!p) {
      this.track.clear();
      this.overlay.setPlayer(null);
    } else {
      this.track.push(p.x, p.y, p.heading, performance.now());
      this.track.sample(performance.now(), this.trackPoint);
      this.overlay.setPlayer(this.trackPoint);
    }
    this.touch();
  }

  /** Follow mode: the camera keeps the player centred; panning by hand turns it off. */
  setFollow(on: boolean): void {
    const changed = this.follow !== on;
    this.follow = on;
    // Turning follow on stops a glide or tween still under way, which would otherwise count as a pan by hand.
    if (on) {
      this.input.stopInertia();
      this.camera.tween = null;
    }
    this.touch();
    this.patchSnapshot({ follow: on });
    if (changed) this.events.emit('follow', { on });
  }

  getFollow(): boolean {
    return this.follow;
  }

  /** The overview's aggregate marker under a screen point: its world position and counts, or null. */
  aggregateAt(screenX: number, screenY: number): AggregateInfo | null {
    const w = toWorld(this.camera.cam, this.camera.vp, { x: screenX, y: screenY });
    const m = this.aggregates.pick(w.x, w.y, this.camera.cam.zoom);
    return m < 0 ? null : this.aggregates.info(m);
  }

  /** The topmost drawn pin under a screen point (CSS px in the container), or null. */
  pickAt(screenX: number, screenY: number): number | null {
    const w = toWorld(this.camera.cam, this.camera.vp, { x: screenX, y: screenY });
    return this.pins.pick(w.x, w.y, this.camera.cam.zoom);
  }

  worldToScreen(p: { x: number; y: number }): ScreenPoint {
    return toScreen(this.camera.cam, this.camera.vp, p);
  }

  screenToWorld(p: { x: number; y: number }): WorldPoint {
    return toWorld(this.camera.cam, this.camera.vp, p);
  }
  on<K extends keyof EngineEvents>(type: K, fn: (e: EngineEvents[K]) => void): () => void {
    return this.events.on(type, fn);
  }

  /** For useSyncExternalStore: called after the snapshot changed. */
  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  getSnapshot(): EngineSnapshot {
    return this.snapshot;
  }

  /** Draws a frame now if anything changed (tests and benchmarks call it instead of waiting for rAF). */
  renderNow(): void {
    this.frame(performance.now());
  }

  /** Counts for tests and the benchmark page: tiles drawn by scale, cached textures, pins. */
  debugInfo(): {
    tilesDrawn: Record<number, number>;
    cache: ReturnType<TileCache['stats']>;
    pins: number;
    textures: ReturnType<TileCache['textures']>;
    atlasDestroyed: boolean;
    level: number;
    aggregates: number;
    /** Whole pin sets taken (setPins), live changes applied (updatePins), pin particles restyled: cumulative. */
    pinSets: number;
    pinUpdates: number;
    pinRestyles: number;
    /** Pick indexes built over a whole pin set (on the first pick after each set, never in setPins). */
    pinIndexBuilds: number;
    /** The height of a pin's marker on screen now (CSS px): the setting's and the screen's scale included. */
    pinPx: number;
    /** The pin atlas: slots drawn (3 look frames, 48 glyphs, the categories' own looks), its size and its redraws. */
    atlas: { slots: number; width: number; height: number; bytes: number; version: number; pinSources: number };
    /** No tween under way and no move for 150 ms (the snapshot's `moving`, negated). */
    cameraAtRest: boolean;
  } {
    const pins = this.pins;
    return {
      tilesDrawn: { ...(this.base?.drawn ?? { 100: 0, 50: 0, 25: 0 }) },
      cache: this.cache.stats(),
      pins: this.pins.count,
      textures: this.cache.textures(),
      atlasDestroyed: this.pins.atlas.destroyed,
      atlas: {
        slots: this.pins.atlas.slots,
        width: this.pins.atlas.source.pixelWidth,
        height: this.pins.atlas.source.pixelHeight,
        bytes: this.pins.atlas.bytes,
        version: this.pins.atlas.version,
        // A pass over every pin: counted only when read (a poll of the pin count at 1M pins took 80 ms a call).
        get pinSources() {
          return pins.textureSources;
        },
      },
      level: this.pins.level,
      aggregates: this.aggregates.countAt(this.pins.level),
      pinSets: this.pins.stats.sets,
      pinUpdates: this.pins.stats.updates,
      pinRestyles: this.pins.stats.restyles,
      pinIndexBuilds: this.pins.stats.indexBuilds,
      pinPx: this.pins.pinPx(this.camera.cam.zoom),
      cameraAtRest: !this.snapshot.moving,
    };
  }

  /**
   * What the layout draws at a level (the current one by default), counted on demand for tests
   * and benchmarks: whether the current pins carry their own layout, the pins drawn (dots or
   * icons) and the pins the level's aggregate markers stand for.
   */
  layoutInfo(level = this.pins.level): { laidOut: boolean; pins: number; shown: number; aggregated: number } {
    return {
      laidOut: this.pins.laidOut,
      pins: this.pins.count,
      shown: this.pins.shownAt(level),
      aggregated: this.aggregates.pinsAt(level),
    };
  }

  /** Shows or hides pins and aggregates (measurements: what pins add to a frame's pixels). */
  setPinsVisible(on: boolean): void {
    this.pins.container.visible = on;
    this.aggregates.container.visible = on;
    this.touch();
  }

  /** Frees the renderer, textures, listeners and the canvas. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.loop.dispose();
    this.resizeObserver.disconnect();
    this.input.dispose();
    this.base?.dispose();
    this.subs?.dispose();
    this.cache.dispose();
    this.overlay.dispose();
    this.pins.dispose();
    this.aggregates.dispose();
    this.stage.destroy({ children: true });
    const canvas = this.canvas;
    this.renderer.destroy();
    canvas.remove();
    this.events.clear();
    this.listeners.clear();
  }

  get isDisposed(): boolean {
    return this.disposed;
  }
}
