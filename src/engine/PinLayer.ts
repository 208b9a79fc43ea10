// Every pin in one ParticleContainer with one atlas texture: one draw call. Positions, looks,
// colours and layout levels are static particle data, uploaded only when pins, their flags or
// their layout change (a version flag); camera moves touch only the container transform and the
// shader's uniforms (size, level, icon or dot).
import { Particle, ParticleContainer } from 'pixi.js';
import Flatbush from 'flatbush';
import { DOT_CENTER_Y, DOT_V_SHIFT, IconAtlas, IconLook, ICON_CSS } from './IconAtlas';
import { createPinShader } from './pin-shader';
import { PinDataFlag, type PinLayout, type PinSetChange } from '../../workers/pins/api';
import { FULL_ICON_LEVEL, SMALL_ICON_LEVEL, levelForZoom, levelWithHysteresis } from '../../common/pin-levels';
import { PinFlag, type PinBuffers } from './types';

/** How a level draws pins: full icons close, small icons in the middle, dots far out. */
export type PinStyle = 'icon' | 'small' | 'dot';

/** The pin style of a layout level. */
export function styleOfLevel(level: number): PinStyle {
  return level >= FULL_ICON_LEVEL ? 'icon' : level >= SMALL_ICON_LEVEL ? 'small' : 'dot';
}

/** The enlarged-pin setting scales icons, small icons and dots alike. */
export const LARGE_PIN_FACTOR = 1.35;
const SMALL_ICON_FACTOR = 0.6; // about 19 CSS px
const DOT_FACTOR = 0.45; // a 22-unit dot: about 10 CSS px

/** Marker size factor (1 = a 32-CSS-px cell) of a style at a zoom: icons grow a little as the map zooms in. */
export function styleSizeFactor(style: PinStyle, zoom: number, large: boolean): number {
  const f = style === 'icon' ? Math.min(1, Math.max(0.7, 0.85 + 0.15 * Math.log2(zoom))) : style === 'small' ? SMALL_ICON_FACTOR : DOT_FACTOR;
  return large ? f * LARGE_PIN_FACTOR : f;
}

/** Marker size factor for a zoom (1 = 32 CSS px). */
export function pinSizeFactor(zoom: number, large: boolean): number {
  return styleSizeFactor(styleOfLevel(levelForZoom(zoom)), zoom, large);
}

// The marker's hit box inside its 32-px cell, relative to the tip at (16, 32).
const HIT_HALF_WIDTH = 12;
const HIT_HEIGHT = 31;
// Half the dot's hit box (CSS px): a little larger than the 10-px dot, for fingers.
const DOT_HIT_HALF = 8;
// Found pins carry a check badge (IconLook.Found); they are only slightly softened, so they
// never look like the faded pins of another floor.
const ALPHA_CHECKED = 0.85;
const ALPHA_OTHER_FLOOR = 0.3;
// While tags are highlighted, every other pin steps back (faded and greyed) so the highlighted
// ones stand out; a restyle of flags, no new scene.
const ALPHA_DIMMED = 0.35;
const TINT_DIMMED = 0x8a8a8a;
// Live changes put pins outside the static index; past this many it is built again.
const MAX_UNINDEXED = 256;

/** Empty pin buffers of n pins. */
function allocPins(n: number): PinBuffers {
  return {
    ids: new Int32Array(n), x: new Float32Array(n), y: new Float32Array(n), z: new Float32Array(n), icon: new Uint16Array(n),
    category: new Int32Array(n), region: new Uint8Array(n), flags: new Uint8Array(n),
  };
}

/** Copies pin `from` of `a` to pin `to` of `b`. */
function copyPin(a: PinBuffers, from: number, b: PinBuffers, to: number): void {
  b.ids[to] = a.ids[from]!; b.x[to] = a.x[from]!; b.y[to] = a.y[from]!; b.z[to] = a.z[from]!; b.icon[to] = a.icon[from]!;
  b.category[to] = a.category[from]!; b.region[to] = a.region[from]!; b.flags[to] = a.flags[from]!;
}

