// Every pin in one ParticleContainer with one atlas texture: one draw call. Positions, looks,
// colours and layout levels are static particle data, uploaded only when pins, their flags or
// their layout change (a version flag); camera moves touch only the container transform and the
// shader's uniforms (size, level, icon or dot).
import { ParticleContainer } from 'pixi.js';
import { ATLAS_COLS, DOT_CENTER_Y, DOT_UV_SCALE, IconAtlas, IconLook, ICON_CSS, type CategoryLook } from './IconAtlas';
import { pinMeta, pinVertexProperties, placeholders } from './pin-vertices';
import { createPinShader } from './pin-shader';
import { PinDataFlag, type PinLayout, type PinSetChange } from '../../common/pin-buffers';
import { levelForZoom, levelWithHysteresis } from '../../common/pin-levels';
import { mergePinChange } from './pin-merge';
import { drawOrder } from '../../common/pin-order';
import { IdIndex, NO_IDS, type IdLookup } from '../../common/id-index';
import { buildPinIndex, nearestPin, pickPin, remapPinIndex, type PinIndex } from './pin-pick';
import { pinColor, pinEnlarged, pinLook, styleOfLevel, styleSizeFactor } from './pin-style';
import { PinFlag, type PinBuffers } from './types';

export class PinLayer {
  readonly container: ParticleContainer;
  readonly atlas = new IconAtlas();
  private readonly shaderParts = createPinShader();
  private buffers: PinBuffers | null = null;
  private focusedId: number | null = null;
  /** Per pin (buffer index): PinFlag bits. */
  flags = new Uint8Array(0);
  /** Pin index → draw slot (draw order: by y, so southern pins overlap northern ones), and back. */
  private slotOf = new Int32Array(0);
  private pinOfSlot = new Int32Array(0);
  /** Per draw slot, what its pin's vertices carry (pin-vertices.ts): pinMeta, and the packed tint. */
  private slotMeta = new Float32Array(0);
  private slotColor = new Uint32Array(0);
  /** Per pin: its atlas slot as drawn (IconAtlas.drawnSlot), kept for a new layout's levels. */
  private atlasOf = new Uint16Array(0);
  private indexOfId: IdLookup = NO_IDS;
  /**
   * The pick index, built on the first pick after a new pin set (hover, a click, the arrow keys), not in the task
   * that takes the pins: a pass over every pin the map's first frame with pins need not wait on (issue 21).
   */
  private builtIndex: PinIndex | null = buildPinIndex(null);
  private get pinIndex(): PinIndex {
    if (!this.builtIndex) {
      this.builtIndex = buildPinIndex(this.buffers);
      this.stats.indexBuilds++;
    }
    return this.builtIndex;
  }
  /** Drawn and shown at this level: what a pick may hit. */
  private readonly pickable = (i: number) => this.isDrawn(i) && this.isShownAtLevel(i);
  private hideChecked = false;
  private floor: number | null = null;
  private large = false;
  private screenScale = 1;
  /** Found pins drawn fainter still (a setting). */
  private faintFound = false;
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
  readonly stats = { sets: 0, updates: 0, restyles: 0, indexBuilds: 0 };

  constructor() {
    this.container = new ParticleContainer({
      label: 'pins',
      eventMode: 'none',
      texture: this.atlas.frame(0),
      shader: this.shaderParts.shader,
      // Nothing per frame: position and colour are re-uploaded only through update().
      dynamicProperties: { vertex: false, position: false, rotation: false, uvs: false, color: false },
    });
    // The pins' own vertex layout (half of Pixi's particle layout), filled from these arrays: read before the first
    // draw makes the buffer.
    const none = new Float32Array(0);
    this.container._properties = pinVertexProperties(() => ({
      x: this.buffers?.x ?? none,
      y: this.buffers?.y ?? none,
      pinOfSlot: this.pinOfSlot,
      meta: this.slotMeta,
      color: this.slotColor,
    }));
  }

