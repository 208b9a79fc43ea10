// The map engine: tiles, sub-map floors, pins and the overlay on one PixiJS canvas. Plain
// TypeScript; React reads it through subscribe()/getSnapshot() and drives it through methods.
// Frames are drawn on demand: anything that changes what is drawn bumps a version counter, and
// the frame loop renders only when the version moved (see LIFE-OF-A-FRAME.md).
// Pixi generates shader glue with new Function() unless this is loaded; our CSP has no 'unsafe-eval'.
import 'pixi.js/unsafe-eval';
import { autoDetectRenderer, Container, type Renderer } from 'pixi.js';
import { regionById, type Region } from '../../common/regions';
import { boundsFor, clampCamera, placing, screenToWorld as toWorld, visibleWorldRect, worldToScreen as toScreen, zoomAbout, zoomForLevel, type CameraBounds, type Viewport } from './camera';
import { Emitter } from './Emitter';
import { InputController, type InputHost } from './InputController';
import { OverlayLayer, type DrawnShape } from './OverlayLayer';
import { PinLayer, pinSizeFactor } from './PinLayer';
import { AggregateLayer } from './AggregateLayer';
import type { PinLayout, PinSetChange } from '../../workers/pins/api';
import { IconLook } from './IconAtlas';
import { PlayerTrack, type TrackPoint } from './player-track';
import { SubMapLayer } from './SubMapLayer';
import { TileCache } from './TileCache';
import { TileLayer } from './TileLayer';
import { chooseScale } from './tile-cover';
import {
  FIRST_PINS_MARK, PinFlag, MapMode, type CameraState, type EngineEvents, type EngineSnapshot, type MapEngineOptions,
  type ModeOptions, type PinBuffers, type PlayerState, type ScreenPoint, type WorldPoint,
} from './types';

/** Tiles are loaded this many CSS pixels beyond the view, so a short pan finds them ready. */
const TILE_MARGIN_PX = 256;
const ANIMATION_MS = 250;
const DEFAULT_ROUTE_WIDTH = 120;
/** How long the camera must rest before 'camerasettle' fires. */
const SETTLE_MS = 150;

interface Tween { from: CameraState; to: CameraState; start: number; anchor?: { x: number; y: number } }

/** Main-thread time of the engine's frames (the frame benchmark reads it). */
export interface FrameStats {
  frames: number;
  totalMs: number;
  lastMs: number;
  maxMs: number;
}

export class MapEngine {
  private readonly events = new Emitter<EngineEvents>();
  private readonly listeners = new Set<() => void>();
  private readonly stage = new Container({ label: 'stage', eventMode: 'none' });
  private readonly world = new Container({ label: 'world', eventMode: 'none' });
  private readonly tileRoot = new Container({ label: 'tile-root', eventMode: 'none' });
  private readonly subRoot = new Container({ label: 'sub-root', eventMode: 'none' });
  private readonly pins = new PinLayer();
  private readonly aggregates = new AggregateLayer();
  private drawnAggregateVersion = -1;
  private readonly overlay: OverlayLayer;
  private readonly cache: TileCache;
  private readonly input: InputController;
  /** The opened pin (setFocusedPin) and the pin the keyboard reached; the latter shows while set. */
  private openedPin: number | null = null;
  private keyPin: number | null = null;
  private readonly track = new PlayerTrack();
  private readonly trackPoint: TrackPoint = { x: 0, y: 0, heading: 0 };
  private readonly resizeObserver: ResizeObserver;
  private readonly rect: number[] = [0, 0, 0, 0];
  private base: TileLayer | null = null;
  private subs: SubMapLayer | null = null;
  private region: Region;
  private cam: CameraState = { x: 0, y: 0, zoom: 1 };
  private vp: Viewport = { width: 1, height: 1 };
  private bounds: CameraBounds;
  private tween: Tween | null = null;
  private mode: MapMode = MapMode.Default;
  private rangeShape: 'rect' | 'lasso' = 'rect';
  private routeWidth = DEFAULT_ROUTE_WIDTH;
  private hoverId: number | null = null;
  private pointer = { x: 0, y: 0, inside: false, dirty: false };
  private follow = false;
  private floor: number | null = null;
  private version = 1;
  private drawnVersion = 0;
  private drawnPinVersion = -1;
  private cameraVersion = 1;
  private tileCameraVersion = 0;
  private tileLoads = 0;
  private drawnTileLoads = -1;
  private frameNo = 0;
  private firstPinsMarked = false;
  private raf = 0;
  private lastT = 0;
  private snapshot: EngineSnapshot;
  private snapshotCameraStale = false;
  private settlePending = false;
  private lastCameraMoveT = 0;
  private disposed = false;
  private readonly onVisibility = () => this.visibilityChanged();
  readonly frameStats: FrameStats = { frames: 0, totalMs: 0, lastMs: 0, maxMs: 0 };

