// The pins' particle shader: Pixi's particle shader with three changes. Pins keep their size on
// screen whatever the zoom, so the quad's corner offsets (aVertex) are scaled by a uniform
// (uPinScale = pin size / zoom) instead of living in world units. The particle's rotation, which
// pins never use, carries the pin's layout level (workers/pins/pin-layout.ts): the shader drops
// a pin whose level is above the camera's (uLevel) — for aggregates, any level but uLevel. And
// uUvScale/uUvShift/uDot switch every pin from its icon to its dot frame (an affine map of the uvs
// into the atlas's half-scale dot block). Zooming and panning change uniforms only and re-upload nothing.
//
// For pins the particle's tint is no colour but the pin's look (IconAtlas.lookTint): selected and
// highlighted draw a halo frame behind the icon, found greys the icon and puts the badge frame over it,
// dimmed darkens it. The shared frames sit at slots 0..2 of the atlas; the fragment finds them from the
// quad's corner (vLocal, from the corner offsets' signs) and the cell size (uCellU, uCellV), so the
// atlas needs one frame per icon, not one per icon and look (512 categories fit one texture).
import { GlProgram, GpuProgram, Matrix, Shader, Texture, TextureStyle, UniformGroup } from 'pixi.js';

const vertex = `attribute vec2 aVertex;
attribute vec2 aUV;
attribute vec4 aColor;
attribute vec2 aPosition;
attribute float aRotation;
uniform mat3 uTranslationMatrix;
uniform float uRound;
uniform vec2 uResolution;
uniform vec4 uColor;
uniform float uPinScale;
uniform float uLevel;
uniform float uUvShift;
uniform float uUvScale;
uniform float uDot;
varying vec2 vUV;
varying vec4 vColor;
LOOK_VARYINGS
vec2 roundPixels(vec2 position, vec2 targetSize) {
  return (floor(((position * 0.5 + 0.5) * targetSize) + 0.5) / targetSize) * 2.0 - 1.0;
}
void main(void) {
  if (HIDDEN) {
    gl_Position = vec4(2.0, 2.0, 0.0, 1.0);
    vUV = aUV;
    vColor = vec4(0.0);
    return;
  }
  vec2 c = aVertex * uPinScale;
  c.y += uDot * uPinScale;
  vec2 v = c + aPosition;
  gl_Position = vec4((uTranslationMatrix * vec3(v, 1.0)).xy, 0.0, 1.0);
  if (uRound == 1.0) gl_Position.xy = roundPixels(gl_Position.xy, uResolution);
  vUV = aUV * uUvScale + vec2(0.0, uUvShift);
  COLOR_OUT
}`;

const colorOut = 'vColor = vec4(aColor.rgb * aColor.a, aColor.a) * uColor;';
const lookVaryings = 'varying vec2 vLocal;\nvarying float vLook;\nvarying float vDim;';
// The look rides in the tint's red (255 - 32·look) and green (0: dimmed); the colour is white.
const lookOut = `vLocal = vec2(step(0.0, aVertex.x), step(-0.001, aVertex.y));
  vLook = floor((1.0 - aColor.r) * 255.0 / 32.0 + 0.5);
  vDim = step(aColor.g, 0.5);
  vColor = vec4(aColor.a) * uColor;`;

const fragment = `varying vec2 vUV;
varying vec4 vColor;
uniform sampler2D uTexture;
void main(void) {
  gl_FragColor = texture2D(uTexture, vUV) * vColor;
}`;