  get count(): number {
    return this.pinOfSlot.length;
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
    // The worker sends the ids' index with a whole pin set (pinsWithLayout): a hash of every pin off this thread.
    this.indexOfId = new IdIndex(b.ids, b.index);
    for (let i = 0; i < n; i++) {
      const j = previous.get(b.ids[i]!);
      this.minLevel[i] = j === undefined ? fresh : (previousLevel[j] ?? fresh);
    }
    for (let i = 0; i < n; i++) {
      this.flags[i] =
        (b.flags[i]! & PinDataFlag.Checked ? PinFlag.Checked : 0) |
        (b.flags[i]! & PinDataFlag.Highlighted ? PinFlag.Highlighted : 0) |
        (kept.has(b.ids[i]!) ? PinFlag.Selected : 0) |
        (b.ids[i] === this.focusedId ? PinFlag.Focused : 0);
    }
    // The worker sends the draw order with a whole pin set (pinsWithLayout): a sort of every pin off this thread.
    const order = b.order?.length === n ? b.order : drawOrder(b.y);
    this.pinOfSlot = order;
    this.slotOf = new Int32Array(n);
    for (let s = 0; s < n; s++) this.slotOf[order[s]!] = s;
    this.slotMeta = new Float32Array(n);
    this.slotColor = new Uint32Array(n);
    this.atlasOf = new Uint16Array(n);
    if (this.container.particleChildren.length !== n) this.container.particleChildren = placeholders(n);
    this.builtIndex = null;
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
    const cur = { buffers: old, flags: this.flags, minLevel: this.minLevel, pinOfSlot: this.pinOfSlot, slotOf: this.slotOf };
    const next = mergePinChange(cur, this.indexOfId, change, this.focusedId);
    if (!next) return false;
    const { buffers: b, newOfOld, oldSlotOfSlot } = next;
    const n = b.ids.length;
    // Kept pins keep their slots' vertices and atlas slots; the incoming ones are styled below.
    const meta = new Float32Array(n);
    const color = new Uint32Array(n);
    for (let s = 0; s < n; s++) {
      const o = oldSlotOfSlot[s]!;
      if (o < 0) continue;
      meta[s] = this.slotMeta[o]!;
      color[s] = this.slotColor[o]!;
    }
    const atlasOf = new Uint16Array(n);
    for (let o = 0; o < newOfOld.length; o++) if (newOfOld[o]! >= 0) atlasOf[newOfOld[o]!] = this.atlasOf[o]!;
    this.buffers = b;
    this.flags = next.flags;
    this.minLevel = next.minLevel;
    this.pinOfSlot = next.pinOfSlot;
    this.slotOf = next.slotOf;
    this.slotMeta = meta;
    this.slotColor = color;
    this.atlasOf = atlasOf;
    if (this.container.particleChildren.length !== n) this.container.particleChildren = placeholders(n);
    this.indexOfId = new IdIndex(b.ids);
    // Not built since the pins came: it will be, over these.
    if (this.builtIndex) this.builtIndex = remapPinIndex(this.builtIndex, b, newOfOld, change.at);
    this.laidOut = false;
    this.stats.updates++;
    for (const k of change.at) {
      this.flags[k] = this.floorFlag(k, this.flags[k]!);
      this.restyle(k);
    }
    // A highlighted pin came or went: the others step back or forward (restyles all only then).
    this.refreshDim();
    // The removed pins left the draw order: the static buffer is uploaded again.
    this.dirty = true;
    this.version++;
    return true;
  }