  private constructor(
    private readonly container: HTMLElement,
    private readonly renderer: Renderer,
    opts: MapEngineOptions,
  ) {
    this.cache = new TileCache({ baseUrl: opts.tileBaseUrl ?? '', onLoad: () => this.tileLoaded() });
    this.overlay = new OverlayLayer(this.pins.atlas);
    this.world.addChild(this.tileRoot, this.subRoot, this.pins.container, this.aggregates.container);
    this.stage.addChild(this.world, this.overlay.container);
    const canvas = renderer.canvas as HTMLCanvasElement;
    canvas.style.display = 'block';
    canvas.style.width = '100%';
    canvas.style.height = '100%';
    container.appendChild(canvas);
    this.vp = { width: Math.max(1, container.clientWidth), height: Math.max(1, container.clientHeight) };
    this.region = regionById(0);
    this.bounds = boundsFor(this.region.info.extent, this.region.info.padding, this.vp);
    this.snapshot = { camera: { ...this.cam }, mode: this.mode, hoverPinId: null, follow: false, floor: null, regionId: 0, tilesLoading: 0 };
    this.input = new InputController(canvas, this.inputHost());
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(container);
    document.addEventListener('visibilitychange', this.onVisibility);
    this.setRegion(0);
    this.start();
  }

  /** Creates the renderer inside `container` (which should have a size) and starts drawing. */
  static async create(opts: MapEngineOptions): Promise<MapEngine> {
    const el = opts.container;
    const renderer = await autoDetectRenderer({
      preference: opts.preference ?? 'webgl',
      width: Math.max(1, el.clientWidth),
      height: Math.max(1, el.clientHeight),
      resolution: opts.resolution ?? window.devicePixelRatio ?? 1,
      autoDensity: true,
      antialias: false,
      backgroundAlpha: opts.background === 'transparent' ? 0 : 1,
      background: typeof opts.background === 'number' ? opts.background : 0x0b1220,
      // Tests and the frame benchmark read pixels back after a frame.
      preserveDrawingBuffer: true,
      eventMode: 'none',
    } as Parameters<typeof autoDetectRenderer>[0]);
    return new MapEngine(el, renderer, opts);
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
    this.bounds = boundsFor(next.info.extent, next.info.padding, this.vp);
    this.tween = null;
    this.applyCamera({ x: next.regionInfo.centerX, y: next.regionInfo.centerY, zoom: zoomForLevel(next.info.level) });
    this.patchSnapshot({ regionId, floor: this.floor });
  }

  getCamera(): CameraState {
    return { ...this.cam };
  }

  /** Moves the camera (clamped to the region's extent and zoom range). */
  setCamera(c: Partial<CameraState>, opts?: { animate?: boolean }): void {
    const to = { x: c.x ?? this.cam.x, y: c.y ?? this.cam.y, zoom: c.zoom ?? this.cam.zoom };
    if (opts?.animate) this.startTween(to);
    else {
      this.tween = null;
      this.applyCamera(to);
    }
  }

  /**
   * Moves the camera so world point `p` shows at screen point `at` (CSS px; the viewport's
   * center when left out): a pin opened beside the detail panel lands in the map still visible.
   */
  showAt(p: { x: number; y: number }, opts: { zoom?: number; at?: { x: number; y: number }; animate?: boolean } = {}): void {
    const at = opts.at ?? { x: this.vp.width / 2, y: this.vp.height / 2 };
    this.setCamera(placing(p, at, this.vp, opts.zoom ?? this.cam.zoom), { animate: opts.animate });
  }

