// The pins' particle shader: Pixi's particle shader with three changes. Pins keep their size on
// screen whatever the zoom, so the quad's corner offsets (aVertex) are scaled by a uniform
// (uPinScale = pin size / zoom) instead of living in world units. The particle's rotation, which
// pins never use, carries the pin's layout level (workers/pins/pin-layout.ts): the shader drops
// a pin whose level is above the camera's (uLevel) — for aggregates, any level but uLevel. And
// uUvShift/uDot switch every pin from its icon to its dot frame. Zooming and panning change
// uniforms only and re-upload nothing.
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
uniform float uDot;
varying vec2 vUV;
varying vec4 vColor;
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
  vUV = aUV + vec2(0.0, uUvShift);
  vColor = vec4(aColor.rgb * aColor.a, aColor.a) * uColor;
}`;

const fragment = `varying vec2 vUV;
varying vec4 vColor;
uniform sampler2D uTexture;
void main(void) {
  gl_FragColor = texture2D(uTexture, vUV) * vColor;
}`;

const wgsl = `
struct ParticleUniforms { uTranslationMatrix: mat3x3<f32>, uColor: vec4<f32>, uRound: f32, uResolution: vec2<f32> };
struct PinUniforms { uPinScale: f32, uLevel: f32, uUvShift: f32, uDot: f32 };
@group(0) @binding(0) var<uniform> uniforms: ParticleUniforms;
@group(1) @binding(0) var uTexture: texture_2d<f32>;
@group(1) @binding(1) var uSampler: sampler;
@group(2) @binding(0) var<uniform> pinUniforms: PinUniforms;
struct VSOutput { @builtin(position) position: vec4<f32>, @location(0) uv: vec2<f32>, @location(1) color: vec4<f32> };
@vertex
fn mainVertex(@location(0) aVertex: vec2<f32>, @location(1) aPosition: vec2<f32>, @location(2) aUV: vec2<f32>,
              @location(3) aColor: vec4<f32>, @location(4) aRotation: f32) -> VSOutput {
  if (HIDDEN_WGSL) {
    return VSOutput(vec4(2.0, 2.0, 0.0, 1.0), aUV, vec4(0.0));
  }
  let c = aVertex * pinUniforms.uPinScale + vec2(0.0, pinUniforms.uDot * pinUniforms.uPinScale);
  let v = c + aPosition;
  let position = vec4((uniforms.uTranslationMatrix * vec3(v, 1.0)).xy, 0.0, 1.0);
  return VSOutput(position, aUV + vec2(0.0, pinUniforms.uUvShift), vec4(aColor.rgb * aColor.a, aColor.a) * uniforms.uColor);
}
@fragment
fn mainFragment(@location(0) uv: vec2<f32>, @location(1) color: vec4<f32>) -> @location(0) vec4<f32> {
  return textureSample(uTexture, uSampler, uv) * color;
}`;

/** The per-frame uniforms of the pin and aggregate shaders. */
export type PinUniformGroup = UniformGroup<{
  uPinScale: { value: number; type: 'f32' };
  uLevel: { value: number; type: 'f32' };
  uUvShift: { value: number; type: 'f32' };
  uDot: { value: number; type: 'f32' };
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
  });
  const hidden = kind === 'pins' ? 'aRotation > uLevel + 0.5' : 'abs(aRotation - uLevel) > 0.5';
  const hiddenWgsl = kind === 'pins' ? 'aRotation > pinUniforms.uLevel + 0.5' : 'abs(aRotation - pinUniforms.uLevel) > 0.5';
  const source = wgsl.replace('HIDDEN_WGSL', hiddenWgsl);
  const shader = new Shader({
    glProgram: GlProgram.from({ vertex: vertex.replace('HIDDEN', hidden), fragment, name: `pin-particles-${kind}` }),
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
