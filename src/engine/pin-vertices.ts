// The pins' vertex layout: 16 bytes a vertex (64 a pin) instead of Pixi's particle layout of 32 (128 a pin).
//
// Pixi's ParticleContainer writes, for each of a particle's four vertices, its corner offset (float32x2, from the
// texture's size, anchor and scale), position (float32x2), rotation (float32), uvs (float32x2, from the texture's
// frame) and tint (unorm8x4). Every pin's frame is one cell of the icon atlas (IconAtlas: column slot % COLS, row
// slot / COLS), its anchor is its tip and its scale 1 or 1.2, so the corner and the uvs follow from small integers
// the pin shader (pin-shader.ts) decodes: one float, `aMeta` = corner + 4·enlarged + 8·level + 2048·slot, exact in
// a float32 below 2^24 (IconAtlas.MAX_SLOTS, 1,344, is under 2048; a level is at most LEVEL_NEVER, 255). What a new
// pin set costs the main thread and the GPU follows the bytes: Pixi fills this buffer in JS (4 vertices a pin) and
// uploads it whole, and at a million pins its allocation and first touch were most of the fill (issue 21: 1.3 s of
// a 3.7 s frame).
import type { IParticle, ParticleRendererProperty } from 'pixi.js';

/** What a pin particle carries beyond Pixi's IParticle: its atlas slot (IconAtlas.drawnSlot). */
export interface PinParticle extends IParticle {
  slot: number;
}

/** Multipliers of aMeta's fields (the shader decodes them with the same numbers). */
export const META_ENLARGED = 4;
export const META_LEVEL = 8;
export const META_SLOT = 2048;

/** A pin drawn enlarged (selected, highlighted: scale 1.2) rides as one bit; any scale over 1 sets it. */
const enlarged = (p: IParticle) => (p.scaleX > 1 ? META_ENLARGED : 0);

/** The static particle properties of the pin container; Pixi calls each updateFunction over every pin (CSP: no code). */
export function pinVertexProperties(): Record<string, ParticleRendererProperty> {
  return {
    position: {
      attributeName: 'aPosition',
      format: 'float32x2',
      dynamic: false,
      code:
        'f32v[offset] = f32v[offset + stride] = f32v[offset + stride * 2] = f32v[offset + stride * 3] = p.x;\n' +
        'f32v[offset + 1] = f32v[offset + stride + 1] = f32v[offset + stride * 2 + 1] = f32v[offset + stride * 3 + 1] = p.y;',
      updateFunction: (ps, f32v, _u32v, offset, stride) => {
        for (let i = 0; i < ps.length; i++, offset += stride * 4) {
          const p = ps[i]!;
          const x = p.x;
          const y = p.y;
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
      dynamic: false,
      code:
        `var m = p.slot * ${META_SLOT} + p.rotation * ${META_LEVEL} + (p.scaleX > 1 ? ${META_ENLARGED} : 0);\n` +
        'f32v[offset] = m; f32v[offset + stride] = m + 1; f32v[offset + stride * 2] = m + 2; f32v[offset + stride * 3] = m + 3;',
      updateFunction: (ps, f32v, _u32v, offset, stride) => {
        for (let i = 0; i < ps.length; i++, offset += stride * 4) {
          const p = ps[i] as PinParticle;
          const m = p.slot * META_SLOT + p.rotation * META_LEVEL + enlarged(p);
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
      dynamic: false,
      code: 'u32v[offset] = u32v[offset + stride] = u32v[offset + stride * 2] = u32v[offset + stride * 3] = p.color;',
      updateFunction: (ps, _f32v, u32v, offset, stride) => {
        for (let i = 0; i < ps.length; i++, offset += stride * 4) {
          const c = ps[i]!.color;
          u32v[offset] = c;
          u32v[offset + stride] = c;
          u32v[offset + stride * 2] = c;
          u32v[offset + stride * 3] = c;
        }
      },
    },
  };
}
