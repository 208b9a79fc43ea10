// Pointer, wheel and keyboard input on the map's canvas, turned into camera moves, picks and
// selection shapes. Pixi's event system is not used: pins are hit-tested through the pin index.
import { panBy, zoomAbout, screenToWorld, type Viewport } from './camera';
import type { DrawnShape } from './OverlayLayer';
import { MapMode, type CameraState } from './types';

/** What the controller needs from the engine. */
export interface InputHost {
  camera(): CameraState;
  viewport(): Viewport;
  /** A camera moved by the user (clamped by the engine; pauses follow). */
  moveCamera(c: CameraState): void;
  /** An animated move (double-click, keys). */
  animateCamera(c: CameraState, anchor?: { x: number; y: number }): void;
  mode(): MapMode;
  rangeShape(): 'rect' | 'lasso';
  routeWidth(): number;
  pick(x: number, y: number): number | null;
  pointerAt(x: number, y: number, inside: boolean): void;
  click(x: number, y: number): void;
  contextMenu(x: number, y: number): void;
  shape(shape: DrawnShape | null, done: boolean): void;
  cancelMode(): void;
  /**
   * Keyboard mode: moves the key focus to the nearest pin (to the centre, or from the focused pin
   * in a direction); false when no pin is there, so the arrow keys pan instead.
   */
  focusPin(dir: { dx: number; dy: number } | null): boolean;
  /** Enter (open) or F (mark) on the key-focused pin; false when no pin has the key focus. */
  pinKey(action: 'open' | 'mark'): boolean;
  /** The map lost keyboard focus. */
  blur(): void;
}

const ARROWS: Record<string, { dx: number; dy: number }> = {
  ArrowLeft: { dx: -1, dy: 0 },
  ArrowRight: { dx: 1, dy: 0 },
  ArrowUp: { dx: 0, dy: -1 },
  ArrowDown: { dx: 0, dy: 1 },
};

const CLICK_SLOP_PX = 5;
const LONG_PRESS_MS = 550;
const INERTIA_MIN_SPEED = 0.05; // px per ms
const INERTIA_DECAY = 0.995; // per ms
const KEY_PAN_FRACTION = 0.25;

interface Down {
  id: number;
  x: number;
  y: number;
  startX: number;
  startY: number;
  t: number;
  button: number;
  type: string;
  /** The farthest it has been from where it went down (px): past the click slop it is a drag, wherever it ends. */
  reach: number;
}

export class InputController {
  private readonly downs = new Map<number, Down>();
  private mode: 'none' | 'pan' | 'pinch' | 'draw' = 'none';
  private vx = 0;
  private vy = 0;
  private lastMoveT = 0;
  private pinch: { cam: CameraState; mid: { x: number; y: number }; dist: number } | null = null;
  private drawing: DrawnShape | null = null;
  private longPress: ReturnType<typeof setTimeout> | null = null;
  private readonly off: (() => void)[] = [];

  constructor(
    private readonly el: HTMLElement,
    private readonly host: InputHost,
  ) {
    el.tabIndex = el.tabIndex >= 0 ? el.tabIndex : 0;
    el.style.touchAction = 'none';
    this.listen('pointerdown', this.onDown);
    this.listen('pointermove', this.onMove);
    this.listen('pointerup', this.onUp);
    this.listen('pointercancel', this.onCancel);
    this.listen('pointerleave', () => this.host.pointerAt(0, 0, false));
    this.listen('wheel', this.onWheel, { passive: false });
    this.listen('dblclick', this.onDblClick);
    this.listen('contextmenu', this.onContextMenu);
    this.listen('keydown', this.onKey);
    // Focus from the keyboard (not a click) starts keyboard mode on the pin nearest the centre.
    this.listen('focus', () => el.matches(':focus-visible') && this.host.focusPin(null));
    this.listen('blur', () => this.host.blur());
  }

  /** Inertia after a flung pan; returns whether the camera is still gliding. */
  tick(dt: number): boolean {
    if (this.mode !== 'none' || (this.vx === 0 && this.vy === 0)) return false;
    const decay = Math.pow(INERTIA_DECAY, dt);
    this.vx *= decay;
    this.vy *= decay;
    if (Math.hypot(this.vx, this.vy) < INERTIA_MIN_SPEED) {
      this.vx = this.vy = 0;
      return false;
    }
    this.host.moveCamera(panBy(this.host.camera(), this.vx * dt, this.vy * dt));
    return true;
  }

  stopInertia(): void {
    this.vx = this.vy = 0;
  }

  dispose(): void {
    for (const f of this.off) f();
    this.off.length = 0;
    if (this.longPress) clearTimeout(this.longPress);
  }

