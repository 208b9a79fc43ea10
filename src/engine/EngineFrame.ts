// The engine's machinery under MapEngine's public API (MapEngine.ts): the scene and its layers,
// a frame (draw on demand: see LIFE-OF-A-FRAME.md) run by the FrameLoop, the EngineCamera's
// moves, hover, the active map tool (tools/: the gestures InputController decides go to it) and the
// input adapter that turns the rest into engine calls (keyboard mode's among them to KeyFocus).
// Pixi generates shader glue with new Function() unless this is loaded; our CSP has no 'unsafe-eval'.
import 'pixi.js/unsafe-eval';
import { Container, type Renderer } from 'pixi.js';
import { regionById, type Region } from '../../common/regions';
import { visibleWorldRect } from './camera';
import { EngineCamera } from './EngineCamera';
import { Emitter } from './Emitter';
import { FrameLoop, type FrameStats } from './FrameLoop';
import { InputController, type InputHost } from './InputController';
import { KeyFocus } from './KeyFocus';
import { OverlayLayer } from './OverlayLayer';
import { TOOLS, type MapTool, type ToolContext, type ToolId } from './tools';
import { PinLayer, pinSizeFactor } from './PinLayer';
import { pinLook, screenPinScale } from './pin-style';
import { AggregateLayer } from './AggregateLayer';
import { PlayerTrack, type TrackPoint } from './player-track';
import { SubMapLayer } from './SubMapLayer';
import { TileCache } from './TileCache';
import { TileLayer } from './TileLayer';
import { chooseScale } from './tile-cover';
import {
  FIRST_PINS_MARK,
  type AggregateInfo,
  type CameraState,
  type EngineEvents,
  type EngineSnapshot,
  type MapEngineOptions,
  type WorldPoint,
} from './types';

/** Tiles are loaded this many CSS pixels beyond the view, so a short pan finds them ready. */
const TILE_MARGIN_PX = 256;
const DEFAULT_ROUTE_WIDTH = 120;
/** How long the camera must rest before 'camerasettle' fires. */
const SETTLE_MS = 150;

