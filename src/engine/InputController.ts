// Pointer, wheel and keyboard input on the map's canvas. The controller is the DOM side: it turns
// pointer events into presses (tools/gesture.ts decides tap, long press and drag from their
// timestamps and reach) and hands them to the active tool (tools/); two-finger pinch, the wheel,
// the fling and the keys are its own, the same for every tool. Pixi's event system is not used:
// pins are hit-tested through the pin index.
import { panBy, zoomAbout, type Viewport } from './camera';
import { FLING_REST_MS, isDrag, isTap, longPressDue, movePress, startPress, type Press } from './tools/gesture';
import type { MapTool } from './tools';
import type { CameraState } from './types';

/** What the controller needs from the engine. */
export interface InputHost {
  camera(): CameraState;
  viewport(): Viewport;
  /** A camera moved by the user (clamped by the engine; pauses follow). */
  moveCamera(c: CameraState): void;
  /** An animated move (double-click, keys). */
  animateCamera(c: CameraState, anchor?: { x: number; y: number }): void;
  /** The tool that hears the gestures. */
  tool(): MapTool;
  pointerAt(x: number, y: number, inside: boolean): void;
  contextMenu(x: number, y: number): void;
  /** ESC: a selection tool goes back to the default tool; false when the default tool is on. */
  cancelTool(): boolean;
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

const INERTIA_MIN_SPEED = 0.05; // px per ms
const INERTIA_DECAY = 0.995; // per ms
const KEY_PAN_FRACTION = 0.25;

export class InputController {
  private readonly downs = new Map<number, Press>();
  /** 'tool': one press goes to the tool; 'pinch': two fingers; 'pan': the finger left after a pinch pans. */
  private mode: 'none' | 'tool' | 'pinch' | 'pan' = 'none';
  /** The press the tool hears (the first finger down). */
  private press: Press | null = null;
  private vx = 0;
  private vy = 0;
  private lastMoveT = 0;
  private pinch: { cam: CameraState; mid: { x: number; y: number }; dist: number } | null = null;
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