export class PinLayer {
  readonly container: ParticleContainer;
  readonly atlas = new IconAtlas();
  private readonly shaderParts = createPinShader();
  private buffers: PinBuffers | null = null;
  private focusedId: number | null = null;
  private particles: Particle[] = [];
  /** Per pin (buffer index): PinFlag bits. */
  flags = new Uint8Array(0);
  /** Pin index → particle slot (draw order: by y, so southern pins overlap northern ones), and back. */
  private slotOf = new Int32Array(0);
  private pinOfSlot = new Int32Array(0);
  private indexOfId = new Map<number, number>();
  private index: Flatbush | null = null;
  /** Static index item → pin index (-1: the pin changed or left since the index was built). */
  private indexPin = new Int32Array(0);
  /** Pins a live change added or moved since the static index was built (tested one by one). */
  private unindexed: number[] = [];
  private hideChecked = false;
  private floor: number | null = null;
  private large = false;
  private dirty = false;
  /** Tags are highlighted (setHighlighted) and a loaded pin carries one: the others are dimmed. */
  private dimOthers = false;
  private highlighting = false;
  /** Per pin: the first layout level it is drawn at (0 = always, until a layout arrives). */
  private minLevel: Uint8Array = new Uint8Array(0);
  /** Whether the worker's layout of exactly the current pin set is applied (false from setPins until then). */
  laidOut = false;
  /** The layout level drawn now (-1 before the first frame). */
  level = -1;
  /** Bumped whenever something drawn changes. */
  version = 0;
  /** Counters for tests: whole pin sets taken, live changes applied, particles restyled. */
  readonly stats = { sets: 0, updates: 0, restyles: 0 };

  constructor() {
    this.container = new ParticleContainer({
      label: 'pins',
      eventMode: 'none',
      texture: this.atlas.frame(0, 0),
      shader: this.shaderParts.shader,
      // Nothing per frame: position and colour are re-uploaded only through update().
      dynamicProperties: { vertex: false, position: false, rotation: false, uvs: false, color: false },
    });
  }

  get count(): number {
    return this.particles.length;
  }

  /** The worker's pin-set version of the pins held (undefined before any, or when given without one). */
  get pinSetVersion(): number | undefined {
    return this.buffers?.version;
  }

  /** Replaces every pin. */
  setPins(b: PinBuffers): void {
    const n = b.ids.length;
    // The selection is the user's, not the data's: it survives new pins (as does the focused pin).
    const kept = new Set<number>();
    if (this.buffers) for (let i = 0; i < this.flags.length; i++) if (this.flags[i]! & PinFlag.Selected) kept.add(this.buffers.ids[i]!);
    this.buffers = b;
    this.flags = new Uint8Array(n);
    // Until the worker's layout for these pins arrives, a pin keeps the level it had (no flash of
    // the undecluttered carpet for pins already laid out); a new pin shows at every level, so a
    // layout that never comes never hides a pin.
    const fresh = 0;
    const previous = this.indexOfId;
    const previousLevel = this.minLevel;
    this.minLevel = new Uint8Array(n);
    this.indexOfId = new Map();
    for (let i = 0; i < n; i++) {
      const id = b.ids[i]!;
      this.indexOfId.set(id, i);
      const j = previous.get(id);
      this.minLevel[i] = j === undefined ? fresh : previousLevel[j] ?? fresh;
    }
    for (let i = 0; i < n; i++) {
      this.flags[i] = (b.flags[i]! & PinDataFlag.Checked ? PinFlag.Checked : 0) | (b.flags[i]! & PinDataFlag.Highlighted ? PinFlag.Highlighted : 0)
        | (kept.has(b.ids[i]!) ? PinFlag.Selected : 0) | (b.ids[i] === this.focusedId ? PinFlag.Focused : 0);
    }
    const order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort((a, c) => b.y[a]! - b.y[c]! || a - c);
    this.pinOfSlot = order;
    this.slotOf = new Int32Array(n);
    const particles = this.particles;
    if (particles.length > n) particles.length = n;
    for (let s = 0; s < n; s++) {
      const i = order[s]!;
      this.slotOf[i] = s;
      let p = particles[s];
      if (!p) particles[s] = p = new Particle({ texture: this.atlas.frame(0, 0), anchorX: 0.5, anchorY: 1 });
      p.x = b.x[i]!;
      p.y = b.y[i]!;
    }
    this.container.particleChildren = particles;
    this.buildIndex();
    this.laidOut = false;
    this.stats.sets++;
    this.refreshFloorFlags();
    this.dimOthers = this.shouldDim();
    this.restyleAll();
  }

