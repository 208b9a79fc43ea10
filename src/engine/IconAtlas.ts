// One texture for every pin: ICON_COUNT icons in four looks (plain, selected, highlighted,
// found: greyed, with a green check), and below them the same frames as dots for far zooms, drawn at 2× so they stay crisp
// at devicePixelRatio 2. One texture = one draw call for all pins; the shader switches a pin
// between its icon and its dot by shifting the texture's v by DOT_V_SHIFT (nothing re-uploaded).
import { CanvasSource, Rectangle, Texture } from 'pixi.js';
import { ICON_COUNT, drawIcon, iconColor } from './icons';

/** CSS pixels of one icon cell (the marker's box). */
export const ICON_CSS = 32;
const RES = 2;
const COLS = 16;
export const IconLook = { Plain: 0, Selected: 1, Highlighted: 2, Found: 3 } as const;
const LOOKS = 4;
/** Rows of the icon block; the dot block starts at this row (half the atlas). */
const DOT_ROW = 16;
/** The v offset (0..1) from a pin's icon frame to its dot frame. */
export const DOT_V_SHIFT = 0.5;
/** In the dot frame the dot is centred at this point of the 32-unit cell. */
export const DOT_CENTER_Y = 16;

const HALO = ['', '#ffd54a', '#7df9ff', ''];

export class IconAtlas {
  readonly source: CanvasSource;
  private readonly frames: Texture[] = [];

  constructor() {
    const cell = ICON_CSS * RES;
    const canvas = document.createElement('canvas');
    canvas.width = COLS * cell;
    canvas.height = 2 * DOT_ROW * cell; // 1024×2048, powers of two for mipmaps
    const ctx = canvas.getContext('2d')!;
    for (let look = 0; look < LOOKS; look++) {
      for (let i = 0; i < ICON_COUNT; i++) {
        const f = look * ICON_COUNT + i;
        const x = (f % COLS) * cell;
        const y = Math.floor(f / COLS) * cell;
        ctx.save();
        ctx.translate(x, y);
        if (HALO[look]) drawHalo(ctx, cell, HALO[look]!, 13);
        drawIcon(ctx, i, cell);
        ctx.restore();
        if (look === IconLook.Found) fadeToGrey(ctx, x, y, cell);
        ctx.save();
        ctx.translate(x, y);
        if (look === IconLook.Found) drawFoundBadge(ctx, cell);
        ctx.restore();
        ctx.save();
        ctx.translate(x, y + DOT_ROW * cell);
        drawDot(ctx, cell, iconColor(i), look);
        ctx.restore();
        if (look === IconLook.Found) {
          fadeToGrey(ctx, x, y + DOT_ROW * cell, cell);
          ctx.save();
          ctx.translate(x, y + DOT_ROW * cell);
          drawCheck(ctx, cell / 32, 16, DOT_CENTER_Y, 7.5);
          ctx.restore();
        }
      }
    }
    this.source = new CanvasSource({
      resource: canvas,
      resolution: RES,
      autoGenerateMipmaps: true,
      scaleMode: 'linear',
      label: 'pin-atlas',
    });
    for (let f = 0; f < LOOKS * ICON_COUNT; f++) {
      const frame = new Rectangle((f % COLS) * ICON_CSS, Math.floor(f / COLS) * ICON_CSS, ICON_CSS, ICON_CSS);
      this.frames.push(new Texture({ source: this.source, frame }));
    }
  }

  /** The atlas frame of icon `icon` in `look` (its dot is DOT_V_SHIFT below). */
  frame(icon: number, look: number): Texture {
    const i = icon >= 0 && icon < ICON_COUNT ? icon : 0;
    return this.frames[look * ICON_COUNT + i]!;
  }

  dispose(): void {
    for (const t of this.frames) t.destroy(false);
    this.frames.length = 0;
    this.source.destroy();
  }

  get destroyed(): boolean {
    return this.frames.length === 0;
  }
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

/** The found mark: a green disc with a white check at the marker's lower right, unlike any fade. */
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

// The found badge is large enough to read on a small icon (~19 px at zoom 1/4: about 8 px across).
function drawFoundBadge(ctx: CanvasRenderingContext2D, cell: number): void {
  drawCheck(ctx, cell / 32, 23, 19, 8.5);
}

/**
 * A found pin steps back: its icon (or dot) is desaturated and lightened towards a flat grey, so
 * a region's unfound pins stand out in colour at every zoom; only the green check keeps colour.
 */
function fadeToGrey(ctx: CanvasRenderingContext2D, x: number, y: number, cell: number): void {
  const img = ctx.getImageData(x, y, cell, cell);
  const d = img.data;
  for (let k = 0; k < d.length; k += 4) {
    const l = 0.299 * d[k]! + 0.587 * d[k + 1]! + 0.114 * d[k + 2]!;
    // Mostly grey, a hint of the colour left, pulled towards a light grey so dark and light icons
    // both read as washed out (and unlike the brown and grey categories' own colours).
    const g = 0.4 * l + 0.6 * 190;
    d[k] = 0.88 * g + 0.12 * d[k]!;
    d[k + 1] = 0.88 * g + 0.12 * d[k + 1]!;
    d[k + 2] = 0.88 * g + 0.12 * d[k + 2]!;
  }
  ctx.putImageData(img, x, y);
}

/**
 * A dot centred at (16, DOT_CENTER_Y): filled with the category colour; a found pin's dot is a
 * ring of that colour (then greyed by fadeToGrey) under a green check, so found and not found
 * differ even at 10 px.
 */
function drawDot(ctx: CanvasRenderingContext2D, cell: number, color: string, look: number): void {
  const s = cell / 32;
  if (HALO[look]) drawHalo(ctx, cell, HALO[look]!, DOT_CENTER_Y);
  ctx.beginPath();
  ctx.arc(16 * s, DOT_CENTER_Y * s, 11 * s, 0, Math.PI * 2);
  ctx.fillStyle = look === IconLook.Found ? '#ffffff' : color;
  ctx.fill();
  ctx.lineWidth = (look === IconLook.Found ? 5 : 3) * s;
  ctx.strokeStyle = look === IconLook.Found ? color : '#ffffff';
  ctx.stroke();
}