  private listen<K extends keyof HTMLElementEventMap>(
    type: K,
    fn: (e: HTMLElementEventMap[K]) => void,
    opts?: AddEventListenerOptions,
  ): void {
    const h = fn.bind(this) as EventListener;
    this.el.addEventListener(type, h, opts);
    this.off.push(() => this.el.removeEventListener(type, h, opts));
  }

  private local(e: { clientX: number; clientY: number }): { x: number; y: number } {
    const r = this.el.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  private world(p: { x: number; y: number }): { x: number; y: number } {
    return screenToWorld(this.host.camera(), this.host.viewport(), p);
  }

  private onDown(e: PointerEvent): void {
    if (e.button === 2) return; // the context menu comes through 'contextmenu'
    const p = this.local(e);
    try {
      this.el.setPointerCapture(e.pointerId);
    } catch {
      // Synthetic pointers (scripted input) cannot be captured; the drag works without it.
    }
    this.downs.set(e.pointerId, {
      id: e.pointerId,
      x: p.x,
      y: p.y,
      startX: p.x,
      startY: p.y,
      t: performance.now(),
      button: e.button,
      type: e.pointerType,
      reach: 0,
    });
    this.vx = this.vy = 0;
    if (this.downs.size === 2) {
      this.endDraw(false);
      this.startPinch();
      return;
    }
    if (this.downs.size > 2) return;
    const m = this.host.mode();
    const drawMode = (m === MapMode.RangeSelection || m === MapMode.RouteSelection) && e.button === 0;
    if (drawMode) {
      const w = this.world(p);
      const kind = m === MapMode.RouteSelection ? 'route' : this.host.rangeShape();
      this.drawing = {
        kind,
        points: kind === 'rect' ? [w.x, w.y, w.x, w.y, w.x, w.y, w.x, w.y] : [w.x, w.y],
        width: this.host.routeWidth(),
      };
      this.mode = 'draw';
      this.host.shape(this.drawing, false);
    } else {
      this.mode = 'pan';
    }
    if (e.pointerType === 'touch') {
      this.longPress = setTimeout(() => {
        this.longPress = null;
        const d = this.downs.get(e.pointerId);
        if (d && d.reach < CLICK_SLOP_PX * 2) {
          this.host.contextMenu(d.x, d.y);
          this.downs.clear();
          this.mode = 'none';
        }
      }, LONG_PRESS_MS);
    }
  }

  private onMove(e: PointerEvent): void {
    const p = this.local(e);
    const d = this.downs.get(e.pointerId);
    if (!d) {
      if (e.pointerType === 'mouse') this.host.pointerAt(p.x, p.y, true);
      return;
    }
    const dx = p.x - d.x;
    const dy = p.y - d.y;
    d.x = p.x;
    d.y = p.y;
    d.reach = Math.max(d.reach, Math.hypot(p.x - d.startX, p.y - d.startY));
    if (this.mode === 'pinch') return this.movePinch();
    if (this.mode === 'draw' && this.drawing) return this.extendDraw(p);
    if (this.mode === 'pan') {
      if (d.reach < CLICK_SLOP_PX && this.downs.size === 1) return;
      this.host.moveCamera(panBy(this.host.camera(), dx, dy));
      const now = performance.now();
      const dt = Math.max(1, now - this.lastMoveT);
      this.lastMoveT = now;
      // Velocity as a moving average, so the last jitter before release does not decide the fling.
      this.vx = this.vx * 0.5 + (dx / dt) * 0.5;
      this.vy = this.vy * 0.5 + (dy / dt) * 0.5;
    }
  }

  private onUp(e: PointerEvent): void {
    const d = this.downs.get(e.pointerId);
    if (!d) return;
    this.downs.delete(e.pointerId);
    if (this.longPress) {
      clearTimeout(this.longPress);
      this.longPress = null;
    }
    if (this.mode === 'pinch') {
      if (this.downs.size < 2) this.mode = this.downs.size === 1 ? 'pan' : 'none';
      this.vx = this.vy = 0;
      return;
    }
    if (this.mode === 'draw') {
      this.mode = 'none';
      if (d.reach < CLICK_SLOP_PX) {
        this.drawing = null;
        this.host.shape(null, false);
        return;
      }
      this.endDraw(true);
      return;
    }
    this.mode = 'none';
    if (d.reach < CLICK_SLOP_PX && d.button === 0) {
      this.vx = this.vy = 0;
      this.host.click(d.x, d.y);
      return;
    }
    // A pause before release means no fling.
    if (performance.now() - this.lastMoveT > 60) this.vx = this.vy = 0;
  }

  private onCancel(e: PointerEvent): void {
    this.downs.delete(e.pointerId);
    this.mode = 'none';
    this.endDraw(false);
  }

  private onWheel(e: WheelEvent): void {
    e.preventDefault();
    this.vx = this.vy = 0;
    const p = this.local(e);
    const lines = e.deltaMode === 1 ? 40 : e.deltaMode === 2 ? 800 : 1;
    const factor = Math.pow(2, (-e.deltaY * lines) / 500);
    const cam = this.host.camera();
    this.host.moveCamera(zoomAbout(cam, this.host.viewport(), p, cam.zoom * factor));
    this.host.pointerAt(p.x, p.y, true);
  }

  private onDblClick(e: MouseEvent): void {
    const m = this.host.mode();
    if (m === MapMode.RangeSelection || m === MapMode.RouteSelection) return;
    const p = this.local(e);
    const cam = this.host.camera();
    this.host.animateCamera(zoomAbout(cam, this.host.viewport(), p, cam.zoom * (e.shiftKey ? 0.5 : 2)), p);
  }

  private onContextMenu(e: MouseEvent): void {
    e.preventDefault();
    const p = this.local(e);
    this.host.contextMenu(p.x, p.y);
  }

  private onKey(e: KeyboardEvent): void {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    // Keyboard mode: arrows move between pins (WASD still pans), Enter opens, F marks.
    const arrow = ARROWS[e.key];
    const handled = arrow
      ? this.host.mode() === MapMode.Default && this.host.focusPin(arrow)
      : e.key === 'Enter'
        ? this.host.pinKey('open')
        : e.key === 'f' || e.key === 'F'
          ? this.host.pinKey('mark')
          : false;
    if (handled) {
      e.preventDefault();
      return;
    }
    const cam = this.host.camera();
    const vp = this.host.viewport();
    const stepX = vp.width * KEY_PAN_FRACTION;
    const stepY = vp.height * KEY_PAN_FRACTION;
    const centre = { x: vp.width / 2, y: vp.height / 2 };
    let next: CameraState;
    switch (e.key) {
      case 'ArrowLeft':
      case 'a':
      case 'A':
        next = panBy(cam, stepX, 0);
        break;
      case 'ArrowRight':
      case 'd':
      case 'D':
        next = panBy(cam, -stepX, 0);
        break;
      case 'ArrowUp':
      case 'w':
      case 'W':
        next = panBy(cam, 0, stepY);
        break;
      case 'ArrowDown':
      case 's':
      case 'S':
        next = panBy(cam, 0, -stepY);
        break;
      case '+':
      case '=':
        next = zoomAbout(cam, vp, centre, cam.zoom * 2);
        break;
      case '-':
      case '_':
        next = zoomAbout(cam, vp, centre, cam.zoom / 2);
        break;
      case 'Escape':
        // Only a selection mode is the map's to end; otherwise Esc goes on (it closes the pin panel).
        if (this.host.mode() === MapMode.Default) return;
        this.endDraw(false);
        this.host.cancelMode();
        e.preventDefault();
        return;
      default:
        return;
    }
    e.preventDefault();
    this.host.animateCamera(next, e.key === '+' || e.key === '=' || e.key === '-' || e.key === '_' ? centre : undefined);
  }

  private startPinch(): void {
    const [a, b] = [...this.downs.values()];
    this.mode = 'pinch';
    this.pinch = {
      cam: this.host.camera(),
      mid: { x: (a!.x + b!.x) / 2, y: (a!.y + b!.y) / 2 },
      dist: Math.max(1, Math.hypot(a!.x - b!.x, a!.y - b!.y)),
    };
  }

  private movePinch(): void {
    const [a, b] = [...this.downs.values()];
    if (!a || !b || !this.pinch) return;
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    const dist = Math.max(1, Math.hypot(a.x - b.x, a.y - b.y));
    const moved = panBy(this.pinch.cam, mid.x - this.pinch.mid.x, mid.y - this.pinch.mid.y);
    this.host.moveCamera(zoomAbout(moved, this.host.viewport(), mid, this.pinch.cam.zoom * (dist / this.pinch.dist)));
  }

  private extendDraw(p: { x: number; y: number }): void {
    const s = this.drawing!;
    const w = this.world(p);
    const pts = s.points;
    if (s.kind === 'rect') {
      const x0 = pts[0]!;
      const y0 = pts[1]!;
      pts.length = 0;
      pts.push(x0, y0, w.x, y0, w.x, w.y, x0, w.y);
    } else {
      const zoom = this.host.camera().zoom;
      const lx = pts[pts.length - 2]!;
      const ly = pts[pts.length - 1]!;
      // Keep a point every few screen pixels: enough for the shape, few for the queries.
      if (Math.hypot(w.x - lx, w.y - ly) * zoom < (s.kind === 'route' ? 6 : 4)) return;
      pts.push(w.x, w.y);
    }
    this.host.shape(s, false);
  }

  private endDraw(done: boolean): void {
    const s = this.drawing;
    this.drawing = null;
    if (!s) return;
    const enough = s.kind === 'route' ? s.points.length >= 4 : s.points.length >= 6;
    this.host.shape(done && enough ? s : null, done && enough);
  }
}