  /**
   * Applies a live change (PinsWorkerApi.changesSince) to the pins of version `change.from`: the
   * touched pins leave, the changed ones come in at their places; every other pin keeps its
   * particle, look and layout level. False (nothing changed) when the pins are of another version.
   */
  updatePins(change: PinSetChange): boolean {
    const old = this.buffers;
    if (!old || old.version === undefined || old.version !== change.from) return false;
    const removed = new Set<number>();
    const selected = new Set<number>();
    for (const id of change.removed) {
      const i = this.indexOfId.get(id);
      if (i === undefined) continue;
      removed.add(i);
      if (this.flags[i]! & PinFlag.Selected) selected.add(id);
    }
    const oldN = old.ids.length;
    const added = change.pins;
    const n = oldN - removed.size + added.ids.length;
    const b = allocPins(n);
    const flags = new Uint8Array(n);
    const minLevel = new Uint8Array(n);
    const newOfOld = new Int32Array(oldN).fill(-1);
    let o = 0;
    let j = 0;
    for (let k = 0; k < n; k++) {
      if (j < added.ids.length && change.at[j] === k) {
        copyPin(added, j, b, k);
        const id = added.ids[j]!;
        flags[k] = (added.flags[j]! & PinDataFlag.Checked ? PinFlag.Checked : 0) | (added.flags[j]! & PinDataFlag.Highlighted ? PinFlag.Highlighted : 0)
          | (selected.has(id) ? PinFlag.Selected : 0) | (id === this.focusedId ? PinFlag.Focused : 0);
        j++;
        continue;
      }
      while (o < oldN && removed.has(o)) o++;
      // A change made for another pin set (other filters): take every pin instead.
      if (o >= oldN) return false;
      copyPin(old, o, b, k);
      flags[k] = this.flags[o]!;
      minLevel[k] = this.minLevel[o]!;
      newOfOld[o++] = k;
    }
    while (o < oldN && removed.has(o)) o++;
    if (o !== oldN || j !== added.ids.length) return false;
    b.version = change.version;

    // Particles: the kept ones stay in their draw order, the changed ones are merged in by y.
    const spare: Particle[] = [];
    const keptParticles: Particle[] = [];
    const keptPins: number[] = [];
    for (let s = 0; s < oldN; s++) {
      const k = newOfOld[this.pinOfSlot[s]!]!;
      if (k < 0) spare.push(this.particles[s]!);
      else {
        keptParticles.push(this.particles[s]!);
        keptPins.push(k);
      }
    }
    const incoming = Array.from(change.at).sort((p, q) => b.y[p]! - b.y[q]! || p - q);
    const particles: Particle[] = new Array<Particle>(n);
    const pinOfSlot = new Int32Array(n);
    let a = 0;
    let c = 0;
    for (let s = 0; s < n; s++) {
      if (c < incoming.length && (a >= keptPins.length || b.y[incoming[c]!]! < b.y[keptPins[a]!]!)) {
        const k = incoming[c++]!;
        const p = spare.pop() ?? new Particle({ texture: this.atlas.frame(0, 0), anchorX: 0.5, anchorY: 1 });
        p.x = b.x[k]!;
        p.y = b.y[k]!;
        particles[s] = p;
        pinOfSlot[s] = k;
      } else {
        particles[s] = keptParticles[a]!;
        pinOfSlot[s] = keptPins[a++]!;
      }
    }
    const slotOf = new Int32Array(n);
    for (let s = 0; s < n; s++) slotOf[pinOfSlot[s]!] = s;

    this.buffers = b;
    this.flags = flags;
    this.minLevel = minLevel;
    this.particles = particles;
    this.pinOfSlot = pinOfSlot;
    this.slotOf = slotOf;
    this.container.particleChildren = particles;
    this.indexOfId = new Map();
    for (let i = 0; i < n; i++) this.indexOfId.set(b.ids[i]!, i);
    for (let k = 0; k < this.indexPin.length; k++) {
      const i = this.indexPin[k]!;
      this.indexPin[k] = i < 0 ? -1 : newOfOld[i]!;
    }
    this.unindexed = [...this.unindexed.map((i) => newOfOld[i]!).filter((i) => i >= 0), ...change.at];
    if (this.unindexed.length > MAX_UNINDEXED) this.buildIndex();
    this.laidOut = false;
    this.stats.updates++;
    for (const k of change.at) {
      this.flags[k] = this.floorFlag(k, this.flags[k]!);
      this.restyle(k);
    }
    // A highlighted pin came or went: the others step back or forward (restyles all only then).
    this.refreshDim();
    // The removed pins' particles left the container: the static buffer is uploaded again.
    this.dirty = true;
    this.version++;
    return true;
  }

