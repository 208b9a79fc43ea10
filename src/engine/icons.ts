// The pin icon set, drawn procedurally (no artwork to ship): a coloured teardrop marker with a
// white glyph. Icon i combines glyph i % 12 with one of 16 colours, so all 48 pairs differ.
// A category may bring its own look (issue 20 item 3): a colour, which replaces the glyph's, and a
// raster icon, drawn in the marker's disc instead of the glyph (drawMarker); the built-in glyphs
// stay the fallback.

/** How many icons there are; `categories.icon` indexes 0..ICON_COUNT-1. */
export const ICON_COUNT = 48;

const GLYPHS = 12;
const PALETTE = [
  '#e5484d',
  '#f76b15',
  '#ffb224',
  '#30a46c',
  '#12a594',
  '#0090ff',
  '#3e63dd',
  '#8e4ec6',
  '#d6409f',
  '#978365',
  '#46a758',
  '#05a2c2',
  '#e54666',
  '#6e56cf',
  '#ad7f58',
  '#687076',
];

/** The marker colour of icon `index` (CSS hex). */
export function iconColor(index: number): string {
  const i = ((index % ICON_COUNT) + ICON_COUNT) % ICON_COUNT;
  const row = Math.floor(i / GLYPHS);
  return PALETTE[((i % GLYPHS) + 3 * row) % PALETTE.length]!;
}

/** What a marker shows: a built-in glyph (icon index), optionally in the category's colour or with its raster icon. */
export interface MarkerLook {
  icon: number;
  /** '#rrggbb'; null/absent: the glyph's own colour (or a dark disc behind a raster icon). */
  color?: string | null;
  /** The category's raster icon (a decoded 64×64 image), drawn in the disc instead of the glyph. */
  image?: CanvasImageSource | null;
}

/** Behind a raster icon without a category colour, when its colour cannot be read: a dark slate any icon reads on. */
const RASTER_DISC = '#27303f';
const averages = new WeakMap<object, string>();

/**
 * The average colour of a raster icon (alpha-weighted, read from an 8×8 reduction), so a category with
 * an icon but no colour still has a dot and disc colour of its own. Cached per image.
 */
function averageColor(image: CanvasImageSource): string {
  const cached = averages.get(image);
  if (cached) return cached;
  let out = RASTER_DISC;
  try {
    const c = document.createElement('canvas');
    c.width = c.height = 8;
    const ctx = c.getContext('2d', { willReadFrequently: true })!;
    ctx.drawImage(image, 0, 0, 8, 8);
    const d = ctx.getImageData(0, 0, 8, 8).data;
    let r = 0,
      g = 0,
      b = 0,
      a = 0;
    for (let k = 0; k < d.length; k += 4) {
      const w = d[k + 3]!;
      r += d[k]! * w;
      g += d[k + 1]! * w;
      b += d[k + 2]! * w;
      a += w;
    }
    if (a > 0)
      out =
        '#' +
        [r, g, b]
          .map((v) =>
            Math.round(v / a)
              .toString(16)
              .padStart(2, '0'),
          )
          .join('');
  } catch {
    // A cross-origin image without CORS cannot be read: the slate disc.
  }
  averages.set(image, out);
  return out;
}

/** The marker colour of a look (its dots and aggregate discs take it too): its colour, its icon's average colour, or its glyph's. */
export function lookColor(look: MarkerLook): string {
  return look.color ?? (look.image ? averageColor(look.image) : iconColor(look.icon));
}

/**
 * Draws icon `index` into the square (0,0)–(size,size) of `ctx`: the marker's tip touches the
 * bottom centre, so anchor it at (0.5, 1) to put the tip on the pin's coordinate.
 */
export function drawIcon(ctx: CanvasRenderingContext2D, index: number, size: number): void {
  drawMarker(ctx, { icon: index }, size);
}

