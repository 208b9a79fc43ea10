// The pins' particle shader: Pixi's particle shader with one change. Pins keep their size on
// screen whatever the zoom, so the quad's corner offsets (aVertex) are scaled by a uniform
// (uPinScale = pin size / zoom) instead of living in world units. Zooming changes one uniform
// and re-uploads nothing.
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
varying vec2 vUV;
varying vec4 vColor;
vec2 roundPixels(vec2 position, vec2 targetSize) {
  return (floor(((position * 0.5 + 0.5) * targetSize) + 0.5) / targetSize) * 2.0 - 1.0;
}
void main(void) {
  vec2 c = aVertex * uPinScale;
  float cr = cos(aRotation);
  float sr = sin(aRotation);
  vec2 v = vec2(c.x * cr - c.y * sr, c.x * sr + c.y * cr) + aPosition;
  gl_Position = vec4((uTranslationMatrix * vec3(v, 1.0)).xy, 0.0, 1.0);
  if (uRound == 1.0) gl_Position.xy = roundPixels(gl_Position.xy, uResolution);
  vUV = aUV;
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
struct PinUniforms { uPinScale: f32 };
@group(0) @binding(0) var<uniform> uniforms: ParticleUniforms;
@group(1) @binding(0) var uTexture: texture_2d<f32>;
@group(1) @binding(1) var uSampler: sampler;
@group(2) @binding(0) var<uniform> pinUniforms: PinUniforms;
struct VSOutput { @builtin(position) position: vec4<f32>, @location(0) uv: vec2<f32>, @location(1) color: vec4<f32> };
@vertex
fn mainVertex(@location(0) aVertex: vec2<f32>, @location(1) aPosition: vec2<f32>, @location(2) aUV: vec2<f32>,
              @location(3) aColor: vec4<f32>, @location(4) aRotation: f32) -> VSOutput {
  let c = aVertex * pinUniforms.uPinScale;
  let v = vec2(c.x * cos(aRotation) - c.y * sin(aRotation), c.x * sin(aRotation) + c.y * cos(aRotation)) + aPosition;
  let position = vec4((uniforms.uTranslationMatrix * vec3(v, 1.0)).xy, 0.0, 1.0);
  return VSOutput(position, aUV, vec4(aColor.rgb * aColor.a, aColor.a) * uniforms.uColor);
}
@fragment
fn mainFragment(@location(0) uv: vec2<f32>, @location(1) color: vec4<f32>) -> @location(0) vec4<f32> {
  return textureSample(uTexture, uSampler, uv) * color;
}`;

/** A pin shader and the uniform group whose uPinScale the pin layer sets each frame. */
export function createPinShader(): { shader: Shader; pinUniforms: UniformGroup<{ uPinScale: { value: number; type: 'f32' } }> } {
  const pinUniforms = new UniformGroup({ uPinScale: { value: 1, type: 'f32' } });
  const shader = new Shader({
    glProgram: GlProgram.from({ vertex, fragment, name: 'pin-particles' }),
    gpuProgram: GpuProgram.from({ vertex: { source: wgsl, entryPoint: 'mainVertex' }, fragment: { source: wgsl, entryPoint: 'mainFragment' } }),
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
