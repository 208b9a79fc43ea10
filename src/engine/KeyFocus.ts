// Keyboard mode (EngineFrame holds one): the pin the keyboard reached, which arrows move to the
// nearest pin that way, Enter opens and F marks, and the pin the detail panel opened, which shows
// again once the keyboard lets go.
import { worldToScreen } from './camera';
import type { EngineCamera } from './EngineCamera';
import type { Emitter } from './Emitter';
import type { PinLayer } from './PinLayer';
import type { EngineEvents } from './types';

export class KeyFocus {
  /** The opened pin (setFocusedPin) and the pin the keyboard reached; the latter shows while set. */
  opened: number | null = null;
  key: number | null = null;
  /** The map took the keyboard focus with no pin to focus (its pins not in yet): the first pins that come take it. */
  private waiting = false;

  constructor(
    private readonly pins: PinLayer,
    private readonly camera: EngineCamera,
    private readonly events: Emitter<EngineEvents>,
    private readonly touch: () => void,
  ) {}

  /** Marks the opened pin; it shows while the keyboard has no pin of its own. */
  open(id: number | null): void {
    this.opened = id;
    this.pins.setFocused(this.key ?? id);
    this.touch();
  }

  /**
   * Focuses the pin nearest the centre (no direction) or the nearest one from the focused pin in a
   * direction (screen axes), bringing it into view; false when there is none.
   */
  moveBy(dir: { dx: number; dy: number } | null): boolean {
    const from = (dir ? (this.key ?? this.opened) : null) ?? null;
    const at = from == null ? null : this.pins.pinInfo(from);
    const { cam, vp } = this.camera;
    const id = at ? this.pins.nearest(at.x, at.y, dir, from) : this.pins.nearest(cam.x, cam.y, null);
    if (id == null) {
      if (!dir) this.waiting = true;
      return false;
    }
    this.waiting = false;
    this.key = id;
    this.pins.setFocused(id);
    const p = this.pins.pinInfo(id)!;
    const s = worldToScreen(cam, vp, p);
    const mx = vp.width * 0.1,
      my = vp.height * 0.1;
    if (s.x < mx || s.x > vp.width - mx || s.y < my || s.y > vp.height - my) this.camera.startTween({ ...cam, x: p.x, y: p.y });
    this.touch();
    this.events.emit('pinfocus', { id });
    return true;
  }

  /** Enter opens the focused pin, F marks it; false when no pin has the key focus. */
  act(action: 'open' | 'mark'): boolean {
    const id = this.key;
    if (id == null) return false;
    if (action === 'mark') this.events.emit('pinmark', { id });
    else {
      const s = worldToScreen(this.camera.cam, this.camera.vp, this.pins.pinInfo(id) ?? this.camera.cam);
      this.events.emit('pinclick', { id, screenX: s.x, screenY: s.y });
    }
    return true;
  }

  /** New pins are in: a keyboard focus that found none takes the pin nearest the centre now. */
  pinsArrived(): void {
    if (this.waiting && this.key == null) this.moveBy(null);
  }

  /** The map lost the focus: keyboard mode ends and the opened pin shows again. */
  blur(): void {
    this.waiting = false;
    if (this.key == null) return;
    this.key = null;
    this.pins.setFocused(this.opened);
    this.touch();
    this.events.emit('pinfocus', { id: null });
  }
}
