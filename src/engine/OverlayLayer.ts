// The interactive layer in screen space, over tiles and pins: the hovered pin drawn enlarged on
// top, the selection shape being drawn, the temporary pin of pin creation and the player marker.
// The two markers and the player graphic are built once and only moved per frame; the shape graphic
// is rebuilt only when the shape or the camera changes. The markers are one-particle containers with
// the pin shader and the pins' atlas, so they show a pin's look (halo, found grey and check) the same
// way (the atlas holds plain frames only); a hidden one is not drawn at all. The route is one Graphics
// and pooled bitmap-font numbers.
import { BitmapText, Container, Graphics, ParticleContainer } from 'pixi.js';
import type { IconAtlas } from './IconAtlas';
import { ATLAS_COLS, IconLook, lookTint } from './IconAtlas';
import { createPinShader, type PinUniformGroup } from './pin-shader';
import { packColor } from './pin-style';
import { pinMeta, pinVertexProperties, placeholders } from './pin-vertices';
import type { CameraState } from './types';
import type { Viewport } from './camera';

/** The shape being drawn: world x,y pairs. */
export interface DrawnShape {
  kind: 'rect' | 'lasso' | 'route';
  points: number[];
  /** Corridor width of a route (world units). */
  width: number;
}

const SHAPE_COLOR = 0x4cc9f0;

/** A planned route to draw: its stops in order (world units, floor NaN = base map) and the next stop's index. */
export interface RouteOverlay {
  x: ArrayLike<number>;
  y: ArrayLike<number>;
  floor: ArrayLike<number>;
  /** Index of the next stop; stops before it are done (drawn faint); stops.length = finished. */
  next: number;
  /** Stops marked found (drawn faint wherever they lie in the order). */
  done: ArrayLike<boolean>;
}

const ROUTE_COLOR = 0xff9f1c;
const ROUTE_DONE = 0x8a8f98;
const ROUTE_NEXT = 0xffd166;
/** At most this many stop numbers are drawn at once (the ones on screen, nearest the next stop first). */
const MAX_ROUTE_LABELS = 60;
const TEMP_PIN_ICON = 4; // the plus glyph
/** The player marker's sizes in CSS px: halo radius, disc radius, heading arrow tip from the centre. */
export const PLAYER_HALO = 32;
export const PLAYER_DISC = 13;
export const PLAYER_TIP = 34;

export class OverlayLayer {
  readonly container = new Container({ label: 'overlay', eventMode: 'none' });
  private readonly shapeGfx = new Graphics();
  private readonly hover: Marker;
  private readonly temp: Marker;
  private readonly player = new Graphics();
  private hoverPin: { x: number; y: number } | null = null;
  private tempPin: { x: number; y: number } | null = null;
  private playerPos: { x: number; y: number; heading: number } | null = null;
  private shape: DrawnShape | null = null;
  private shapeDirty = false;
  // The route: one Graphics for the line and stop discs, and pooled bitmap-font numbers sharing one
  // texture, so the whole route batches with the overlay (no draw call per stop).
  private readonly routeGfx = new Graphics();
  private readonly routeLabels = new Container({ label: 'route-numbers' });
  private route: RouteOverlay | null = null;
  private routeDirty = false;
  private shownFloor: number | null = null;

  constructor(private readonly atlas: IconAtlas) {
    this.hover = new Marker(atlas, 'hover-pin');
    this.temp = new Marker(atlas, 'temp-pin');
    // The player: a wide halo, a dark-edged disc with a thick white rim and an arrow along the heading
    // (drawn for heading 0 = up), in CSS px. About 36 px of solid marker and 64 px with the halo: it
    // reads on a phone over dense pins and, with the overlay's UI scale, on a 4K stream.
    this.player
      .circle(0, 0, PLAYER_HALO)
      .fill({ color: 0x4cc9f0, alpha: 0.3 })
      .stroke({ color: 0x4cc9f0, alpha: 0.7, width: 2 })
      .poly([0, -PLAYER_TIP - 2, 13, -12, -13, -12])
      .fill(0x0b1220)
      .poly([0, -PLAYER_TIP, 10, -13, -10, -13])
      .fill(0xffffff)
      .stroke({ color: 0x1f6feb, width: 2 })
      .circle(0, 0, PLAYER_DISC + 5)
      .fill(0x0b1220)
      .circle(0, 0, PLAYER_DISC)
      .fill(0x1f6feb)
      .stroke({ color: 0xffffff, width: 4 });
    this.player.visible = false;
    this.container.addChild(this.routeGfx, this.routeLabels, this.shapeGfx, this.temp.container, this.player, this.hover.container);
  }