  /** Chooses the floor: null = base map; a depth shows that floor's sub-maps and dims other pins. */
  setFloor(depth: number | null): void {
    this.floor = depth;
    this.subs?.setFloor(depth);
    this.pins.setFloor(depth);
    this.touch();
    this.patchSnapshot({ floor: depth });
  }

  /** Replaces all pins. */
  setPins(buffers: PinBuffers): void {
    this.pins.setPins(buffers);
    this.setHover(null);
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

  /** Enters a selection mode; leaving a mode clears the drawn shape. */
  setMode(mode: MapMode, opts?: ModeOptions): void {
    if (opts?.rangeShape) this.rangeShape = opts.rangeShape;
    if (opts?.routeWidth !== undefined) this.routeWidth = opts.routeWidth;
    this.mode = mode;
    this.overlay.setShape(null);
    this.container.style.cursor = mode === MapMode.Default ? '' : 'crosshair';
    this.touch();
    this.patchSnapshot({ mode });
  }

  getMode(): MapMode {
    return this.mode;
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
    this.openedPin = id;
    this.pins.setFocused(this.keyPin ?? id);
    this.touch();
  }

  /** The pin the keyboard reached (keyboard mode), or null. */
  get keyFocusedPin(): number | null {
    return this.keyPin;
  }

  /**
   * Keyboard mode: focuses the pin nearest the centre (no direction) or the nearest one from the
   * focused pin in a direction (screen axes), bringing it into view; false when there is none.
   */
  focusPinBy(dir: { dx: number; dy: number } | null): boolean {
    const from = (dir ? this.keyPin ?? this.openedPin : null) ?? null;
    const at = from == null ? null : this.pins.pinInfo(from);
    const id = at
      ? this.pins.nearest(at.x, at.y, dir, from)
      : this.pins.nearest(this.cam.x, this.cam.y, null);
    if (id == null) return false;
    this.keyPin = id;
    this.pins.setFocused(id);
    const p = this.pins.pinInfo(id)!;
    const s = this.worldToScreen(p);
    const mx = this.vp.width * 0.1, my = this.vp.height * 0.1;
    if (s.x < mx || s.x > this.vp.width - mx || s.y < my || s.y > this.vp.height - my) this.startTween({ ...this.cam, x: p.x, y: p.y });
    this.touch();
    this.events.emit('pinfocus', { id });
    return true;
  }

  /** The temporary pin of pin creation (world units), or null. */
  setTempPin(p: { x: number; y: number } | null): void {
    this.overlay.setTempPin(p);
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
      this.tween = null;
    }
    this.touch();
    this.patchSnapshot({ follow: on });
    if (changed) this.events.emit('follow', { on });
  }

  getFollow(): boolean {
    return this.follow;
  }

  /** The overview's aggregate marker under a screen point: its world position and counts, or null. */
  aggregateAt(screenX: number, screenY: number): { x: number; y: number; count: number; found: number; level: number } | null {
    const w = toWorld(this.cam, this.vp, { x: screenX, y: screenY });
    const m = this.aggregates.pick(w.x, w.y, this.cam.zoom);
    return m < 0 ? null : this.aggregates.info(m);
  }

  /** The topmost drawn pin under a screen point (CSS px in the container), or null. */
  pickAt(screenX: number, screenY: number): number | null {
    const w = toWorld(this.cam, this.vp, { x: screenX, y: screenY });
    return this.pins.pick(w.x, w.y, this.cam.zoom);
  }

  worldToScreen(p: { x: number; y: number }): ScreenPoint {
    return toScreen(this.cam, this.vp, p);
  }

