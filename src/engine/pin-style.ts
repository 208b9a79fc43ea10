// How a pin looks: its style per layout level (icon, small icon, dot), its size, and the
// look, alpha and tint its vertices carry for its flags (pin-vertices.ts).
import type { IParticle, Texture } from 'pixi.js';
import { IconLook, lookTint } from './IconAtlas';
import { FULL_ICON_LEVEL, SMALL_ICON_LEVEL, levelForZoom } from '../../common/pin-levels';
import { PinFlag } from './types';

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

/**
 * How much larger than their CSS size pins draw on this screen: a pin keeps the share of the screen
 * it has on a 1920×1080 one (1 up to that, 2 on a 4K screen at 100 % scaling, whose CSS pixels are
 * half as large), with or without the enlarged-pin setting. Screen sizes in CSS px; portrait works too.
 */
export function screenPinScale(screenW: number, screenH: number): number {
  const long = Math.max(screenW, screenH);
  const short = Math.min(screenW, screenH);
  return Math.min(2, Math.max(1, Math.min(long / 1920, short / 1080)));
}

/** Marker size factor (1 = a 32-CSS-px cell) of a style at a zoom: icons grow a little as the map zooms in. */
export function styleSizeFactor(style: PinStyle, zoom: number, large: boolean): number {
  const f =
    style === 'icon' ? Math.min(1, Math.max(0.7, 0.85 + 0.15 * Math.log2(zoom))) : style === 'small' ? SMALL_ICON_FACTOR : DOT_FACTOR;
  return large ? f * LARGE_PIN_FACTOR : f;
}

/** Marker size factor for a zoom (1 = 32 CSS px). */
export function pinSizeFactor(zoom: number, large: boolean): number {
  return styleSizeFactor(styleOfLevel(levelForZoom(zoom)), zoom, large);
}

// Found pins are greyed with a green check (IconLook.Found) and softened, so a region's unfound
// pins stand out in colour at every zoom; the grey and the check keep them unlike the faded (but
// coloured, unbadged) pins of another floor. The 'fainter found pins' setting softens them further.
const ALPHA_CHECKED = 0.75;
const ALPHA_CHECKED_FAINT = 0.4;
const ALPHA_OTHER_FLOOR = 0.3;
// While tags are highlighted, every other pin steps back (faded and greyed) so the highlighted
// ones stand out; a restyle of flags, no new scene.
const ALPHA_DIMMED = 0.35;

/**
 * A particle with only the fields the particle buffer reads. Pixi's Particle copies a spread of its default options
 * into every new one and parses its tint through Color.shared; a new layout makes thousands of aggregate markers in
 * one task (issue 21), so aggregates use this plain class and set `color` whole (packColor). Anchored at the bottom
 * centre unless told otherwise. (Pins have no particle objects at all: pin-vertices.ts.)
 */
export class PlainParticle implements IParticle {
  scaleX = 1;
  scaleY = 1;
  rotation = 0;
  /** BGR and alpha (top byte), as Particle packs tint and alpha: opaque white until styled. */
  color = -1;
  constructor(
    public texture: Texture,
    public x = 0,
    public y = 0,
    public anchorX = 0.5,
    public anchorY = 1,
  ) {}
}

/** A colour (0xRRGGBB) and alpha (0–1) packed as the particle buffer reads them: BGR, alpha in the top byte. */
export function packColor(rgb: number, alpha = 1): number {
  return ((rgb & 0xff) << 16) + (rgb & 0xff00) + ((rgb >> 16) & 0xff) + (((alpha * 255) | 0) << 24);
}

/** The look a pin's PinFlag bits `f` give it (IconLook): picked (selected or opened), found, highlighted or plain. */
export function pinLook(f: number): number {
  return f & (PinFlag.Selected | PinFlag.Focused)
    ? IconLook.Selected
    : f & PinFlag.Checked
      ? IconLook.Found
      : f & PinFlag.Highlighted
        ? IconLook.Highlighted
        : IconLook.Plain;
}

/** Selected and highlighted pins draw 1.2 times larger. */
export function pinEnlarged(look: number): boolean {
  return look === IconLook.Selected || look === IconLook.Highlighted;
}

/**
 * The packed tint (packColor) of a pin with PinFlag bits `f` and look `look` (pinLook): the look and dimming ride in
 * it to the pin shader (lookTint), and its alpha is 0 when not `drawn`, fainter for another floor, dimmed pins and
 * found ones (fainter still with `faintFound`).
 */
export function pinColor(f: number, look: number, drawn: boolean, dimOthers: boolean, faintFound = false): number {
  const picked = look === IconLook.Selected;
  const dimmed = dimOthers && !picked && !(f & PinFlag.Highlighted);
  let alpha = 1;
  if (!drawn) alpha = 0;
  else if (f & PinFlag.OtherFloor && !picked) alpha = ALPHA_OTHER_FLOOR;
  else if (dimmed) alpha = ALPHA_DIMMED;
  else if (f & PinFlag.Checked && !picked) alpha = faintFound ? ALPHA_CHECKED_FAINT : ALPHA_CHECKED;
  return packColor(lookTint(look, dimmed), alpha);
}