const pinFragment = `varying vec2 vUV;
varying vec4 vColor;
varying vec2 vLocal;
varying float vLook;
varying float vDim;
uniform sampler2D uTexture;
uniform highp float uUvScale;
uniform highp float uUvShift;
uniform highp float uCellU;
uniform highp float uCellV;
vec4 lookFrame(float k) {
  highp vec2 uv = (vec2(k * uCellU, 0.0) + vLocal * vec2(uCellU, uCellV)) * uUvScale + vec2(0.0, uUvShift);
  return texture2D(uTexture, uv);
}
void main(void) {
  // Every sample outside the branches, so mipmap selection has its derivatives.
  vec4 c = texture2D(uTexture, vUV);
  vec4 badge = lookFrame(2.0);
  vec4 halo = lookFrame(max(vLook - 1.0, 0.0));
  if (vLook > 2.5) {
    float l = dot(c.rgb, vec3(0.299, 0.587, 0.114));
    float g = 0.4 * l + 0.6 * 0.745 * c.a;
    c.rgb = 0.88 * vec3(g) + 0.12 * c.rgb;
    c = badge + c * (1.0 - badge.a);
  } else if (vLook > 0.5) {
    c = c + halo * (1.0 - c.a);
  }
  if (vDim > 0.5) c.rgb *= 0.541;
  gl_FragColor = c * vColor;
}`;

const wgsl = `
struct ParticleUniforms { uTranslationMatrix: mat3x3<f32>, uColor: vec4<f32>, uRound: f32, uResolution: vec2<f32> };
struct PinUniforms { uPinScale: f32, uLevel: f32, uUvShift: f32, uDot: f32, uUvScale: f32, uCellU: f32, uCellV: f32 };
@group(0) @binding(0) var<uniform> uniforms: ParticleUniforms;
@group(1) @binding(0) var uTexture: texture_2d<f32>;
@group(1) @binding(1) var uSampler: sampler;
@group(2) @binding(0) var<uniform> pinUniforms: PinUniforms;
struct VSOutput {
  @builtin(position) position: vec4<f32>, @location(0) uv: vec2<f32>, @location(1) color: vec4<f32>,
  @location(2) local: vec2<f32>, @location(3) look: f32, @location(4) dim: f32,
};
@vertex
fn mainVertex(@location(0) aVertex: vec2<f32>, @location(1) aPosition: vec2<f32>, @location(2) aUV: vec2<f32>,
              @location(3) aColor: vec4<f32>, @location(4) aRotation: f32) -> VSOutput {
  if (HIDDEN_WGSL) {
    return VSOutput(vec4(2.0, 2.0, 0.0, 1.0), aUV, vec4(0.0), vec2(0.0), 0.0, 0.0);
  }
  let c = aVertex * pinUniforms.uPinScale + vec2(0.0, pinUniforms.uDot * pinUniforms.uPinScale);
  let v = c + aPosition;
  let position = vec4((uniforms.uTranslationMatrix * vec3(v, 1.0)).xy, 0.0, 1.0);
  let uv = aUV * pinUniforms.uUvScale + vec2(0.0, pinUniforms.uUvShift);
  let local = vec2(step(0.0, aVertex.x), step(-0.001, aVertex.y));
  WGSL_OUT
}
fn lookFrame(k: f32, local: vec2<f32>) -> vec4<f32> {
  let cell = vec2(pinUniforms.uCellU, pinUniforms.uCellV);
  let uv = (vec2(k * pinUniforms.uCellU, 0.0) + local * cell) * pinUniforms.uUvScale + vec2(0.0, pinUniforms.uUvShift);
  return textureSample(uTexture, uSampler, uv);
}
@fragment
fn mainFragment(@location(0) uv: vec2<f32>, @location(1) color: vec4<f32>, @location(2) local: vec2<f32>,
                @location(3) look: f32, @location(4) dim: f32) -> @location(0) vec4<f32> {
  WGSL_FRAGMENT
}`;

const wgslColorOut = 'return VSOutput(position, uv, vec4(aColor.rgb * aColor.a, aColor.a) * uniforms.uColor, local, 0.0, 0.0);';
const wgslLookOut = `let look = floor((1.0 - aColor.r) * 255.0 / 32.0 + 0.5);
  let dim = step(aColor.g, 0.5);
  return VSOutput(position, uv, vec4(aColor.a) * uniforms.uColor, local, look, dim);`;