  screenToWorld(p: { x: number; y: number }): WorldPoint {
    return toWorld(this.cam, this.vp, p);
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

  /** The canvas the engine draws on. */
  get canvas(): HTMLCanvasElement {
    return this.renderer.canvas as HTMLCanvasElement;
  }

  /** Draws a frame now if anything changed (tests and benchmarks call it instead of waiting for rAF). */
  renderNow(): void {
    this.frame(performance.now());
  }

  /** Counts for tests and the benchmark page: tiles drawn by scale, cached textures, pins. */
  debugInfo(): {
    tilesDrawn: Record<number, number>; cache: ReturnType<TileCache['stats']>; pins: number; textures: ReturnType<TileCache['textures']>; atlasDestroyed: boolean; level: number; aggregates: number;
    /** Whole pin sets taken (setPins), live changes applied (updatePins), pin particles restyled: cumulative. */
    pinSets: number; pinUpdates: number; pinRestyles: number;
  } {
    return {
      tilesDrawn: { ...(this.base?.drawn ?? { 100: 0, 50: 0, 25: 0 }) }, cache: this.cache.stats(), pins: this.pins.count, textures: this.cache.textures(),
      atlasDestroyed: this.pins.atlas.destroyed, level: this.pins.level, aggregates: this.aggregates.countAt(this.pins.level),
      pinSets: this.pins.stats.sets, pinUpdates: this.pins.stats.updates, pinRestyles: this.pins.stats.restyles,
    };
  }

  /**
   * What the layout draws at a level (the current one by default), counted on demand for tests
   * and benchmarks: whether the current pins carry their own layout, the pins drawn (dots or
   * icons) and the pins the level's aggregate markers stand for.
   */
  layoutInfo(level = this.pins.level): { laidOut: boolean; pins: number; shown: number; aggregated: number } {
    return { laidOut: this.pins.laidOut, pins: this.pins.count, shown: this.pins.shownAt(level), aggregated: this.aggregates.pinsAt(level) };
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
    cancelAnimationFrame(this.raf);
    document.removeEventListener('visibilitychange', this.onVisibility);
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

  // ── frame loop ─────────────────────────────────────────────

  private start(): void {
    if (this.disposed || this.raf) return;
    const loop = (t: number) => {
      this.raf = requestAnimationFrame(loop);
      this.frame(t);
    };
    this.lastT = performance.now();
    this.raf = requestAnimationFrame(loop);
  }

  private stop(): void {
    cancelAnimationFrame(this.raf);
    this.raf = 0;
  }

  // A hidden tab draws nothing: the loop stops and restarts when the tab is shown again.
  private visibilityChanged(): void {
    if (document.hidden) this.stop();
    else {
      this.touch();
      this.start();
    }
  }

  private frame(t: number): void {
    if (this.disposed) return;
    const t0 = performance.now();
    const dt = Math.min(100, Math.max(0, t - this.lastT));
    this.lastT = t;
    this.input.tick(dt);
    this.stepTween(t0);
    if (this.track.active) {
      const gliding = this.track.sample(t0, this.trackPoint);
      this.overlay.setPlayer(this.trackPoint);
      if (gliding) this.touch();
      if (this.follow && (this.trackPoint.x !== this.cam.x || this.trackPoint.y !== this.cam.y)) {
        this.applyCamera({ x: this.trackPoint.x, y: this.trackPoint.y, zoom: this.cam.zoom });
      }
    }
    if (this.pointer.dirty) this.updateHover();
    if (this.snapshotCameraStale) {
      this.snapshotCameraStale = false;
      this.settlePending = true;
      this.lastCameraMoveT = t0;
      this.events.emit('camera', this.getCamera());
      this.patchSnapshot({ camera: { ...this.cam } });
    }
    else if (this.settlePending && !this.tween && t0 - this.lastCameraMoveT >= SETTLE_MS) {
      this.settlePending = false;
      this.events.emit('camerasettle', this.getCamera());
    }
    if (this.version === this.drawnVersion && this.pins.version === this.drawnPinVersion && this.aggregates.version === this.drawnAggregateVersion && this.tileLoads === this.drawnTileLoads) return;
    this.draw();
    const ms = performance.now() - t0;
    const s = this.frameStats;
    s.frames++;
    s.totalMs += ms;
    s.lastMs = ms;
    if (ms > s.maxMs) s.maxMs = ms;
  }

  private draw(): void {
    const cam = this.cam;
    const cameraMoved = this.cameraVersion !== this.tileCameraVersion;
    this.world.scale.set(cam.zoom);
    this.world.position.set(this.vp.width / 2 - cam.x * cam.zoom, this.vp.height / 2 - cam.y * cam.zoom);
    if (cameraMoved || this.tileLoads !== this.drawnTileLoads) {
      this.frameNo++;
      const r = visibleWorldRect(cam, this.vp, TILE_MARGIN_PX);
      for (let k = 0; k < 4; k++) this.rect[k] = r[k]!;
      const scale = chooseScale(cam.zoom, this.renderer.resolution);
      this.cache.beginFrame(this.frameNo);
      this.base?.update(this.rect, scale, this.frameNo);
      this.subs?.update(this.rect, scale, this.frameNo);
      this.cache.flush();
      const loading = this.cache.pending();
      if (loading !== this.snapshot.tilesLoading) this.patchSnapshot({ tilesLoading: loading });
    }
    this.aggregates.prepare(cam.zoom, this.pins.prepare(cam.zoom));
    this.overlay.update(cam, this.vp, pinSizeFactor(cam.zoom, false), cameraMoved);
    this.renderer.render(this.stage);
    if (!this.firstPinsMarked && this.pins.count > 0) {
      // User Timing: how long a visit waits for pins on screen (read by bench/engine/startup).
      this.firstPinsMarked = true;
      performance.mark(FIRST_PINS_MARK, { detail: { pins: this.pins.count } });
    }
    this.tileCameraVersion = this.cameraVersion;
    this.drawnVersion = this.version;
    this.drawnPinVersion = this.pins.version;
    this.drawnAggregateVersion = this.aggregates.version;
    this.drawnTileLoads = this.tileLoads;
  }

  // ── camera ─────────────────────────────────────────────────

  private applyCamera(c: CameraState): void {
    const next = clampCamera(this.bounds, this.vp, c);
    if (next.x === this.cam.x && next.y === this.cam.y && next.zoom === this.cam.zoom) return;
    this.cam = next;
    this.cameraVersion++;
    this.snapshotCameraStale = true;
    this.pointer.dirty = this.pointer.inside;
    this.touch();
  }

  private startTween(to: CameraState, anchor?: { x: number; y: number }): void {
    this.tween = { from: { ...this.cam }, to: clampCamera(this.bounds, this.vp, to), start: performance.now(), ...(anchor ? { anchor } : {}) };
    this.touch();
  }

  private stepTween(now: number): void {
    const tw = this.tween;
    if (!tw) return;
    const k = Math.min(1, (now - tw.start) / ANIMATION_MS);
    const e = 1 - Math.pow(1 - k, 3);
    const zoom = tw.from.zoom * Math.pow(tw.to.zoom / tw.from.zoom, e);
    if (tw.anchor && tw.from.zoom !== tw.to.zoom) {
      // Zooming about a point: keep the anchored world point under the pointer all the way.
      this.applyCamera(k >= 1 ? tw.to : zoomAbout(tw.from, this.vp, tw.anchor, zoom));
    } else {
      this.applyCamera({ x: tw.from.x + (tw.to.x - tw.from.x) * e, y: tw.from.y + (tw.to.y - tw.from.y) * e, zoom });
    }
    if (k >= 1) this.tween = null;
  }

  private resize(): void {
    const w = Math.max(1, this.container.clientWidth);
    const h = Math.max(1, this.container.clientHeight);
    if (w === this.vp.width && h === this.vp.height) return;
    this.vp = { width: w, height: h };
    this.renderer.resize(w, h);
    this.bounds = boundsFor(this.region.info.extent, this.region.info.padding, this.vp);
    this.cameraVersion++;
    this.applyCamera(this.cam);
    this.touch();
  }

  // ── state ──────────────────────────────────────────────────

  private touch(): void {
    this.version++;
  }

  private tileLoaded(): void {
    this.tileLoads++;
  }

  private patchSnapshot(patch: Partial<EngineSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const fn of this.listeners) fn();
  }

  private setHover(id: number | null): void {
    if (id === this.hoverId) return;
    this.hoverId = id;
    const info = id === null ? null : this.pins.pinInfo(id);
    const f = info?.flags ?? 0;
    const look = f & PinFlag.Selected ? IconLook.Selected : f & PinFlag.Checked ? IconLook.Found : f & PinFlag.Highlighted ? IconLook.Highlighted : IconLook.Plain;
    this.overlay.setHover(info ? { x: info.x, y: info.y, icon: info.icon, look } : null);
    this.canvas.style.cursor = id !== null ? 'pointer' : this.mode === MapMode.Default ? '' : 'crosshair';
    this.touch();
    this.events.emit('pinhover', { id });
    this.patchSnapshot({ hoverPinId: id });
  }

  private updateHover(): void {
    this.pointer.dirty = false;
    const drawing = this.mode === MapMode.RangeSelection || this.mode === MapMode.RouteSelection;
    const id = this.pointer.inside && !drawing ? this.pickAt(this.pointer.x, this.pointer.y) : null;
    this.setHover(id);
    if (id === null && this.pointer.inside && !drawing && this.aggregateAt(this.pointer.x, this.pointer.y)) this.canvas.style.cursor = 'pointer';
  }

  private emitShape(s: DrawnShape): void {
    if (s.kind === 'route') this.events.emit('routeselect', { polyline: Float64Array.from(s.points), width: s.width });
    else this.events.emit('rangeselect', { shape: s.kind, polygon: Float64Array.from(s.points) });
  }

  private inputHost(): InputHost {
    return {
      camera: () => this.cam,
      viewport: () => this.vp,
      moveCamera: (c) => {
        this.tween = null;
        if (this.follow && (c.x !== this.cam.x || c.y !== this.cam.y)) this.setFollow(false);
        this.applyCamera(c);
      },
      animateCamera: (c, anchor) => {
        if (this.follow && (c.x !== this.cam.x || c.y !== this.cam.y) && !anchor) this.setFollow(false);
        this.startTween(c, anchor);
      },
      mode: () => this.mode,
      rangeShape: () => this.rangeShape,
      routeWidth: () => this.routeWidth,
      pick: (x, y) => this.pickAt(x, y),
      pointerAt: (x, y, inside) => {
        this.pointer.x = x;
        this.pointer.y = y;
        this.pointer.inside = inside;
        this.pointer.dirty = true;
      },
      click: (x, y) => {
        if (this.mode === MapMode.LocationSelection) {
          const w = this.screenToWorld({ x, y });
          this.events.emit('locationselect', { x: w.x, y: w.y });
          return;
        }
        const id = this.pickAt(x, y);
        if (id !== null) {
          this.events.emit('pinclick', { id, screenX: x, screenY: y });
          return;
        }
        // An aggregate opens up: zoom in on it by two levels, where its pins become dots or icons.
        const agg = this.aggregateAt(x, y);
        if (agg) this.startTween({ x: agg.x, y: agg.y, zoom: this.cam.zoom * 4 });
      },
      contextMenu: (x, y) => {
        const id = this.pickAt(x, y);
        if (id !== null) this.events.emit('pincontextmenu', { id, screenX: x, screenY: y });
      },
      shape: (s, done) => {
        this.overlay.setShape(s);
        this.touch();
        if (done && s) this.emitShape(s);
      },
      focusPin: (dir) => this.focusPinBy(dir),
      pinKey: (action) => {
        const id = this.keyPin;
        if (id == null) return false;
        if (action === 'mark') this.events.emit('pinmark', { id });
        else {
          const s = this.worldToScreen(this.pins.pinInfo(id) ?? this.cam);
          this.events.emit('pinclick', { id, screenX: s.x, screenY: s.y });
        }
        return true;
      },
      blur: () => {
        if (this.keyPin == null) return;
        this.keyPin = null;
        this.pins.setFocused(this.openedPin);
        this.touch();
        this.events.emit('pinfocus', { id: null });
      },
      cancelMode: () => {
        if (this.mode === MapMode.Default) return;
        this.setMode(MapMode.Default);
        this.events.emit('modecancel', {});
      },
    };
  }
}
