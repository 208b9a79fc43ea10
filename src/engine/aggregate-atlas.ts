// The aggregate markers' texture: a white disc (tinted with the dominant category's colour), a
// progress ring per found share (RING_STEPS + 1 frames, the last one 'done' with a check), and
// the characters of a count label. Drawn at 2× for devicePixelRatio 2; Latin digits only, so no
// machine lacks a glyph.
import { CanvasSource, Rectangle, Texture } from 'pixi.js';

const RES = 2;
/** CSS pixels of a disc or ring frame. */
export const AGGREGATE_FRAME_CSS = 32;
/** Found share is drawn in this many steps (plus an empty ring and a 'done' ring). */
export const RING_STEPS = 12;
/** Width and height (CSS px) of one label character frame. */
export const CHAR_W = 7;
export const CHAR_H = 12;
/** The characters of count labels. */
export const LABEL_CHARS = '0123456789.k';

/** The frames of the aggregate atlas. */
export interface AggregateFrames {
  disc: Texture;
  /** rings[s] shows s/RING_STEPS found; rings[RING_STEPS + 1] is the all-found ring. */
  rings: Texture[];
  chars: Map<string, Texture>;
  dispose(): void;
}

/** Draws the aggregate atlas (one texture, so all aggregates are one draw call). */
export function createAggregateFrames(): AggregateFrames {
  const cell = AGGREGATE_FRAME_CSS * RES;
  const canvas = document.createElement('canvas');
  canvas.width = 16 * cell;
  canvas.height = 4 * cell;
  const ctx = canvas.getContext('2d')!;
  const c = cell / 2;
  // The disc: white, so the particle tint gives it the category colour.
  ctx.beginPath();
  ctx.arc(c, c, 14 * RES, 0, Math.PI * 2);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  for (let s = 0; s <= RING_STEPS + 1; s++) {
    const f = s + 1;
    ctx.save();
    ctx.translate((f % 16) * cell, Math.floor(f / 16) * cell);
    const done = s === RING_STEPS + 1;
    ctx.lineWidth = 4 * RES;
    ctx.beginPath();
    ctx.arc(c, c, 13 * RES, 0, Math.PI * 2);
    ctx.strokeStyle = 'rgba(12,16,24,0.85)';
    ctx.stroke();
    const share = done ? 1 : s / RING_STEPS;
    if (share > 0) {
      ctx.beginPath();
      ctx.arc(c, c, 13 * RES, -Math.PI / 2, -Math.PI / 2 + share * Math.PI * 2);
      ctx.strokeStyle = '#4ade80';
      ctx.lineWidth = 3.2 * RES;
      ctx.stroke();
    }
    if (done) {
      // A check badge at the upper right: this cell's pins are all found.
      ctx.beginPath();
      ctx.arc(c + 10 * RES, c - 10 * RES, 5.5 * RES, 0, Math.PI * 2);
      ctx.fillStyle = '#16a34a';
      ctx.fill();
      ctx.beginPath();
      ctx.moveTo(c + 7.5 * RES, c - 10 * RES);
      ctx.lineTo(c + 9.4 * RES, c - 8 * RES);
      ctx.lineTo(c + 12.6 * RES, c - 12 * RES);
      ctx.strokeStyle = '#ffffff';
      ctx.lineWidth = 1.6 * RES;
      ctx.lineCap = 'round';
      ctx.stroke();
    }
    ctx.restore();
  }
  const cw = CHAR_W * RES;
  const ch = CHAR_H * RES;
  const charY = 2 * cell;
  ctx.font = `bold ${11 * RES}px Arial, Helvetica, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  [...LABEL_CHARS].forEach((ch0, k) => {
    const x = k * (cw + 4) + cw / 2;
    const y = charY + ch / 2;
    ctx.lineWidth = 3 * RES;
    ctx.strokeStyle = 'rgba(0,0,0,0.8)';
    ctx.strokeText(ch0, x, y);
    ctx.fillStyle = '#ffffff';
    ctx.fillText(ch0, x, y);
  });
  const source = new CanvasSource({
    resource: canvas,
    resolution: RES,
    autoGenerateMipmaps: true,
    scaleMode: 'linear',
    label: 'aggregate-atlas',
  });
  const at = (f: number) =>
    new Texture({
      source,
      frame: new Rectangle(
        (f % 16) * AGGREGATE_FRAME_CSS,
        Math.floor(f / 16) * AGGREGATE_FRAME_CSS,
        AGGREGATE_FRAME_CSS,
        AGGREGATE_FRAME_CSS,
      ),
    });
  const disc = at(0);
  const rings = Array.from({ length: RING_STEPS + 2 }, (_, s) => at(s + 1));
  const chars = new Map<string, Texture>();
  [...LABEL_CHARS].forEach((c0, k) => {
    chars.set(c0, new Texture({ source, frame: new Rectangle((k * (cw + 4)) / RES, charY / RES, CHAR_W, CHAR_H) }));
  });
  return {
    disc,
    rings,
    chars,
    dispose() {
      for (const t of [disc, ...rings, ...chars.values()]) t.destroy(false);
      source.destroy();
    },
  };
}

/** The label of a count: exact below 1,000, then 1.2k, 12k, 120k. */
export function countLabel(n: number): string {
  if (n < 1000) return String(n);
  if (n < 10_000) return `${(Math.floor(n / 100) / 10).toFixed(1).replace(/\.0$/, '')}k`;
  return `${Math.floor(n / 1000)}k`;
}

/** The ring frame index of a found share: empty only with none found, done only with all found. */
export function ringIndex(found: number, count: number): number {
  if (count > 0 && found >= count) return RING_STEPS + 1;
  if (found <= 0) return 0;
  // A full ring means done, so a cell not quite done stops one step short.
  return Math.min(RING_STEPS - 1, Math.max(1, Math.round((found / count) * RING_STEPS)));
}