  /** Pins drawn at `level` by the layout (found pins left out while hidden); counted on demand, for tests and benchmarks. */
  shownAt(level: number): number {
    let n = 0;
    for (let i = 0; i < this.flags.length; i++) if (this.isDrawn(i) && (this.minLevel[i]! <= level || this.flags[i]! & (PinFlag.Selected | PinFlag.Focused))) n++;
    return n;
  }

  /**
   * Applies the worker's declutter: each pin's first drawn level. A layout made for another pin
   * set (its count differs, or both carry the worker's pin-set version and it differs) is ignored
   * and false returned.
   */
  setLayout(layout: PinLayout): boolean {
    if (layout.count !== this.flags.length) return false;
    const pinsVersion = this.buffers?.version;
    if (layout.version !== undefined && pinsVersion !== undefined && layout.version !== pinsVersion) return false;
    // Only pins whose level moved are restyled (a live change moves few).
    const previous = this.minLevel;
    this.minLevel = layout.minLevel;
    this.laidOut = true;
    for (let i = 0; i < this.flags.length; i++) if (previous[i] !== layout.minLevel[i]) this.restyle(i);
    return true;
  }

  /** Whether pin i is drawn at the current level (picked pins always are). */
  isShownAtLevel(i: number): boolean {
    return this.flags[i]! & (PinFlag.Selected | PinFlag.Focused) ? true : this.minLevel[i]! <= Math.max(0, this.level);
  }

  /** Sets or clears `flag` on the pins with these ids. */
  setFlags(ids: ArrayLike<number>, flag: number, on: boolean): void {
    for (let k = 0; k < ids.length; k++) {
      const i = this.indexOfId.get(ids[k]!);
      if (i === undefined) continue;
      const f = on ? this.flags[i]! | flag : this.flags[i]! & ~flag;
      if (f !== this.flags[i]) {
        this.flags[i] = f;
        this.restyle(i);
      }
    }
    if (flag & PinFlag.Highlighted) this.refreshDim();
  }

  /** A pin's PinFlag bits (0 for a pin not loaded). */
  flagsOf(id: number): number {
    const i = this.indexOfId.get(id);
    return i === undefined ? 0 : this.flags[i]!;
  }

  /** The opened pin, marked like a selected one; kept until changed, also for pins that arrive later. */
  setFocused(id: number | null): void {
    this.focusedId = id;
    this.setFlagExactly(id == null ? [] : [id], PinFlag.Focused);
  }

  /** Sets `flag` on exactly the pins with these ids, clearing it elsewhere. */
  setFlagExactly(ids: Iterable<number>, flag: number): void {
    const on = new Uint8Array(this.flags.length);
    for (const id of ids) {
      const i = this.indexOfId.get(id);
      if (i !== undefined) on[i] = 1;
    }
    for (let i = 0; i < this.flags.length; i++) {
      const f = on[i] ? this.flags[i]! | flag : this.flags[i]! & ~flag;
      if (f !== this.flags[i]) {
        this.flags[i] = f;
        this.restyle(i);
      }
    }
    if (flag & PinFlag.Highlighted) this.refreshDim();
  }

  setHideChecked(on: boolean): void {
    if (on === this.hideChecked) return;
    this.hideChecked = on;
    this.restyleAll();
  }

  setFloor(floor: number | null): void {
    this.floor = floor;
    this.refreshFloorFlags();
    this.restyleAll();
  }

  setLarge(on: boolean): void {
    this.large = on;
    this.version++;
  }