  /** Pins drawn at `level` by the layout (found pins left out while hidden); counted on demand, for tests and benchmarks. */
  shownAt(level: number): number {
    let n = 0;
    for (let i = 0; i < this.flags.length; i++)
      if (this.isDrawn(i) && (this.minLevel[i]! <= level || this.flags[i]! & (PinFlag.Selected | PinFlag.Focused))) n++;
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
    // The level rides in the pin's vertex float alone (pinMeta): the rest of the look stays.
    let moved = 0;
    for (let i = 0; i < this.flags.length; i++) {
      if (previous[i] === layout.minLevel[i]) continue;
      const look = pinLook(this.flags[i]!);
      this.slotMeta[this.slotOf[i]!] = pinMeta(this.atlasOf[i]!, look === IconLook.Selected ? 0 : layout.minLevel[i]!, pinEnlarged(look));
      moved++;
    }
    if (moved) {
      this.stats.restyles += moved;
      this.dirty = true;
      this.version++;
    }
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

  /** The screen's pin scale (screenPinScale): a 4K screen draws pins twice their CSS size. */
  setScreenScale(scale: number): void {
    if (scale === this.screenScale) return;
    this.screenScale = scale;
    this.version++;
  }

  /** The height of a pin's marker on screen (CSS px) at `zoom`, as drawn and picked. */
  pinPx(zoom: number): number {
    const style = styleOfLevel(this.level < 0 ? levelForZoom(zoom) : this.level);
    return ICON_CSS * styleSizeFactor(style, zoom, this.large) * this.screenScale;
  }

  /** Redraws the atlas for the categories' own looks (one texture upload) and restyles every pin (one buffer upload). */
  setLooks(looks: readonly CategoryLook[]): void {
    this.atlas.setLooks(looks);
    this.restyleAll();
    this.version++;
  }

  /** How many texture sources pins draw from: the pin container's one texture, the atlas (1; for tests). */
  get textureSources(): number {
    return this.container.texture?.source === this.atlas.source ? 1 : 0;
  }

  /** The atlas slot of pin i (its category's own look, or its glyph). */
  atlasSlot(i: number): number {
    return this.atlas.slot(this.buffers!.category[i]!, this.buffers!.icon[i]!);
  }

  /** Found pins fainter still (the setting); restyles the found pins only, one upload. */
  setFaintFound(on: boolean): void {
    if (on === this.faintFound) return;
    this.faintFound = on;
    for (let i = 0; i < this.flags.length; i++) if (this.flags[i]! & PinFlag.Checked) this.restyle(i);
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

  /** World position, icon, atlas slot and drawn state of pin `id` (hover overlay). */
  pinInfo(id: number): { x: number; y: number; icon: number; slot: number; flags: number } | null {
    const i = this.indexOfId.get(id);
    if (i === undefined || !this.buffers) return null;
    return { x: this.buffers.x[i]!, y: this.buffers.y[i]!, icon: this.buffers.icon[i]!, slot: this.atlasSlot(i), flags: this.flags[i]! };
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
    if (!this.buffers) return null;
    const skip = except == null ? -1 : (this.indexOfId.get(except) ?? -1);
    const usable = (i: number) => i !== skip && this.isDrawn(i) && this.isShownAtLevel(i) && !(this.flags[i]! & PinFlag.OtherFloor);
    const i = nearestPin(this.pinIndex, this.buffers, usable, wx, wy, dir);
    return i < 0 ? null : this.idOf(i);
  }

  /**
   * The topmost drawn pin whose marker covers world point (wx, wy) at `zoom`: the pin's tip is
   * at its coordinate, so its marker spans up from there. Synchronous; a flatbush box query.
   */
  pick(wx: number, wy: number, zoom: number): number | null {
    if (!this.buffers) return null;
    const style = styleOfLevel(this.level < 0 ? levelForZoom(zoom) : this.level);
    const i = pickPin(
      this.pinIndex,
      this.buffers,
      this.flags,
      this.slotOf,
      this.pickable,
      style,
      this.large,
      wx,
      wy,
      zoom,
      this.screenScale,
    );
    return i < 0 ? null : this.idOf(i);
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
    u.uPinScale = (styleSizeFactor(style, zoom, this.large) * this.screenScale) / zoom;
    u.uLevel = level;
    u.uUvScale = style === 'dot' ? DOT_UV_SCALE : 1;
    u.uUvShift = style === 'dot' ? this.atlas.dotShift : 0;
    u.uDot = style === 'dot' ? ICON_CSS - DOT_CENTER_Y : 0;
    u.uCellU = this.atlas.cellU;
    u.uCellV = this.atlas.cellV;
    u.uCols = ATLAS_COLS;
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
    this.builtIndex = buildPinIndex(null);
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
    const b = this.buffers;
    if (!b) return;
    // Pins of a category mostly come together: their atlas slot is looked up once a run.
    let category = NaN;
    let icon = NaN;
    let slot = 0;
    for (let i = 0; i < this.flags.length; i++) {
      if (b.category[i] !== category || b.icon[i] !== icon) {
        category = b.category[i]!;
        icon = b.icon[i]!;
        slot = this.atlas.drawnSlot(this.atlas.slot(category, icon));
      }
      this.style(i, slot);
    }
    this.stats.restyles += this.flags.length;
    this.dirty = true;
    this.version++;
  }

  private restyle(i: number): void {
    if (!this.buffers || i >= this.flags.length) return;
    this.style(i, this.atlas.drawnSlot(this.atlasSlot(i)));
    this.stats.restyles++;
    this.dirty = true;
    this.version++;
  }

  /** Writes pin i's vertex float and tint (its draw slot's), for atlas slot `slot`. */
  private style(i: number, slot: number): void {
    const f = this.flags[i]!;
    const look = pinLook(f);
    const s = this.slotOf[i]!;
    this.atlasOf[i] = slot;
    this.slotMeta[s] = pinMeta(slot, look === IconLook.Selected ? 0 : (this.minLevel[i] ?? 0), pinEnlarged(look));
    this.slotColor[s] = pinColor(f, look, this.isDrawn(i), this.dimOthers, this.faintFound);
  }
}

export { ICON_CSS };
// Pin styles live in pin-style.ts; their users have always imported them from here.
export { LARGE_PIN_FACTOR, pinSizeFactor, styleOfLevel, styleSizeFactor, type PinStyle } from './pin-style';