/** Draws a marker look (drawIcon's teardrop, in the look's colour, with its glyph or raster icon) into (0,0)–(size,size). */
export function drawMarker(ctx: CanvasRenderingContext2D, look: MarkerLook, size: number): void {
  const i = ((look.icon % ICON_COUNT) + ICON_COUNT) % ICON_COUNT;
  const s = size / 32; // drawn on a 32-unit design grid
  ctx.save();
  ctx.scale(s, s);
  // Teardrop: a disc of radius 12 centred at (16, 13) narrowing to a tip at (16, 31).
  ctx.beginPath();
  ctx.moveTo(16, 31);
  ctx.bezierCurveTo(12, 25, 4, 21, 4, 13);
  ctx.arc(16, 13, 12, Math.PI, 0);
  ctx.bezierCurveTo(28, 21, 20, 25, 16, 31);
  ctx.closePath();
  ctx.shadowColor = 'rgba(0,0,0,0.45)';
  ctx.shadowBlur = 2;
  ctx.shadowOffsetY = 1;
  ctx.fillStyle = lookColor(look);
  ctx.fill();
  ctx.shadowColor = 'transparent';
  ctx.lineWidth = 1.6;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  if (look.image) {
    // The raster icon fills the disc (radius 10.5 inside the white rim), clipped round.
    ctx.beginPath();
    ctx.arc(16, 13, 10.6, 0, Math.PI * 2);
    ctx.clip();
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(look.image, 5.4, 2.4, 21.2, 21.2);
  } else {
    ctx.fillStyle = '#ffffff';
    ctx.strokeStyle = '#ffffff';
    drawGlyph(ctx, i % GLYPHS);
  }
  ctx.restore();
}

function polygon(ctx: CanvasRenderingContext2D, pts: number[]): void {
  ctx.beginPath();
  ctx.moveTo(pts[0]!, pts[1]!);
  for (let k = 2; k < pts.length; k += 2) ctx.lineTo(pts[k]!, pts[k + 1]!);
  ctx.closePath();
  ctx.fill();
}

function regular(cx: number, cy: number, r: number, n: number, rot: number, inner?: number): number[] {
  const pts: number[] = [];
  const steps = inner ? n * 2 : n;
  for (let k = 0; k < steps; k++) {
    const rr = inner && k % 2 ? inner : r;
    const a = rot + (k * Math.PI * 2) / steps;
    pts.push(cx + rr * Math.cos(a), cy + rr * Math.sin(a));
  }
  return pts;
}

// Glyphs sit in the disc centred at (16, 13), within a radius of about 7.
function drawGlyph(ctx: CanvasRenderingContext2D, g: number): void {
  ctx.lineWidth = 2.2;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  switch (g) {
    case 0:
      polygon(ctx, regular(16, 13.5, 7.5, 5, -Math.PI / 2, 3.2));
      break; // star
    case 1:
      polygon(ctx, [16, 5.5, 22, 13, 16, 20.5, 10, 13]);
      break; // diamond
    case 2:
      ctx.beginPath();
      ctx.arc(16, 13, 5.5, 0, Math.PI * 2);
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(16, 13, 2, 0, Math.PI * 2);
      ctx.fill();
      break; // target
    case 3:
      polygon(ctx, [16, 6, 23, 19, 9, 19]);
      break; // triangle
    case 4:
      ctx.fillRect(14, 6, 4, 14);
      ctx.fillRect(9, 11, 14, 4);
      break; // plus
    case 5:
      ctx.fillRect(9, 10, 14, 9);
      ctx.fillRect(9, 7, 14, 2.2);
      ctx.clearRect(15, 12, 2, 3);
      break; // chest
    case 6:
      ctx.beginPath();
      ctx.arc(16, 13, 7, 0.5 * Math.PI, 1.5 * Math.PI, false);
      ctx.arc(18.5, 13, 5.5, 1.5 * Math.PI, 0.5 * Math.PI, true);
      ctx.fill();
      break; // crescent
    case 7:
      polygon(ctx, [18, 5, 10, 14.5, 15, 14.5, 13, 21.5, 22, 11.5, 17, 11.5]);
      break; // bolt
    case 8:
      ctx.beginPath();
      ctx.moveTo(16, 20);
      ctx.bezierCurveTo(6, 13, 10, 5, 16, 9.5);
      ctx.bezierCurveTo(22, 5, 26, 13, 16, 20);
      ctx.fill();
      break; // heart
    case 9:
      ctx.strokeRect(10, 7, 12, 12);
      ctx.fillRect(14, 11, 4, 4);
      break; // box
    case 10:
      polygon(ctx, regular(16, 13, 7, 6, 0));
      break; // hexagon
    default:
      ctx.fillRect(11, 6, 2.2, 15);
      polygon(ctx, [13, 6, 22, 9.5, 13, 13]);
      break; // flag
  }
}
