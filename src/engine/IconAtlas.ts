// One texture for every pin: ICON_COUNT icons in three looks (plain, selected, highlighted),
// drawn at 2× so they stay crisp at devicePixelRatio 2. One texture = one draw call for all pins.
import { CanvasSource, Rectangle, Texture } from 'pixi.js';
import { ICON_COUNT, drawIcon } from './icons';

/** CSS pixels of one icon cell (the marker's box). */
export const ICON_CSS = 32;
const RES = 2;
const COLS = 16;
export const IconLook = { Plain: 0, Selected: 1, Highlighted: 2 } as const;
const LOOKS = 3;

export class IconAtlas {
  readonly source: CanvasSource;
  private readonly frames: Texture[] = [];

  constructor() {
    const cell = ICON_CSS * RES;
    const canvas = document.createElement('canvas');
    canvas.width = COLS * cell;
    canvas.height = 16 * cell; // 1024², a power of two for mipmaps
    const ctx = canvas.getContext('2d')!;
    for (let look = 0; look < LOOKS; look++) {
      for (let i = 0; i < ICON_COUNT; i++) {
        const f = look * ICON_COUNT + i;
        ctx.save();
        ctx.translate((f % COLS) * cell, Math.floor(f / COLS) * cell);
        if (look !== IconLook.Plain) drawHalo(ctx, cell, look === IconLook.Selected ? '#ffd54a' : '#7df9ff');
        drawIcon(ctx, i, cell);
        ctx.restore();
      }
    }
    this.source = new CanvasSource({ resource: canvas, resolution: RES, autoGenerateMipmaps: true, scaleMode: 'linear', label: 'pin-atlas' });
    for (let f = 0; f < LOOKS * ICON_COUNT; f++) {
      const frame = new Rectangle((f % COLS) * ICON_CSS, Math.floor(f / COLS) * ICON_CSS, ICON_CSS, ICON_CSS);
      this.frames.push(new Texture({ source: this.source, frame }));
    }
  }

  /** The atlas frame of icon `icon` in `look`. */
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
function drawHalo(ctx: CanvasRenderingContext2D, cell: number, color: string): void {
  const s = cell / 32;
  ctx.save();
  ctx.beginPath();
  ctx.arc(16 * s, 13 * s, 15.5 * s, 0, Math.PI * 2);
  ctx.fillStyle = color;
  ctx.globalAlpha = 0.9;
  ctx.fill();
  ctx.restore();
}