  /** The hovered pin (its atlas slot and look), drawn enlarged over all pins; null clears. */
  setHover(pin: { x: number; y: number; slot: number; look: number } | null): void {
    this.hoverPin = pin;
    this.hover.container.visible = !!pin;
    if (pin) this.hover.dress(pin.slot, pin.look);
  }

  setTempPin(p: { x: number; y: number } | null): void {
    this.tempPin = p ? { x: p.x, y: p.y } : null;
    this.temp.container.visible = !!p;
    if (p) this.temp.dress(this.atlas.slot(-1, TEMP_PIN_ICON), IconLook.Selected);
  }

  setPlayer(p: { x: number; y: number; heading: number } | null): void {
    this.playerPos = p;
    this.player.visible = !!p;
  }

  setShape(shape: DrawnShape | null): void {
    this.shape = shape;
    this.shapeDirty = true;
  }

  /** The planned route to draw (null hides it); `floor` is the floor shown, whose stops are drawn solid. */
  setRoute(route: RouteOverlay | null, floor: number | null): void {
    this.route = route;
    this.shownFloor = floor;
    this.routeDirty = true;
  }

  /** How many stop numbers are drawn (tests). */
  get routeLabelCount(): number {
    return this.routeLabels.children.filter((c) => c.visible).length;
  }

  get hasShape(): boolean {
    return this.shape !== null;
  }

  /** Moves everything to the camera; `pinSize` is the pins' size factor (1 = 32 CSS px). */
  update(cam: CameraState, vp: Viewport, pinSize: number, cameraMoved: boolean): void {
    const hw = vp.width / 2;
    const hh = vp.height / 2;
    if (this.hoverPin)
      this.hover.place((this.hoverPin.x - cam.x) * cam.zoom + hw, (this.hoverPin.y - cam.y) * cam.zoom + hh, pinSize * 1.3);
    if (this.tempPin)
      this.temp.place((this.tempPin.x - cam.x) * cam.zoom + hw, (this.tempPin.y - cam.y) * cam.zoom + hh, Math.max(1, pinSize * 1.2));
    if (this.playerPos) {
      this.player.position.set((this.playerPos.x - cam.x) * cam.zoom + hw, (this.playerPos.y - cam.y) * cam.zoom + hh);
      this.player.rotation = (this.playerPos.heading * Math.PI) / 180;
    }
    if (this.shapeDirty || (cameraMoved && this.shape)) this.drawShape(cam, hw, hh);
    if (this.routeDirty || (cameraMoved && this.route)) this.drawRoute(cam, vp, hw, hh);
  }

