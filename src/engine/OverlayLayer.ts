// The interactive layer in screen space, over tiles and pins: the hovered pin drawn enlarged on
// top, the selection shape being drawn, the temporary pin of pin creation and the player marker.
// The two markers and the player graphic are built once and only moved per frame; the shape graphic
// is rebuilt only when the shape or the camera changes. The markers are one-particle containers with
// the pin shader and the pins' atlas, so they show a pin's look (halo, found grey and check) the same
// way (the atlas holds plain frames only); a hidden one is not drawn at all.
import { Container, Graphics, Particle, ParticleContainer } from 'pixi.js';
import type { IconAtlas } from './IconAtlas';
import { IconLook, lookTint } from './IconAtlas';
import { createPinShader, type PinUniformGroup } from './pin-shader';
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
    this.container.addChild(this.shapeGfx, this.temp.container, this.player, this.hover.container);
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

/** One pin marker in screen space: a one-particle container drawn by the pin shader from the pins' atlas. */
class Marker {
  readonly container: ParticleContainer;
  private readonly particle: Particle;
  private readonly uniforms: PinUniformGroup;
  private readonly dispose_: () => void;

  constructor(
    private readonly atlas: IconAtlas,
    label: string,
  ) {
    const { shader, pinUniforms } = createPinShader('pins');
    this.uniforms = pinUniforms;
    this.particle = new Particle({ texture: atlas.frame(0), anchorX: 0.5, anchorY: 1 });
    this.container = new ParticleContainer({
      label,
      eventMode: 'none',
      texture: atlas.frame(0),
      shader,
      dynamicProperties: { vertex: true, position: true, rotation: false, uvs: true, color: true },
    });
    this.container.particleChildren = [this.particle];
    this.container.visible = false;
    this.dispose_ = () => shader.destroy();
  }

  dress(slot: number, look: number): void {
    this.particle.texture = this.atlas.frame(slot);
    this.particle.tint = lookTint(look, false);
  }

  place(x: number, y: number, scale: number): void {
    this.particle.x = x;
    this.particle.y = y;
    this.particle.scaleX = this.particle.scaleY = scale;
    const u = this.uniforms.uniforms;
    u.uCellU = this.atlas.cellU;
    u.uCellV = this.atlas.cellV;
  }

  dispose(): void {
    this.dispose_();
  }
}
