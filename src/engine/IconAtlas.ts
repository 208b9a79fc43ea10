// One texture for every pin (one draw call), drawn at 2× so markers stay crisp at devicePixelRatio 2.
// It holds one plain frame per *slot*: the 48 built-in glyph icons, then one per category that brings
// its own look (a colour or a raster icon, issue 20 item 3), then nothing else: the looks of a pin
// (selected, highlighted, found: greyed with a green check) are made by the pin shader from three
// shared frames (two halos and the found badge, slots 0–2), so 512 categories cost 512 cells, not 2,048.
//
// Layout (device px): a 2048-px-wide grid of 64-px cells (32 CSS px), slot s at column s % 32, row
// s / 32; below it the dot block, the same grid at half scale (32-px cells: each slot's dot, and the
// dot versions of the halos and the check). The shader switches every pin between its icon and its dot
// with one affine map of the uvs (DOT_UV_SCALE and dotShift), so nothing is re-uploaded when it does.
// The height is the next power of two (mipmaps): 256 px for the built-in set, 2048 px for 560 slots.
import { CanvasSource, Rectangle, Texture } from 'pixi.js';
import { ICON_COUNT, drawMarker, lookColor, type MarkerLook } from './icons';

/** CSS pixels of one icon cell (the marker's box). */
export const ICON_CSS = 32;
const RES = 2;
const CELL = ICON_CSS * RES;
const WIDTH = 2048;
/** Columns of the atlas's grid (slot s at column s % ATLAS_COLS, row s / ATLAS_COLS). */
export const ATLAS_COLS = WIDTH / CELL;
const COLS = ATLAS_COLS;
/** The tallest atlas: 42 rows of icons and their dots, 1,344 slots (WebGL guarantees 4096² textures almost everywhere). */
const MAX_HEIGHT = 4096;
export const IconLook = { Plain: 0, Selected: 1, Highlighted: 2, Found: 3 } as const;
/** Slots 0..2: the selected halo, the highlighted halo, the found badge (icon and dot versions). */
const SPECIAL = 3;
const GLYPH0 = SPECIAL;
const CATEGORY0 = GLYPH0 + ICON_COUNT;
/** The most slots an atlas holds; categories past it draw their glyph. */
export const MAX_SLOTS = Math.floor(MAX_HEIGHT / (CELL * 1.5)) * COLS;
/** Dots are drawn at this scale of their icon cell. */
export const DOT_UV_SCALE = 0.5;
/** In the dot frame the dot is centred at this point of the 32-unit cell. */
export const DOT_CENTER_Y = 16;

const HALO = ['', '#ffd54a', '#7df9ff'];

/** A category's look as the engine takes it (MapEngine.setCategoryLooks): its glyph, colour and decoded raster icon. */
export interface CategoryLook extends MarkerLook {
  id: number;
}

export class IconAtlas {
  readonly source: CanvasSource;
  private readonly canvas: HTMLCanvasElement;
  private frames: Texture[] = [];
  /** Category id → its slot, for categories with their own look. */
  private catSlot = new Map<number, number>();
  /** Category id → its glyph (a pin with another glyph of its own keeps that glyph). */
  private catIcon = new Map<number, number>();
  private colors: number[] = [];
  /** The shader's numbers for this layout: a cell's size in uv, and the dot block's v offset. */
  cellU = 0;
  cellV = 0;
  dotShift = 0;
  /** Bumped by each setLooks that redrew the atlas. */
  version = 0;

  constructor(looks: readonly CategoryLook[] = []) {
    this.canvas = document.createElement('canvas');
    this.canvas.width = WIDTH;
    this.canvas.height = 256;
    this.source = new CanvasSource({
      resource: this.canvas,
      resolution: RES,
      autoGenerateMipmaps: true,
      scaleMode: 'linear',
      label: 'pin-atlas',
    });
    this.draw(looks);
  }

  /** Redraws the atlas for these category looks (one upload); frames change, so every pin must be restyled. */
  setLooks(looks: readonly CategoryLook[]): void {
    this.draw(looks);
    this.source.update();
    this.version++;
  }

  /** The slot a pin draws: its category's own look when it has one (and the pin no glyph of its own), else its glyph. */
  slot(category: number, icon: number): number {
    const s = this.catSlot.get(category);
    if (s !== undefined && this.catIcon.get(category) === icon) return s;
    return GLYPH0 + (icon >= 0 && icon < ICON_COUNT ? icon : 0);
  }

  /** The plain icon frame of a slot (its dot is the shader's affine map of it). */
  frame(slot: number): Texture {
    return this.frames[this.drawnSlot(slot)]!;
  }

  /** The slot drawn for `slot`: itself when the atlas holds it, else the first glyph's. */
  drawnSlot(slot: number): number {
    return slot >= 0 && slot < this.frames.length ? slot : GLYPH0;
  }

  /** The frame of built-in icon `icon` (0..ICON_COUNT-1). */
  glyphFrame(icon: number): Texture {
    return this.frame(GLYPH0 + (icon >= 0 && icon < ICON_COUNT ? icon : 0));
  }

  /** The marker colour (0xRRGGBB) of a slot: what dots and aggregate discs show. */
  color(slot: number): number {
    return this.colors[slot] ?? this.colors[GLYPH0]!;
  }

  /** How many slots are drawn (specials, glyphs, categories). */
  get slots(): number {
    return this.frames.length;
  }

  /** Texture bytes of the atlas (its mipmaps not counted). */
  get bytes(): number {
    return this.canvas.width * this.canvas.height * 4;
  }

