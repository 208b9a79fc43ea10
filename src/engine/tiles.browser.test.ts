// Tiles from the real server (/map through the test proxy): the right scale for a zoom, and the
// textures freed by a region switch to another tile set and by dispose.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MapEngine } from './MapEngine';
import { disposeTestEngines, makeTestEngine } from './test-support';

async function settle(engine: MapEngine, scale: 100 | 50 | 25): Promise<void> {
  await vi.waitFor(
    () => {
      engine.renderNow();
      expect(engine.getSnapshot().tilesLoading).toBe(0);
      expect(engine.debugInfo().tilesDrawn[scale]).toBeGreaterThan(0);
    },
    { timeout: 50_000, interval: 100 },
  );
}

afterEach(disposeTestEngines);

describe('tiles in Chromium from the real /map', () => {
  it('draws scale 100 at zoom 1, 50 at zoom 0.4 and 25 at zoom 0.2', async () => {
    const engine = await makeTestEngine();
    engine.setRegion(0);
    engine.setCamera({ x: 0, y: 1000, zoom: 1 });
    await settle(engine, 100);
    // 800×600 at zoom 1 plus the 256 px margin: 2×2 scale-100 tiles of 1024 at most (3×2 across a seam).
    expect(engine.debugInfo().tilesDrawn[100]).toBeLessThanOrEqual(6);
    // Every scale-100 tile in view is in: the backdrop under them stays loaded but is not drawn (half the pixels).
    expect(engine.debugInfo().tilesDrawn[25]).toBe(0);
    expect(engine.debugInfo().cache.textures).toBeGreaterThan(0);
    engine.setCamera({ zoom: 0.4 });
    await settle(engine, 50);
    expect(engine.debugInfo().tilesDrawn[100]).toBe(0);
    engine.setCamera({ zoom: 0.2 });
    await settle(engine, 25);
    expect(engine.debugInfo().tilesDrawn[50]).toBe(0);
  });

  it('keeps textures across regions sharing a tile set and frees them on a switch to another set and on dispose', async () => {
    const engine = await makeTestEngine();
    engine.setRegion(0);
    await settle(engine, 100);
    const huanglong = engine.debugInfo().textures;
    expect(huanglong.length).toBeGreaterThan(0);
    engine.setRegion(2); // rinascita: same tile set
    engine.renderNow();
    expect(huanglong.every((t) => !t.destroyed)).toBe(true);
    engine.setRegion(1); // blackshores: another tile set
    expect(huanglong.every((t) => t.destroyed)).toBe(true);
    await settle(engine, 50); // blackshores opens at level 2: zoom 0.5, scale 50
    const blackshores = engine.debugInfo().textures;
    expect(blackshores.length).toBeGreaterThan(0);
    expect(blackshores.some((t) => huanglong.includes(t))).toBe(false);
    engine.dispose();
    expect(blackshores.every((t) => t.destroyed)).toBe(true);
    expect(engine.debugInfo().atlasDestroyed).toBe(true);
    expect(engine.debugInfo().cache.textures).toBe(0);
  });
});
