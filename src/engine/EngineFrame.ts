// The engine's machinery under MapEngine's public API (MapEngine.ts): the scene and its layers,
// the frame loop (draw on demand: see LIFE-OF-A-FRAME.md), the camera's tween, clamp and resize,
// hover, and the input adapter that turns InputController's gestures into engine calls.
// Pixi generates shader glue with new Function() unless this is loaded; our CSP has no 'unsafe-eval'.
import 'pixi.js/unsafe-eval';
import { Container, type Renderer } from 'pixi.js';
import { regionById, type Region } from '../../common/regions';
import { boundsFor, clampCamera, visibleWorldRect, type CameraBounds, type Viewport } from './camera';
import { tweenCamera, type Tween } from './camera-motion';
import { Emitter } from './Emitter';
import { InputController, type InputHost } from './InputController';
import { OverlayLayer, type DrawnShape } from './OverlayLayer';
import { PinLayer, pinSizeFactor } from './PinLayer';
import { AggregateLayer } from './AggregateLayer';
import { IconLook } from './IconAtlas';
import { PlayerTrack, type TrackPoint } from './player-track';
import { SubMapLayer } from './SubMapLayer';
import { TileCache } from './TileCache';
import { TileLayer } from './TileLayer';
import { chooseScale } from './tile-cover';
import {
  FIRST_PINS_MARK, PinFlag, MapMode, type CameraState, type EngineEvents, type EngineSnapshot, type MapEngineOptions,
  type ModeOptions, type ScreenPoint, type WorldPoint,
} from './types';

/** Tiles are loaded this many CSS pixels beyond the view, so a short pan finds them ready. */
const TILE_MARGIN_PX = 256;
const DEFAULT_ROUTE_WIDTH = 120;
/** How long the camera must rest before 'camerasettle' fires. */
const SETTLE_MS = 150;

/** Main-thread time of the engine's frames (the frame benchmark reads it). */
export interface FrameStats {
  frames: number;
  totalMs: number;
  lastMs: number;
  maxMs: number;
}

/** MapEngine's machinery: the scene, frame loop, camera motion, hover and input; MapEngine adds the public API. */
export abstract class EngineFrame {
  protected readonly events = new Emitter<EngineEvents>();
  protected readonly listeners = new Set<() => void>();
  protected readonly stage = new Container({ label: 'stage', eventMode: 'none' });
  private readonly world = new Container({ label: 'world', eventMode: 'none' });
  protected readonly tileRoot = new Container({ label: 'tile-root', eventMode: 'none' });
  protected readonly subRoot = new Container({ label: 'sub-root', eventMode: 'none' });
  protected readonly pins = new PinLayer();
  protected readonly aggregates = new AggregateLayer();
  private drawnAggregateVersion = -1;
  protected readonly overlay: OverlayLayer;
  protected readonly cache: TileCache;
  protected readonly input: InputController;
  /** The opened pin (setFocusedPin) and the pin the keyboard reached; the latter shows while set. */
  protected openedPin: number | null = null;
  protected keyPin: number | null = null;
  protected readonly track = new PlayerTrack();
  protected readonly trackPoint: TrackPoint = { x: 0, y: 0, heading: 0 };
  protected readonly resizeObserver: ResizeObserver;
  private readonly rect: number[] = [0, 0, 0, 0];
  protected base: TileLayer | null = null;
  protected subs: SubMapLayer | null = null;
  protected region: Region;
  protected cam: CameraState = { x: 0, y: 0, zoom: 1 };
  protected vp: Viewport = { width: 1, height: 1 };
  protected bounds: CameraBounds;
  protected tween: Tween | null = null;
  protected mode: MapMode = MapMode.Default;
  protected rangeShape: 'rect' | 'lasso' = 'rect';
  protected routeWidth = DEFAULT_ROUTE_WIDTH;
  protected hoverId: number | null = null;
  protected pointer = { x: 0, y: 0, inside: false, dirty: false };
  protected follow = false;
  protected floor: number | null = null;
  private version = 1;
  private drawnVersion = 0;
  private drawnPinVersion = -1;
  private cameraVersion = 1;
  private tileCameraVersion = 0;
  private tileLoads = 0;
  private drawnTileLoads = -1;
  private frameNo = 0;
  private firstPinsMarked = false;
  protected raf = 0;
  private lastT = 0;
  protected snapshot: EngineSnapshot;
  private snapshotCameraStale = false;
  private settlePending = false;
  private lastCameraMoveT = 0;
  protected disposed = false;
  protected readonly onVisibility = () => this.visibilityChanged();
  readonly frameStats: FrameStats = { frames: 0, totalMs: 0, lastMs: 0, maxMs: 0 };

  protected constructor(
    protected readonly container: HTMLElement,
    protected readonly renderer: Renderer,
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

  // MapEngine's public methods the machinery calls.
  abstract setRegion(regionId: number): void;
  abstract getCamera(): CameraState;
  abstract setMode(mode: MapMode, opts?: ModeOptions): void;
  abstract setFollow(on: boolean): void;
  abstract focusPinBy(dir: { dx: number; dy: number } | null): boolean;
  abstract aggregateAt(screenX: number, screenY: number): { x: number; y: number; count: number; found: number; level: number } | null;
  abstract pickAt(screenX: number, screenY: number): number | null;
  abstract worldToScreen(p: { x: number; y: number }): ScreenPoint;
  abstract screenToWorld(p: { x: number; y: number }): WorldPoint;

  /** The canvas the engine draws on. */
  get canvas(): HTMLCanvasElement {
    return this.renderer.canvas as HTMLCanvasElement;
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

  protected frame(t: number): void {
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

  protected applyCamera(c: CameraState): void {
    const next = clampCamera(this.bounds, this.vp, c);
    if (next.x === this.cam.x && next.y === this.cam.y && next.zoom === this.cam.zoom) return;
    this.cam = next;
    this.cameraVersion++;
    this.snapshotCameraStale = true;
    this.pointer.dirty = this.pointer.inside;
    this.touch();
  }

  protected startTween(to: CameraState, anchor?: { x: number; y: number }): void {
    this.tween = { from: { ...this.cam }, to: clampCamera(this.bounds, this.vp, to), start: performance.now(), ...(anchor ? { anchor } : {}) };
    this.touch();
  }

  private stepTween(now: number): void {
    if (!this.tween) return;
    const { cam, done } = tweenCamera(this.tween, now, this.vp);
    this.applyCamera(cam);
    if (done) this.tween = null;
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

  protected touch(): void {
    this.version++;
  }

  private tileLoaded(): void {
    this.tileLoads++;
  }

  protected patchSnapshot(patch: Partial<EngineSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const fn of this.listeners) fn();
  }

  protected setHover(id: number | null): void {
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