  /**
   * Once a frame: a held finger becomes a long press when its time is up, and a flung pan glides
   * on. Returns whether the camera is still gliding.
   */
  tick(dt: number, now = performance.now()): boolean {
    this.longPressAt(now);
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

  // The held press becomes a long press if its time is up at `now` (each frame, and at its release:
  // a frame that came late, or none in a hidden tab, does not turn it into a tap).
  private longPressAt(now: number): boolean {
    const p = this.press;
    if (!p || this.mode !== 'tool' || !longPressDue(p, now)) return false;
    p.spent = true;
    if (p.dragging) this.host.tool().onCancel();
    this.host.tool().onLongPress(p);
    this.downs.clear();
    this.press = null;
    this.mode = 'none';
    this.vx = this.vy = 0;
    return true;
  }

  stopInertia(): void {
    this.vx = this.vy = 0;
  }

  /** The tool is being left: what its gesture began is dropped, and its press ends here. */
  cancelGesture(): void {
    if (this.mode === 'tool' && this.press?.dragging) this.host.tool().onCancel();
    if (this.mode === 'tool') this.mode = 'none';
    this.press = null;
  }

  // The tool's drag pans the camera: the velocity as a moving average, so the last jitter before
  // release does not decide the fling.
  pan(dx: number, dy: number, t: number): void {
    this.host.moveCamera(panBy(this.host.camera(), dx, dy));
    const dt = Math.max(1, t - this.lastMoveT);
    this.lastMoveT = t;
    this.vx = this.vx * 0.5 + (dx / dt) * 0.5;
    this.vy = this.vy * 0.5 + (dy / dt) * 0.5;
  }

  /** A pan released at time t: a pause before it means no fling. */
  panEnd(t: number): void {
    if (t - this.lastMoveT > FLING_REST_MS) this.vx = this.vy = 0;
  }

  dispose(): void {
    for (const f of this.off) f();
    this.off.length = 0;
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

  // A pointer event's time: when it is handled, not its `timeStamp` (when the platform made it). On a
  // busy main thread a pointerdown can wait hundreds of ms before it is handled; timed from its
  // timeStamp, a frame would call the press long before the moves queued behind it arrive.
  private static time(_e: Event): number {
    return performance.now();
  }

  private onDown(e: PointerEvent): void {
    if (e.button === 2) return; // the context menu comes through 'contextmenu'
    const p = this.local(e);
    try {
      this.el.setPointerCapture(e.pointerId);
    } catch {
      // Synthetic pointers (scripted input) cannot be captured; the drag works without it.
    }
    const press = startPress(e.pointerId, p.x, p.y, InputController.time(e), e.button, e.pointerType);
    this.downs.set(e.pointerId, press);
    this.vx = this.vy = 0;
    if (this.downs.size === 2) {
      // A second finger: the tool's gesture is taken over by the pinch.
      this.cancelGesture();
      this.startPinch();
      return;
    }
    if (this.downs.size > 2) return;
    this.press = press;
    this.mode = 'tool';
  }

  private onMove(e: PointerEvent): void {
    const p = this.local(e);
    const d = this.downs.get(e.pointerId);
    if (!d) {
      if (e.pointerType === 'mouse') this.host.pointerAt(p.x, p.y, true);
      return;
    }
    const t = InputController.time(e);
    const { dx, dy } = movePress(d, p.x, p.y, t);
    if (this.mode === 'pinch') return this.movePinch();
    if (this.mode === 'pan') return this.pan(dx, dy, t);
    if (this.mode !== 'tool' || d !== this.press || d.spent) return;
    const tool = this.host.tool();
    if (!d.dragging) {
      if (!isDrag(d)) return;
      d.dragging = true;
      this.lastMoveT = t;
      tool.onDragStart(d);
    }
    tool.onDrag(d, dx, dy);
  }

  private onUp(e: PointerEvent): void {
    const d = this.downs.get(e.pointerId);
    if (!d) return;
    if (d === this.press && this.longPressAt(InputController.time(e))) return;
    this.downs.delete(e.pointerId);
    if (this.mode === 'pinch') {
      if (this.downs.size < 2) this.mode = this.downs.size === 1 ? 'pan' : 'none';
      this.vx = this.vy = 0;
      return;
    }
    if (this.mode === 'pan') {
      this.mode = 'none';
      this.panEnd(InputController.time(e));
      return;
    }
    if (this.mode !== 'tool' || d !== this.press) return;
    this.mode = 'none';
    this.press = null;
    const tool = this.host.tool();
    if (d.dragging) return tool.onDragEnd(d);
    this.vx = this.vy = 0;
    if (isTap(d)) tool.onTap(d);
  }

  private onCancel(e: PointerEvent): void {
    this.downs.delete(e.pointerId);
    this.cancelGesture();
    this.mode = 'none';
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
    if (!this.host.tool().zoomOnDoubleClick) return;
    const p = this.local(e);
    this.zoomAbout(p, e.shiftKey ? 0.5 : 2);
  }

  /** An animated zoom by `factor` about a screen point. */
  zoomAbout(p: { x: number; y: number }, factor: number): void {
    const cam = this.host.camera();
    this.host.animateCamera(zoomAbout(cam, this.host.viewport(), p, cam.zoom * factor), p);
  }

  private onContextMenu(e: MouseEvent): void {
    e.preventDefault();
    const p = this.local(e);
    this.host.contextMenu(p.x, p.y);
  }

  private onKey(e: KeyboardEvent): void {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const tool = this.host.tool();
    // Keyboard mode: arrows move between pins (WASD still pans), Enter opens, F marks.
    const arrow = ARROWS[e.key];
    const handled = arrow
      ? tool.arrowsFocusPins && this.host.focusPin(arrow)
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
        // Only a selection tool is the map's to end; otherwise Esc goes on (it closes the pin panel).
        if (!this.host.cancelTool()) return;
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
}
