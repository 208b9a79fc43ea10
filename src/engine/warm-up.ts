// The programs the map's first frames draw with, compiled and linked once the renderer has started
// (renderer-start.ts), while the page's data is still on its way: the tiles' and sprites' batch program
// and the pin and aggregate programs. On a software GPU each link holds the main thread for 0.1–0.2 s,
// which the first frame with pins used to pay. Pixi keys a compiled program by its source, so the
// layers' own shaders (pin-shader.ts) find these ready.
import { Container, ParticleContainer, RenderTexture, Sprite, Texture, type Renderer } from 'pixi.js';
import { createPinShader } from './pin-shader';
import { PlainParticle } from './pin-style';
import { pinVertexProperties } from './pin-vertices';

const ONE_PIN = { x: [0], y: [0], pinOfSlot: [0], meta: [0], color: [-1] };

/** Draws one sprite and one particle of each pin program into a 1×1 texture, then lets them go. */
export function warmUpPrograms(renderer: Renderer): void {
  const target = RenderTexture.create({ width: 1, height: 1 });
  const scene = new Container();
  scene.addChild(new Sprite(Texture.WHITE));
  for (const kind of ['pins', 'aggregates'] as const) {
    const { shader } = createPinShader(kind);
    const particles = new ParticleContainer({
      texture: Texture.WHITE,
      shader,
      dynamicProperties: { vertex: false, position: false, rotation: false, uvs: false, color: false },
    });
    // The pin program's attributes are the pins' own layout (pin-vertices.ts), as PinLayer's container has them.
    if (kind === 'pins') particles._properties = pinVertexProperties(() => ONE_PIN);
    particles.addParticle(new PlainParticle(Texture.WHITE));
    scene.addChild(particles);
  }
  renderer.render({ container: scene, target });
  // The particle containers take their shaders with them; the compiled programs stay with the renderer.
  scene.destroy({ children: true });
  target.destroy(true);
}