  private drawRoute(cam: CameraState, vp: Viewport, hw: number, hh: number): void {
    this.routeDirty = false;
    const g = this.routeGfx.clear();
    const r = this.route;
    const labels = this.routeLabels.children as BitmapText[];
    let used = 0;
    if (r && r.x.length > 0) {
      const n = r.x.length;
      const sx = (k: number) => (r.x[k]! - cam.x) * cam.zoom + hw;
      const sy = (k: number) => (r.y[k]! - cam.y) * cam.zoom + hh;
      const floorOf = (k: number) => (r.floor[k]! === r.floor[k]! ? r.floor[k]! : null);
      const onFloor = (k: number) => floorOf(k) === this.shownFloor;
      // The walked part faint, the rest bold; a leg that changes floor is drawn thin (it goes through the area's entrance).
      for (let k = 1; k < n; k++) {
        const done = k <= r.next;
        const floorChange = floorOf(k) !== floorOf(k - 1);
        g.moveTo(sx(k - 1), sy(k - 1))
          .lineTo(sx(k), sy(k))
          .stroke({
            color: done ? ROUTE_DONE : ROUTE_COLOR,
            alpha: done ? 0.45 : onFloor(k) && onFloor(k - 1) ? 0.95 : 0.5,
            width: floorChange ? 2 : 4,
            cap: 'round',
          });
      }
      const margin = 24;
      const visible = (k: number) => sx(k) > -margin && sx(k) < vp.width + margin && sy(k) > -margin && sy(k) < vp.height + margin;
      for (let k = 0; k < n; k++) {
        if (!visible(k)) continue;
        const done = r.done[k] === true;
        const next = k === r.next;
        const radius = next ? 13 : 9;
        if (next) g.circle(sx(k), sy(k), 20).fill({ color: ROUTE_NEXT, alpha: 0.35 }).stroke({ color: ROUTE_NEXT, width: 3 });
        g.circle(sx(k), sy(k), radius)
          .fill({ color: done ? ROUTE_DONE : next ? ROUTE_NEXT : ROUTE_COLOR, alpha: done || !onFloor(k) ? 0.55 : 1 })
          .stroke({ color: 0x0b1220, width: 2 });
      }
      // Numbers (1-based) on the stops in view, the next stop's neighbours first.
      const order: number[] = [];
      for (let k = 0; k < n; k++) if (visible(k)) order.push(k);
      order.sort((a, b) => Math.abs(a - r.next) - Math.abs(b - r.next));
      for (const k of order.slice(0, MAX_ROUTE_LABELS)) {
        let t = labels[used];
        if (!t) {
          t = new BitmapText({
            text: '',
            style: { fontFamily: 'sans-serif', fontSize: 12, fontWeight: 'bold', fill: 0x0b1220 },
            anchor: 0.5,
          });
          this.routeLabels.addChild(t);
        }
        t.text = String(k + 1);
        t.position.set(Math.round(sx(k)), Math.round(sy(k)));
        t.visible = true;
        used++;
      }
    }
    for (let k = used; k < labels.length; k++) labels[k]!.visible = false;
  }

  dispose(): void {
    this.hover.dispose();
    this.temp.dispose();
    this.container.destroy({ children: true });
  }

  private drawShape(cam: CameraState, hw: number, hh: number): void {
    this.shapeDirty = false;
    const g = this.shapeGfx.clear();
    const s = this.shape;
    if (!s || s.points.length < 2) return;
    const pts = s.points.map((v, k) => (k % 2 === 0 ? (v - cam.x) * cam.zoom + hw : (v - cam.y) * cam.zoom + hh));
    if (s.kind === 'route') {
      if (pts.length >= 4) {
        g.poly(pts, false).stroke({ color: SHAPE_COLOR, alpha: 0.25, width: Math.max(2, s.width * cam.zoom), cap: 'round', join: 'round' });
        g.poly(pts, false).stroke({ color: SHAPE_COLOR, width: 2, cap: 'round', join: 'round' });
      }
      return;
    }
    if (pts.length >= 6) g.poly(pts, true).fill({ color: SHAPE_COLOR, alpha: 0.15 }).stroke({ color: SHAPE_COLOR, width: 2 });
  }
}

/**
 * One pin marker in screen space: a one-pin container drawn by the pin shader from the pins' atlas, in the pins' own
 * vertex layout (pin-vertices.ts), its size in the shader's uPinScale and its vertices filled each frame.
 */
class Marker {
  readonly container: ParticleContainer;
  private readonly pin = { x: [0], y: [0], pinOfSlot: [0], meta: [0], color: [packColor(lookTint(IconLook.Plain, false))] };
  private readonly uniforms: PinUniformGroup;
  private readonly dispose_: () => void;

  constructor(
    private readonly atlas: IconAtlas,
    label: string,
  ) {
    const { shader, pinUniforms } = createPinShader('pins');
    this.uniforms = pinUniforms;
    this.container = new ParticleContainer({ label, eventMode: 'none', texture: atlas.frame(0), shader });
    this.container._properties = pinVertexProperties(() => this.pin, true);
    this.container.particleChildren = placeholders(1);
    this.container.visible = false;
    this.dispose_ = () => shader.destroy();
  }

  dress(slot: number, look: number): void {
    this.pin.meta[0] = pinMeta(this.atlas.drawnSlot(slot), 0, false);
    this.pin.color[0] = packColor(lookTint(look, false));
  }

  place(x: number, y: number, scale: number): void {
    this.pin.x[0] = x;
    this.pin.y[0] = y;
    const u = this.uniforms.uniforms;
    u.uPinScale = scale;
    u.uCellU = this.atlas.cellU;
    u.uCellV = this.atlas.cellV;
    u.uCols = ATLAS_COLS;
  }

  dispose(): void {
    this.dispose_();
  }
}