/** MapEngine's machinery: the scene, the frame, camera moves, hover and input; MapEngine adds the public API. */
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
  protected readonly keyFocus: KeyFocus;
  protected readonly track = new PlayerTrack();
  protected readonly trackPoint: TrackPoint = { x: 0, y: 0, heading: 0 };
  protected readonly resizeObserver: ResizeObserver;
  protected readonly loop: FrameLoop;
  private readonly rect: number[] = [0, 0, 0, 0];
  protected base: TileLayer | null = null;
  protected subs: SubMapLayer | null = null;
  protected region: Region;
  protected readonly camera: EngineCamera;
  /** The map tool on (the engine owns it: setTool changes it, ESC ends it) and its name. */
  protected tool: MapTool;
  protected toolId: ToolId = 'pan';
  protected readonly tools: ToolContext;
  protected routeWidth = DEFAULT_ROUTE_WIDTH;
  protected hoverId: number | null = null;
  /** screenPinScale of the screen the window is on. */
  protected screenScale = 1;
  /** The aggregate told as hovered (its world position and level), so 'aggregatehover' fires on changes only. */
  private hoverAggregate: string | null = null;
  protected pointer = { x: 0, y: 0, inside: false, dirty: false };
  protected follow = false;
  protected floor: number | null = null;
  private version = 1;
  private drawnVersion = 0;
  private drawnPinVersion = -1;
  private tileCameraVersion = 0;
  private tileLoads = 0;
  private drawnTileLoads = -1;
  private frameNo = 0;
  private firstPinsMarked = false;
  protected snapshot: EngineSnapshot;
  private snapshotCameraStale = false;
  private settlePending = false;
  private lastCameraMoveT = 0;
  protected disposed = false;

  protected constructor(
    protected readonly container: HTMLElement,
    protected readonly renderer: Renderer,
    opts: MapEngineOptions,
  ) {
    this.cache = new TileCache({ baseUrl: opts.tileBaseUrl ?? '', onLoad: () => this.tileLoaded() });
    this.overlay = new OverlayLayer(this.pins.atlas);
    this.aggregates.colorOf = (category, icon) => this.pins.atlas.color(this.pins.atlas.slot(category, icon));
    this.world.addChild(this.tileRoot, this.subRoot, this.pins.container, this.aggregates.container);
    this.stage.addChild(this.world, this.overlay.container);
    const canvas = renderer.canvas as HTMLCanvasElement;
    canvas.style.display = 'block';
    canvas.style.width = '100%';
    canvas.style.height = '100%';
    container.appendChild(canvas);
    const vp = { width: Math.max(1, container.clientWidth), height: Math.max(1, container.clientHeight) };
    this.region = regionById(0);
    this.camera = new EngineCamera(
      vp,
      this.region,
      () => this.cameraMoved(),
      () => this.touch(),
      () => this.cameraStarted(),
    );
    this.keyFocus = new KeyFocus(this.pins, this.camera, this.events, () => this.touch());
    this.tools = this.toolContext();
    this.tool = new TOOLS.pan(this.tools);
    this.snapshot = {
      camera: { ...this.camera.cam },
      mode: this.tool.mode,
      tool: this.toolId,
      hoverPinId: null,
      follow: false,
      floor: null,
      regionId: 0,
      tilesLoading: 0,
      moving: false,
    };
    this.input = new InputController(canvas, this.inputHost());
    this.applyScreenScale();
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(container);
    this.loop = new FrameLoop(
      (t) => this.frame(t),
      () => this.touch(),
    );
    this.setRegion(0);
    this.loop.start();
  }

  // MapEngine's public methods the machinery calls.
  abstract setRegion(regionId: number): void;
  abstract getCamera(): CameraState;
  abstract setFollow(on: boolean): void;
  abstract aggregateAt(screenX: number, screenY: number): AggregateInfo | null;
  abstract pickAt(screenX: number, screenY: number): number | null;
  abstract screenToWorld(p: { x: number; y: number }): WorldPoint;

  /** The canvas the engine draws on. */
  get canvas(): HTMLCanvasElement {
    return this.renderer.canvas as HTMLCanvasElement;
  }

  /** Main-thread time of the frames drawn so far. */
  get frameStats(): FrameStats {
    return this.loop.stats;
  }

  // ── frame ──────────────────────────────────────────────────

  protected frame(t: number): void {
    if (this.disposed) return;
    const t0 = performance.now();
    this.input.tick(this.loop.step(t));
    this.camera.step(t0);
    if (this.track.active) {
      const gliding = this.track.sample(t0, this.trackPoint);
      this.overlay.setPlayer(this.trackPoint);
      if (gliding) this.touch();
      const cam = this.camera.cam;
      if (this.follow && (this.trackPoint.x !== cam.x || this.trackPoint.y !== cam.y)) {
        this.camera.apply({ x: this.trackPoint.x, y: this.trackPoint.y, zoom: cam.zoom });
      }
    }
    if (this.pointer.dirty) this.updateHover();
    if (this.snapshotCameraStale) {
      this.snapshotCameraStale = false;
      this.settlePending = true;
      this.lastCameraMoveT = t0;
      this.events.emit('camera', this.getCamera());
      this.patchSnapshot({ camera: { ...this.camera.cam }, moving: true });
    } else if (this.settlePending && !this.camera.tween && t0 - this.lastCameraMoveT >= SETTLE_MS) {
      this.settlePending = false;
      this.patchSnapshot({ moving: false });
      this.events.emit('camerasettle', this.getCamera());
    }
    if (
      this.version === this.drawnVersion &&
      this.pins.version === this.drawnPinVersion &&
      this.aggregates.version === this.drawnAggregateVersion &&
      this.tileLoads === this.drawnTileLoads
    )
      return;
    this.draw();
    this.loop.count(performance.now() - t0);
  }

  private draw(): void {
    const { cam, vp } = this.camera;
    const cameraMoved = this.camera.version !== this.tileCameraVersion;
    this.world.scale.set(cam.zoom);
    this.world.position.set(vp.width / 2 - cam.x * cam.zoom, vp.height / 2 - cam.y * cam.zoom);
    if (cameraMoved || this.tileLoads !== this.drawnTileLoads) {
      this.frameNo++;
      const r = visibleWorldRect(cam, vp, TILE_MARGIN_PX);
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
    this.overlay.update(cam, vp, pinSizeFactor(cam.zoom, false) * this.screenScale, cameraMoved);
    this.renderer.render(this.stage);
    if (!this.firstPinsMarked && this.pins.count > 0) {
      // User Timing: how long a visit waits for pins on screen (read by bench/engine/startup).
      this.firstPinsMarked = true;
      performance.mark(FIRST_PINS_MARK, { detail: { pins: this.pins.count } });
    }
    this.tileCameraVersion = this.camera.version;
    this.drawnVersion = this.version;
    this.drawnPinVersion = this.pins.version;
    this.drawnAggregateVersion = this.aggregates.version;
    this.drawnTileLoads = this.tileLoads;
  }

  // ── camera ─────────────────────────────────────────────────

  // Every move of the camera: the snapshot and hover follow in the next frame.
  private cameraMoved(): void {
    this.snapshotCameraStale = true;
    // Moving from this input on (a wheel, a drag), not from the next frame.
    if (!this.snapshot.moving) this.patchSnapshot({ moving: true });
    this.pointer.dirty = this.pointer.inside;
    this.touch();
  }

  // A tween begins: the camera counts as moving from now, not from its first frame.
  private cameraStarted(): void {
    this.settlePending = true;
    this.lastCameraMoveT = performance.now();
    if (!this.snapshot.moving) this.patchSnapshot({ moving: true });
  }

  // Read again on every resize: a window moved to another monitor usually resizes too.
  private applyScreenScale(): void {
    const s = globalThis.screen;
    this.screenScale = s ? screenPinScale(s.width, s.height) : 1;
    this.pins.setScreenScale(this.screenScale);
    this.aggregates.setScreenScale(this.screenScale);
  }

  private resize(): void {
    this.applyScreenScale();
    const w = Math.max(1, this.container.clientWidth);
    const h = Math.max(1, this.container.clientHeight);
    if (w === this.camera.vp.width && h === this.camera.vp.height) return;
    this.renderer.resize(w, h);
    this.camera.resize({ width: w, height: h }, this.region);
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
    // The hover marker draws the pin as the layer does (a focused pin keeps its halo).
    this.overlay.setHover(info ? { x: info.x, y: info.y, slot: info.slot, look: pinLook(info.flags) } : null);
    this.canvas.style.cursor = id !== null ? 'pointer' : this.tool.cursor;
    this.touch();
    this.events.emit('pinhover', { id });
    this.patchSnapshot({ hoverPinId: id });
  }

  private updateHover(): void {
    this.pointer.dirty = false;
    const drawing = !this.tool.hover;
    const id = this.pointer.inside && !drawing ? this.pickAt(this.pointer.x, this.pointer.y) : null;
    this.setHover(id);
    const agg = id === null && this.pointer.inside && !drawing ? this.aggregateAt(this.pointer.x, this.pointer.y) : null;
    if (agg) this.canvas.style.cursor = 'pointer';
    this.setHoverAggregate(agg, this.pointer.x, this.pointer.y, false);
  }

  // Tells the map which aggregate the pointer is over (names its top categories), on changes only.
  private setHoverAggregate(agg: AggregateInfo | null, x: number, y: number, pressed: boolean): void {
    const key = agg ? `${agg.level}:${agg.x}:${agg.y}:${agg.count}:${agg.found}` : null;
    if (key === this.hoverAggregate && !pressed) return;
    this.hoverAggregate = key;
    this.events.emit('aggregatehover', { aggregate: agg, screenX: x, screenY: y, pressed });
  }

  /** Switches the map tool: a gesture under way is dropped, and so is the shape drawn. */
  protected switchTool(id: ToolId): void {
    if (id !== this.toolId) {
      this.input.cancelGesture();
      this.toolId = id;
      this.tool = new TOOLS[id](this.tools);
    }
    this.overlay.setShape(null);
    this.container.style.cursor = this.tool.cursor;
    this.pointer.dirty = this.pointer.inside;
    this.touch();
    if (this.snapshot.tool !== id) this.patchSnapshot({ mode: this.tool.mode, tool: id });
  }

  // What the tools may do (tools/tool.ts).
  private toolContext(): ToolContext {
    return {
      camera: () => this.camera.cam,
      viewport: () => this.camera.vp,
      world: (p) => this.screenToWorld(p),
      pan: (dx, dy, t) => this.input.pan(dx, dy, t),
      panEnd: (t) => this.input.panEnd(t),
      zoomAbout: (p, factor) => this.input.zoomAbout(p, factor),
      pick: (x, y) => this.pickAt(x, y),
      aggregateAt: (x, y) => this.aggregateAt(x, y),
      openAggregate: (agg) => this.camera.startTween({ x: agg.x, y: agg.y, zoom: this.camera.cam.zoom * 4 }),
      emit: (type, e) => this.events.emit(type, e),
      contextMenu: (x, y) => this.contextMenu(x, y),
      shape: (s) => {
        this.overlay.setShape(s);
        this.touch();
      },
      routeWidth: () => this.routeWidth,
    };
  }

  private contextMenu(x: number, y: number): void {
    const id = this.pickAt(x, y);
    if (id !== null) return void this.events.emit('pincontextmenu', { id, screenX: x, screenY: y });
    // A long press (or right-click) on an aggregate names what is inside: the phone's hover.
    const agg = this.aggregateAt(x, y);
    if (agg) this.setHoverAggregate(agg, x, y, true);
  }

  private inputHost(): InputHost {
    return {
      camera: () => this.camera.cam,
      viewport: () => this.camera.vp,
      moveCamera: (c) => {
        this.camera.tween = null;
        if (this.follow && (c.x !== this.camera.cam.x || c.y !== this.camera.cam.y)) this.setFollow(false);
        this.camera.apply(c);
      },
      animateCamera: (c, anchor) => {
        if (this.follow && (c.x !== this.camera.cam.x || c.y !== this.camera.cam.y) && !anchor) this.setFollow(false);
        this.camera.startTween(c, anchor);
      },
      tool: () => this.tool,
      pointerAt: (x, y, inside) => {
        this.pointer.x = x;
        this.pointer.y = y;
        this.pointer.inside = inside;
        this.pointer.dirty = true;
      },
      contextMenu: (x, y) => this.contextMenu(x, y),
      focusPin: (dir) => this.keyFocus.moveBy(dir),
      pinKey: (action) => this.keyFocus.act(action),
      blur: () => this.keyFocus.blur(),
      cancelTool: () => {
        if (this.toolId === 'pan') return false;
        this.switchTool('pan');
        this.events.emit('modecancel', {});
        return true;
      },
    };
  }
}
