// The pins' and aggregates' particle shaders: Pixi's particle shader with these changes. Markers keep their size
// on screen whatever the zoom, so the quad's corner offsets are scaled by a uniform (uPinScale = pin size / zoom)
// instead of living in world units. Each marker carries its layout level (workers/pins/pin-layout.ts): the shader
// drops a pin whose level is above the camera's (uLevel), an aggregate at any level but uLevel. And
// uUvScale/uUvShift/uDot switch every marker from its icon to its dot frame (an affine map of the uvs into the
// atlas's half-scale dot block). Zooming and panning change uniforms only and re-upload nothing.
//
// Aggregates use Pixi's particle layout (corner offsets, uvs and the level in the unused rotation). Pins use their
// own, half its size (pin-vertices.ts): one float per vertex names the corner, the enlarged bit, the level and the
// atlas slot, and the shader makes the corner offset and the uvs from them and the atlas's cell size (uCellU,
// uCellV, uCols).
//
// For pins the particle's tint is no colour but the pin's look (IconAtlas.lookTint): selected and
// highlighted draw a halo frame behind the icon, found greys the icon and puts the badge frame over it,
// dimmed darkens it. The shared frames sit at slots 0..2 of the atlas; the fragment finds them from the
// quad's corner (vLocal) and the cell size, so the atlas needs one frame per icon, not one per icon and look
// (512 categories fit one texture). The look rides in the tint's red (255 - 32·look) and green (0: dimmed).
import { GlProgram, GpuProgram, Matrix, Shader, Texture, TextureStyle, UniformGroup } from 'pixi.js';

// Both vertex shaders' uniforms (Pixi's particle uniforms, then the layer's) and Pixi's pixel rounding.
const vertexHeader = `uniform mat3 uTranslationMatrix;
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
vec2 roundPixels(vec2 position, vec2 targetSize) {
  return (floor(((position * 0.5 + 0.5) * targetSize) + 0.5) / targetSize) * 2.0 - 1.0;
}
`;

// The aggregates' vertex: Pixi's particle layout, the level in the rotation.
const vertex = `attribute vec2 aVertex;
attribute vec2 aUV;
attribute vec4 aColor;
attribute vec2 aPosition;
attribute float aRotation;
${vertexHeader}void main(void) {
  if (abs(aRotation - uLevel) > 0.5) {
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
  vColor = vec4(aColor.rgb * aColor.a, aColor.a) * uColor;
}`;

// The pins' vertex (pin-vertices.ts): aMeta = corner + 4·enlarged + 8·level + 2048·slot. The corner (0..3, in
// Pixi's quad order) gives the offset from the pin's tip, scaled 1.2 when enlarged, and the uv within the slot's
// atlas cell (column slot % uCols, row slot / uCols; uCellU × uCellV each).
const pinVertex = `attribute vec2 aPosition;
attribute float aMeta;
attribute vec4 aColor;
${vertexHeader}uniform highp float uCellU;
uniform highp float uCellV;
uniform float uCols;
varying vec2 vLocal;
varying float vLook;
varying float vDim;
void main(void) {
  highp float slot = floor(aMeta / 2048.0 + 0.0001);
  highp float rest = aMeta - slot * 2048.0;
  float level = floor(rest / 8.0 + 0.0001);
  rest -= level * 8.0;
  float enlarged = floor(rest / 4.0 + 0.0001);
  float corner = rest - enlarged * 4.0;
  if (level > uLevel + 0.5) {
    gl_Position = vec4(2.0, 2.0, 0.0, 1.0);
    vUV = vec2(0.0);
    vLocal = vec2(0.0);
    vLook = 0.0;
    vDim = 0.0;
    vColor = vec4(0.0);
    return;
  }
  vec2 local = vec2(corner > 0.5 && corner < 2.5 ? 1.0 : 0.0, corner > 1.5 ? 1.0 : 0.0);
  vec2 offset = (local * 32.0 - vec2(16.0, 32.0)) * (enlarged > 0.5 ? 1.2 : 1.0);
  vec2 c = offset * uPinScale;
  c.y += uDot * uPinScale;
  vec2 v = c + aPosition;
  gl_Position = vec4((uTranslationMatrix * vec3(v, 1.0)).xy, 0.0, 1.0);
  if (uRound == 1.0) gl_Position.xy = roundPixels(gl_Position.xy, uResolution);
  highp float row = floor(slot / uCols + 0.0001);
  highp vec2 cell = vec2(slot - row * uCols, row);
  vUV = (cell + local) * vec2(uCellU, uCellV) * uUvScale + vec2(0.0, uUvShift);
  vLocal = local;
  vLook = floor((1.0 - aColor.r) * 255.0 / 32.0 + 0.5);
  vDim = step(aColor.g, 0.5);
  vColor = vec4(aColor.a) * uColor;
}`;

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
struct PinUniforms { uPinScale: f32, uLevel: f32, uUvShift: f32, uDot: f32, uUvScale: f32, uCellU: f32, uCellV: f32, uCols: f32 };
@group(0) @binding(0) var<uniform> uniforms: ParticleUniforms;
@group(1) @binding(0) var uTexture: texture_2d<f32>;
@group(1) @binding(1) var uSampler: sampler;
@group(2) @binding(0) var<uniform> pinUniforms: PinUniforms;
struct VSOutput {
  @builtin(position) position: vec4<f32>, @location(0) uv: vec2<f32>, @location(1) color: vec4<f32>,
  @location(2) local: vec2<f32>, @location(3) look: f32, @location(4) dim: f32,
};
VERTEX_WGSL
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