  dispose(): void {
    for (const t of this.frames) t.destroy(false);
    this.frames.length = 0;
    this.source.destroy();
  }

  get destroyed(): boolean {
    return this.frames.length === 0;
  }

  private draw(all: readonly CategoryLook[]): void {
    const looks = all.filter((l) => l.color || l.image).slice(0, MAX_SLOTS - CATEGORY0);
    const slots = CATEGORY0 + looks.length;
    const rows = Math.ceil(slots / COLS);
    const iconH = rows * CELL;
    const height = Math.min(MAX_HEIGHT, 2 ** Math.ceil(Math.log2(Math.max(256, iconH + rows * (CELL / 2)))));
    const canvas = this.canvas;
    if (canvas.height !== height) {
      canvas.height = height;
      this.source.resize(WIDTH / RES, height / RES, RES);
    }
    const ctx = canvas.getContext('2d')!;
    ctx.clearRect(0, 0, WIDTH, canvas.height);
    const half = CELL / 2;
    const at = (s: number) => [(s % COLS) * CELL, Math.floor(s / COLS) * CELL] as const;
    const dotAt = (s: number) => [(s % COLS) * half, iconH + Math.floor(s / COLS) * half] as const;
    const paint = (s: number, fn: (cell: number) => void, dot: boolean) => {
      const [x, y] = dot ? dotAt(s) : at(s);
      ctx.save();
      ctx.translate(x, y);
      fn(dot ? half : CELL);
      ctx.restore();
    };
    // The shared look frames.
    for (const look of [IconLook.Selected, IconLook.Highlighted]) {
      paint(look - 1, (c) => drawHalo(ctx, c, HALO[look]!, 13), false);
      paint(look - 1, (c) => drawHalo(ctx, c, HALO[look]!, DOT_CENTER_Y), true);
    }
    paint(2, (c) => drawCheck(ctx, c / 32, 23, 19, 8.5), false);
    paint(2, (c) => drawCheck(ctx, c / 32, 16, DOT_CENTER_Y, 7.5), true);
    this.colors = [0xffffff, 0xffffff, 0xffffff];
    const markers: MarkerLook[] = [];
    for (let i = 0; i < ICON_COUNT; i++) markers.push({ icon: i });
    this.catSlot = new Map();
    this.catIcon = new Map();
    for (const l of looks) {
      this.catSlot.set(l.id, CATEGORY0 + markers.length - ICON_COUNT);
      this.catIcon.set(l.id, l.icon);
      markers.push(l);
    }
    markers.forEach((m, k) => {
      const s = GLYPH0 + k;
      const color = lookColor(m);
      this.colors[s] = parseInt(color.slice(1), 16);
      paint(s, (c) => drawMarker(ctx, m, c), false);
      paint(s, (c) => drawDot(ctx, c, color), true);
    });
    this.cellU = CELL / WIDTH;
    this.cellV = CELL / height;
    this.dotShift = iconH / height;
    for (const t of this.frames) t.destroy(false);
    this.frames = [];
    for (let s = 0; s < slots; s++) {
      const frame = new Rectangle((s % COLS) * ICON_CSS, Math.floor(s / COLS) * ICON_CSS, ICON_CSS, ICON_CSS);
      this.frames.push(new Texture({ source: this.source, frame }));
    }
  }
}

/**
 * The tint that carries a pin's look to the pin shader (pin-shader.ts decodes it): red steps down 32
 * per look (255 plain), green 0 when the pin is dimmed (other pins step back while tags are highlighted).
 */
export function lookTint(look: number, dimmed: boolean): number {
  return ((255 - 32 * look) << 16) | ((dimmed ? 0 : 255) << 8) | 255;
}

// A soft glow behind the marker's disc marks selected and highlighted pins.
function drawHalo(ctx: CanvasRenderingContext2D, cell: number, color: string, cy: number): void {
  const s = cell / 32;
  ctx.save();
  ctx.beginPath();
  ctx.arc(16 * s, cy * s, 15.5 * s, 0, Math.PI * 2);
  ctx.fillStyle = color;
  ctx.globalAlpha = 0.9;
  ctx.fill();
  ctx.restore();
}

/** The found mark: a green disc with a white check, unlike any fade (at the marker's lower right; a dot's centre). */
function drawCheck(ctx: CanvasRenderingContext2D, s: number, cx: number, cy: number, r: number): void {
  ctx.beginPath();
  ctx.arc(cx * s, cy * s, r * s, 0, Math.PI * 2);
  ctx.fillStyle = '#16a34a';
  ctx.fill();
  ctx.lineWidth = 1.4 * s;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo((cx - r * 0.5) * s, cy * s);
  ctx.lineTo((cx - r * 0.12) * s, (cy + r * 0.4) * s);
  ctx.lineTo((cx + r * 0.55) * s, (cy - r * 0.4) * s);
  ctx.lineWidth = 1.9 * s;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.stroke();
}

/** A dot centred at (16, DOT_CENTER_Y) of the 32-unit cell, filled with the marker colour, with a white rim. */
function drawDot(ctx: CanvasRenderingContext2D, cell: number, color: string): void {
  const s = cell / 32;
  ctx.beginPath();
  ctx.arc(16 * s, DOT_CENTER_Y * s, 11 * s, 0, Math.PI * 2);
  ctx.fillStyle = color;
  ctx.fill();
  ctx.lineWidth = 3 * s;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
}
