import { afterEach, describe, expect, it } from 'vitest';
import { Application, Sprite, Texture } from 'pixi.js';

const TILE = '/map/huanglong/100/tile_0_0.webp';
const SIZE = 1024;

/** The tile decoded by the browser's own image decoder (the reference colours). */
async function decodeReference(blob: Blob): Promise<ImageData> {
  const bmp = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(bmp.width, bmp.height);
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(bmp, 0, 0);
  return ctx.getImageData(0, 0, bmp.width, bmp.height);
}

describe('huanglong tile in PixiJS (real server, WebGL)', () => {
  let app: Application | undefined;
  afterEach(() => {
    app?.destroy(true, { children: true, texture: true });
    app = undefined;
  });

  it('renders the served tile with a Sprite and reads back its own colours', async () => {
    const res = await fetch(TILE);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const blob = await res.blob();
    const ref = await decodeReference(blob);
    expect([ref.width, ref.height]).toEqual([SIZE, SIZE]);

    app = new Application();
    await app.init({ preference: 'webgl', width: SIZE, height: SIZE, background: '#000000', antialias: false });
    expect(app.renderer.name).toBe('webgl');
    document.body.appendChild(app.canvas);
    const texture = Texture.from(await createImageBitmap(blob));
    const sprite = new Sprite(texture);
    app.stage.addChild(sprite);
    app.render();

    const { pixels, width, height } = app.renderer.extract.pixels(app.stage);
    expect([width, height]).toEqual([SIZE, SIZE]);

    // Not blank: many distinct colours, none of them the black background.
    const colours = new Set<number>();
    for (let i = 0; i < pixels.length; i += 4 * 97) colours.add((pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]!);
    expect(colours.size).toBeGreaterThan(50);

    // Same colours as the decoded image at a spread of points (WebGL may round by a step or two).
    const points = [
      [0, 0],
      [511, 511],
      [1023, 1023],
      [100, 900],
      [900, 100],
      [333, 777],
      [640, 320],
    ] as const;
    for (const [x, y] of points) {
      const o = (y * SIZE + x) * 4;
      for (let ch = 0; ch < 3; ch++) {
        expect(Math.abs(pixels[o + ch]! - ref.data[o + ch]!), `(${x},${y}) channel ${ch}`).toBeLessThanOrEqual(3);
      }
      expect(pixels[o + 3]).toBe(255);
    }
  });

  it('serves tiles from the same origin as the app with browser-cacheable headers', async () => {
    const res = await fetch('/map/huanglong/25/tile_0_0.webp');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('max-age=86400');
    const missing = await fetch('/map/huanglong/100/tile_999_0.webp');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ status: 404, error: { errClazz: 'not_found' } });
  });
});