  /**
   * Highlights exactly these pins (those carrying a highlighted tag); while `on` (tags are
   * highlighted) the other pins are dimmed, as long as some loaded pin is highlighted (a tag no
   * loaded pin carries dims nothing). Restyles only pins whose look changes.
   */
  setHighlighted(ids: Iterable<number>, on: boolean): void {
    this.highlighting = on;
    this.setFlagExactly(ids, PinFlag.Highlighted);
  }

  idOf(i: number): number {
    return this.buffers!.ids[i]!;
  }

  indexOf(id: number): number | undefined {
    return this.indexOfId.get(id);
  }

  /** World position, icon and drawn state of pin `id` (hover overlay). */
  pinInfo(id: number): { x: number; y: number; icon: number; flags: number } | null {
    const i = this.indexOfId.get(id);
    if (i === undefined || !this.buffers) return null;
    return { x: this.buffers.x[i]!, y: this.buffers.y[i]!, icon: this.buffers.icon[i]!, flags: this.flags[i]! };
  }

  isDrawn(i: number): boolean {
    const f = this.flags[i]!;
    return !(f & PinFlag.Hidden) && !(this.hideChecked && f & PinFlag.Checked);
  }

  /**
   * The drawn pin (on this floor, shown at this level) nearest to world point (wx, wy), other
   * than pin `except`; with a direction, only pins within 45° of it (else 80°), for the arrow keys.
   */
  nearest(wx: number, wy: number, dir: { dx: number; dy: number } | null = null, except: number | null = null): number | null {
    if (!this.index) return null;
    const skip = except == null ? -1 : this.indexOfId.get(except) ?? -1;
    const { x, y } = this.buffers!;
    const usable = (i: number) => i !== skip && this.isDrawn(i) && this.isShownAtLevel(i) && !(this.flags[i]! & PinFlag.OtherFloor);
    const within = (cos: number) => (i: number) => {
      if (!usable(i)) return false;
      if (!dir) return true;
      const vx = x[i]! - wx, vy = y[i]! - wy;
      const len = Math.hypot(vx, vy);
      return len > 0 && vx * dir.dx + vy * dir.dy >= cos * len;
    };
    for (const cos of dir ? [Math.SQRT1_2, 0.17] : [-1]) {
      const [i] = this.index.neighbors(wx, wy, 1, Infinity, within(cos));
      if (i !== undefined) return this.idOf(i);
    }
    return null;
  }

  /**
   * The topmost drawn pin whose marker covers world point (wx, wy) at `zoom`: the pin's tip is
   * at its coordinate, so its marker spans up from there. Synchronous; a flatbush box query.
   */
  pick(wx: number, wy: number, zoom: number): number | null {
    if (!this.buffers) return null;
    const style = styleOfLevel(this.level < 0 ? levelForZoom(zoom) : this.level);
    const s = styleSizeFactor(style, zoom, this.large) / zoom;
    let best = -1;
    let bestRank = -1;
    // The opened or selected pin wins over pins that overlap it (it comes first in the declutter order too).
    const pickedBonus = this.slotOf.length + 1;
    const test = (i: number) => {
      if (!this.isDrawn(i) || !this.isShownAtLevel(i)) return false;
      const rank = this.slotOf[i]! + (this.flags[i]! & (PinFlag.Selected | PinFlag.Focused) ? pickedBonus : 0);
      if (rank > bestRank) {
        bestRank = rank;
        best = i;
      }
      return false;
    };
    let minX: number, minY: number, maxX: number, maxY: number;
    if (style === 'dot') {
      const r = (DOT_HIT_HALF * (this.large ? LARGE_PIN_FACTOR : 1)) / zoom;
      minX = wx - r; minY = wy - r; maxX = wx + r; maxY = wy + r;
    } else {
      const hw = HIT_HALF_WIDTH * s;
      minX = wx - hw; minY = wy; maxX = wx + hw; maxY = wy + HIT_HEIGHT * s;
    }
    const indexPin = this.indexPin;
    this.index?.search(minX, minY, maxX, maxY, (k) => {
      const i = indexPin[k]!;
      return i >= 0 ? test(i) : false;
    });
    const b = this.buffers!;
    for (const i of this.unindexed) {
      const x = b.x[i]!, y = b.y[i]!;
      if (x >= minX && x <= maxX && y >= minY && y <= maxY) test(i);
    }
    return best < 0 ? null : this.idOf(best);
  }