const wgslAggregateVertex = `@vertex
fn mainVertex(@location(0) aVertex: vec2<f32>, @location(1) aPosition: vec2<f32>, @location(2) aUV: vec2<f32>,
              @location(3) aColor: vec4<f32>, @location(4) aRotation: f32) -> VSOutput {
  if (abs(aRotation - pinUniforms.uLevel) > 0.5) {
    return VSOutput(vec4(2.0, 2.0, 0.0, 1.0), aUV, vec4(0.0), vec2(0.0), 0.0, 0.0);
  }
  let c = aVertex * pinUniforms.uPinScale + vec2(0.0, pinUniforms.uDot * pinUniforms.uPinScale);
  let v = c + aPosition;
  let position = vec4((uniforms.uTranslationMatrix * vec3(v, 1.0)).xy, 0.0, 1.0);
  let uv = aUV * pinUniforms.uUvScale + vec2(0.0, pinUniforms.uUvShift);
  let local = vec2(step(0.0, aVertex.x), step(-0.001, aVertex.y));
  return VSOutput(position, uv, vec4(aColor.rgb * aColor.a, aColor.a) * uniforms.uColor, local, 0.0, 0.0);
}
`;
const wgslPinVertex = `@vertex
fn mainVertex(@location(0) aPosition: vec2<f32>, @location(1) aMeta: f32, @location(2) aColor: vec4<f32>) -> VSOutput {
  let slot = floor(aMeta / 2048.0 + 0.0001);
  var rest = aMeta - slot * 2048.0;
  let level = floor(rest / 8.0 + 0.0001);
  rest -= level * 8.0;
  let enlarged = floor(rest / 4.0 + 0.0001);
  let corner = rest - enlarged * 4.0;
  if (level > pinUniforms.uLevel + 0.5) {
    return VSOutput(vec4(2.0, 2.0, 0.0, 1.0), vec2(0.0), vec4(0.0), vec2(0.0), 0.0, 0.0);
  }
  let local = vec2(select(0.0, 1.0, corner > 0.5 && corner < 2.5), select(0.0, 1.0, corner > 1.5));
  let offset = (local * 32.0 - vec2(16.0, 32.0)) * select(1.0, 1.2, enlarged > 0.5);
  let c = offset * pinUniforms.uPinScale + vec2(0.0, pinUniforms.uDot * pinUniforms.uPinScale);
  let v = c + aPosition;
  let position = vec4((uniforms.uTranslationMatrix * vec3(v, 1.0)).xy, 0.0, 1.0);
  let row = floor(slot / pinUniforms.uCols + 0.0001);
  let cell = vec2(slot - row * pinUniforms.uCols, row);
  let uv = (cell + local) * vec2(pinUniforms.uCellU, pinUniforms.uCellV) * pinUniforms.uUvScale + vec2(0.0, pinUniforms.uUvShift);
  let look = floor((1.0 - aColor.r) * 255.0 / 32.0 + 0.5);
  let dim = step(aColor.g, 0.5);
  return VSOutput(position, uv, vec4(aColor.a) * uniforms.uColor, local, look, dim);
}
`;
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
  uCols: { value: number; type: 'f32' };
}>;

/**
 * A marker shader and the uniform group the layer sets each frame. 'pins' draws a pin (pin-vertices.ts) from its
 * level on; 'aggregates' draws a particle only at its level (its rotation).
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
    uCols: { value: 1, type: 'f32' },
  });
  const pins = kind === 'pins';
  const source = wgsl
    .replace('VERTEX_WGSL', pins ? wgslPinVertex : wgslAggregateVertex)
    .replace('WGSL_FRAGMENT', pins ? wgslPinFragment : wgslPlainFragment);
  const shader = new Shader({
    glProgram: GlProgram.from({
      vertex: pins ? pinVertex : vertex,
      fragment: pins ? pinFragment : fragment,
      name: `pin-particles-${kind}`,
    }),
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
