// The pins' vertices: 16 bytes a vertex (64 a pin) instead of Pixi's particle layout of 32 (128 a pin), filled from
// typed arrays instead of an object a pin.
//
// Pixi's ParticleContainer writes, for each of a particle's four vertices, its corner offset (float32x2, from the
// texture's size, anchor and scale), position (float32x2), rotation (float32), uvs (float32x2, from the texture's
// frame) and tint (unorm8x4), reading each from a particle object. Every pin's frame is one cell of the icon atlas
// (IconAtlas: column slot % COLS, row slot / COLS), its anchor is its tip and its scale 1 or 1.2, so the corner and
// the uvs follow from small integers the pin shader (pin-shader.ts) decodes: one float, `aMeta` = corner +
// 4·enlarged + 8·level + 2048·slot, exact in a float32 below 2^24 (IconAtlas.MAX_SLOTS, 1,344, is under 2048; a
// level is at most LEVEL_NEVER, 255).
//
// PinLayer keeps, per draw slot, that float less the corner and the packed tint; positions are the pin buffers'.
// The container's particle list is one shared placeholder repeated (Pixi reads only its length), and these
// properties' update functions read the layer's arrays. What a new pin set costs the main thread and the GPU
// follows: no object a pin to make, restyle and collect, and half the bytes to fill and upload (at a million pins
// the allocation and first touch of Pixi's buffer were most of its fill: issue 21, 1.3 s of a 3.7 s frame).
import 'pixi.js/unsafe-eval';
import { Texture, type IParticle, type ParticleRendererProperty } from 'pixi.js';

/** Multipliers of aMeta's fields (the shader decodes them with the same numbers). */
export const META_ENLARGED = 4;
export const META_LEVEL = 8;
export const META_SLOT = 2048;

/** A pin's vertex float less its corner. */
export function pinMeta(atlasSlot: number, level: number, enlarged: boolean): number {
  return atlasSlot * META_SLOT + level * META_LEVEL + (enlarged ? META_ENLARGED : 0);
}

/** What the pins' vertices are filled from, per draw slot s (pin pinOfSlot[s]). */
export interface PinVertexSource {
  x: ArrayLike<number>;
  y: ArrayLike<number>;
  pinOfSlot: ArrayLike<number>;
  /** pinMeta of each slot's pin. */
  meta: ArrayLike<number>;
  /** The packed tint of each slot's pin (pinColor). */
  color: ArrayLike<number>;
}

/** The particle the pin container lists once a pin: Pixi reads the list's length (and a texture it is given anyway). */
const PLACEHOLDER: IParticle = { x: 0, y: 0, scaleX: 1, scaleY: 1, anchorX: 0, anchorY: 0, rotation: 0, color: 0, texture: Texture.EMPTY };

/** The pin container's particle list for n pins. */
export function placeholders(n: number): IParticle[] {
  return new Array<IParticle>(n).fill(PLACEHOLDER);
}

// Pixi's generated update code cannot see a layer's arrays; the CSP-safe path (pixi.js/unsafe-eval, imported above
// and by the engine) calls the update functions instead and reads `code` only as a cache key.
const NO_CODE = "throw new Error('pin vertices are filled by their update functions (pixi.js/unsafe-eval)');";

/**
 * The particle properties of a pin container whose vertices come from `source()` (read once a fill): static (filled
 * when the container is told to update), or `dynamic` (filled each frame: a one-pin marker that moves).
 */
export function pinVertexProperties(source: () => PinVertexSource, dynamic = false): Record<string, ParticleRendererProperty> {
  return {
    position: {
      attributeName: 'aPosition',
      format: 'float32x2',
      dynamic,
      code: NO_CODE,
      updateFunction: (ps, f32v, _u32v, offset, stride) => {
        const { x: xs, y: ys, pinOfSlot } = source();
        for (let s = 0; s < ps.length; s++, offset += stride * 4) {
          const i = pinOfSlot[s]!;
          const x = xs[i]!;
          const y = ys[i]!;
          f32v[offset] = x;
          f32v[offset + 1] = y;
          f32v[offset + stride] = x;
          f32v[offset + stride + 1] = y;
          f32v[offset + stride * 2] = x;
          f32v[offset + stride * 2 + 1] = y;
          f32v[offset + stride * 3] = x;
          f32v[offset + stride * 3 + 1] = y;
        }
      },
    },
    meta: {
      attributeName: 'aMeta',
      format: 'float32',
      dynamic,
      code: NO_CODE,
      updateFunction: (ps, f32v, _u32v, offset, stride) => {
        const { meta } = source();
        for (let s = 0; s < ps.length; s++, offset += stride * 4) {
          const m = meta[s]!;
          f32v[offset] = m;
          f32v[offset + stride] = m + 1;
          f32v[offset + stride * 2] = m + 2;
          f32v[offset + stride * 3] = m + 3;
        }
      },
    },
    color: {
      attributeName: 'aColor',
      format: 'unorm8x4',
      dynamic,
      code: NO_CODE,
      updateFunction: (ps, _f32v, u32v, offset, stride) => {
        const { color } = source();
        for (let s = 0; s < ps.length; s++, offset += stride * 4) {
          const c = color[s]!;
          u32v[offset] = c;
          u32v[offset + stride] = c;
          u32v[offset + stride * 2] = c;
          u32v[offset + stride * 3] = c;
        }
      },
    },
  };
}