  /** Per frame: the uniforms of the level and style, which keep pins the same size on screen; uploads changed flags. */
  prepare(zoom: number): number {
    const level = levelWithHysteresis(zoom, this.level);
    if (level !== this.level) {
      this.level = level;
      this.version++;
    }
    const style = styleOfLevel(level);
    const u = this.shaderParts.pinUniforms.uniforms;
    u.uPinScale = styleSizeFactor(style, zoom, this.large) / zoom;
    u.uLevel = level;
    u.uUvShift = style === 'dot' ? DOT_V_SHIFT : 0;
    u.uDot = style === 'dot' ? ICON_CSS - DOT_CENTER_Y : 0;
    if (this.dirty) {
      this.container.update();
      this.dirty = false;
    }
    return level;
  }

  dispose(): void {
    this.container.destroy({ children: true });
    this.shaderParts.shader.destroy();
    this.atlas.dispose();
    this.particles = [];
    this.index = null;
  }

  private refreshFloorFlags(): void {
    if (!this.buffers) return;
    for (let i = 0; i < this.flags.length; i++) this.flags[i] = this.floorFlag(i, this.flags[i]!);
  }

  /** Pin i's flags `f` with OtherFloor set when it lies off the chosen floor. */
  private floorFlag(i: number, f: number): number {
    const zi = this.buffers!.z[i]!;
    const other = this.floor === null ? !Number.isNaN(zi) : zi !== this.floor;
    return other ? f | PinFlag.OtherFloor : f & ~PinFlag.OtherFloor;
  }

  /** The static index over every pin as it stands now. */
  private buildIndex(): void {
    const b = this.buffers;
    const n = b?.ids.length ?? 0;
    this.index = null;
    this.indexPin = new Int32Array(n);
    this.unindexed = [];
    if (!b || n === 0) return;
    const index = new Flatbush(n);
    for (let i = 0; i < n; i++) {
      index.add(b.x[i]!, b.y[i]!);
      this.indexPin[i] = i;
    }
    index.finish();
    this.index = index;
  }

  private shouldDim(): boolean {
    if (!this.highlighting) return false;
    for (let i = 0; i < this.flags.length; i++) if (this.flags[i]! & PinFlag.Highlighted) return true;
    return false;
  }

  private refreshDim(): void {
    const dim = this.shouldDim();
    if (dim === this.dimOthers) return;
    this.dimOthers = dim;
    this.restyleAll();
  }

  private restyleAll(): void {
    for (let i = 0; i < this.flags.length; i++) this.restyle(i);
  }

  private restyle(i: number): void {
    const p = this.particles[this.slotOf[i]!];
    if (!p || !this.buffers) return;
    this.stats.restyles++;
    const f = this.flags[i]!;
    const picked = f & (PinFlag.Selected | PinFlag.Focused);
    const look = picked ? IconLook.Selected : f & PinFlag.Checked ? IconLook.Found : f & PinFlag.Highlighted ? IconLook.Highlighted : IconLook.Plain;
    p.texture = this.atlas.frame(this.buffers.icon[i]!, look);
    // The layout level rides in the unused rotation; picked pins show at every level.
    p.rotation = picked ? 0 : this.minLevel[i] ?? 0;
    const dimmed = this.dimOthers && !picked && !(f & PinFlag.Highlighted);
    let alpha = 1;
    if (!this.isDrawn(i)) alpha = 0;
    else if (f & PinFlag.OtherFloor && !picked) alpha = ALPHA_OTHER_FLOOR;
    else if (dimmed) alpha = ALPHA_DIMMED;
    else if (f & PinFlag.Checked && !picked) alpha = ALPHA_CHECKED;
    p.alpha = alpha;
    p.tint = dimmed ? TINT_DIMMED : 0xffffff;
    const scale = look === IconLook.Selected || look === IconLook.Highlighted ? 1.2 : 1;
    p.scaleX = p.scaleY = scale;
    this.dirty = true;
    this.version++;
  }
}

export { ICON_CSS };