const wgslPlainFragment = 'return textureSample(uTexture, uSampler, uv) * color;';
// Samples are taken before any branch (WGSL wants textureSample in uniform control flow).
const wgslPinFragment = `var c = textureSample(uTexture, uSampler, uv);
  let badge = lookFrame(2.0, local);
  let halo = lookFrame(max(look - 1.0, 0.0), local);
  if (look > 2.5) {
    let l = dot(c.rgb, vec3(0.299, 0.587, 0.114));
    let g = 0.4 * l + 0.6 * 0.745 * c.a;
    c = vec4(0.88 * vec3(g) + 0.12 * c.rgb, c.a);
    c = badge + c * (1.0 - badge.a);
  } else if (look > 0.5) {
    c = c + halo * (1.0 - c.a);
  }
  if (dim > 0.5) { c = vec4(c.rgb * 0.541, c.a); }
  return c * color;`;

/** The per-frame uniforms of the pin and aggregate shaders. */
export type PinUniformGroup = UniformGroup<{
  uPinScale: { value: number; type: 'f32' };
  uLevel: { value: number; type: 'f32' };
  uUvShift: { value: number; type: 'f32' };
  uDot: { value: number; type: 'f32' };
  uUvScale: { value: number; type: 'f32' };
  uCellU: { value: number; type: 'f32' };
  uCellV: { value: number; type: 'f32' };
}>;

/**
 * A pin shader and the uniform group the layer sets each frame. 'pins' draws a particle from its
 * level (rotation) on; 'aggregates' draws a particle only at its level.
 */
export function createPinShader(kind: 'pins' | 'aggregates' = 'pins'): { shader: Shader; pinUniforms: PinUniformGroup } {
  const pinUniforms: PinUniformGroup = new UniformGroup({
    uPinScale: { value: 1, type: 'f32' },
    uLevel: { value: 99, type: 'f32' },
    uUvShift: { value: 0, type: 'f32' },
    uDot: { value: 0, type: 'f32' },
    uUvScale: { value: 1, type: 'f32' },
    uCellU: { value: 0, type: 'f32' },
    uCellV: { value: 0, type: 'f32' },
  });
  const hidden = kind === 'pins' ? 'aRotation > uLevel + 0.5' : 'abs(aRotation - uLevel) > 0.5';
  const hiddenWgsl = kind === 'pins' ? 'aRotation > pinUniforms.uLevel + 0.5' : 'abs(aRotation - pinUniforms.uLevel) > 0.5';
  const pins = kind === 'pins';
  const source = wgsl
    .replace('HIDDEN_WGSL', hiddenWgsl)
    .replace('WGSL_OUT', pins ? wgslLookOut : wgslColorOut)
    .replace('WGSL_FRAGMENT', pins ? wgslPinFragment : wgslPlainFragment);
  const glVertex = vertex
    .replace('HIDDEN', hidden)
    .replace('LOOK_VARYINGS', pins ? lookVaryings : '')
    .replace('COLOR_OUT', pins ? lookOut : colorOut);
  const shader = new Shader({
    glProgram: GlProgram.from({ vertex: glVertex, fragment: pins ? pinFragment : fragment, name: `pin-particles-${kind}` }),
    gpuProgram: GpuProgram.from({ vertex: { source, entryPoint: 'mainVertex' }, fragment: { source, entryPoint: 'mainFragment' } }),
    resources: {
      uTexture: Texture.WHITE.source,
      uSampler: new TextureStyle({}),
      // Replaced by the particle pipe's own uniforms at draw time.
      uniforms: {
        uTranslationMatrix: { value: new Matrix(), type: 'mat3x3<f32>' },
        uColor: { value: new Float32Array([1, 1, 1, 1]), type: 'vec4<f32>' },
        uRound: { value: 0, type: 'f32' },
        uResolution: { value: [0, 0], type: 'vec2<f32>' },
      },
      pinUniforms,
    },
  });
  return { shader, pinUniforms };
}
