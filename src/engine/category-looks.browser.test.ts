// Categories' own icons and colours in the pin atlas (issue 20 item 3), on a real engine in Chromium
// (WebGL): 512 categories with raster icons and 16 with a colour only go into one texture; all pins
// stay one draw call (≤ 8 a pan frame in all) and a pan uploads nothing new; each pin shows its
// category's raster or colour, found pins are greyed, dots take the category colour.
import { commands } from 'vitest/browser';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MapEngine } from './MapEngine';
import { emptyPins } from '../../common/pin-buffers';
import { PinFlag } from './types';
import { pinSizeFactor } from './PinLayer';

const RASTERS = 512;
const COLOURED = 16;
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});
const blobUrls: string[] = [];
afterAll(() => {
  for (const u of blobUrls.splice(0)) URL.revokeObjectURL(u);
});

/** A distinct, bright colour per category. */
function colourOf(k: number): [number, number, number] {
  const h = (k * 137.508) % 360;
  const c = document.createElement('canvas').getContext('2d')!;
  c.fillStyle = `hsl(${h}, 80%, ${k % 2 ? 55 : 45}%)`;
  const v = parseInt((c.fillStyle as string).slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}
const cssHex = (rgb: number[]) => '#' + rgb.map((v) => v.toString(16).padStart(2, '0')).join('');

/** A 64×64 PNG icon: a solid square of the category's colour with a white ring (a blob URL). */
async function rasterIcon(k: number): Promise<string> {
  const c = new OffscreenCanvas(64, 64);
  const ctx = c.getContext('2d')!;
  ctx.fillStyle = cssHex(colourOf(k));
  ctx.fillRect(0, 0, 64, 64);
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 6;
  ctx.beginPath();
  ctx.arc(32, 32, 22, 0, Math.PI * 2);
  ctx.stroke();
  const url = URL.createObjectURL(await c.convertToBlob({ type: 'image/png' }));
  blobUrls.push(url);
  return url;
}

async function makeEngine(w: number, h: number): Promise<MapEngine> {
  const el = document.createElement('div');
  el.style.cssText = `width:${w}px;height:${h}px;position:fixed;left:0;top:0`;
  document.body.appendChild(el);
  const engine = await MapEngine.create({ container: el, preference: 'webgl', resolution: 1, background: 0x1a2230 });
  cleanups.push(() => {
    engine.dispose();
    el.remove();
  });
  return engine;
}

/** Looks of 512 raster categories (ids 1..512), 16 colour-only ones (513..528) and 4 plain ones (529..532). */
async function makeLooks() {
  const out: { id: number; icon: number; color?: string | null; iconUrl?: string | null }[] = [];
  for (let k = 1; k <= RASTERS; k++) out.push({ id: k, icon: k % 48, iconUrl: await rasterIcon(k) });
  for (let k = RASTERS + 1; k <= RASTERS + COLOURED; k++) out.push({ id: k, icon: 4, color: cssHex(colourOf(k)) });
  for (let k = RASTERS + COLOURED + 1; k <= RASTERS + COLOURED + 4; k++) out.push({ id: k, icon: k % 48 });
  return out;
}

/** One pin per category on a grid `gap` world units apart around (0, 0). */
function gridPins(categories: { id: number; icon: number }[], cols: number, gap: number) {
  const b = emptyPins(categories.length);
  const rows = Math.ceil(categories.length / cols);
  categories.forEach((c, i) => {
    b.ids[i] = 10_000 + c.id;
    b.x[i] = ((i % cols) - (cols - 1) / 2) * gap;
    b.y[i] = (Math.floor(i / cols) - (rows - 1) / 2) * gap + gap / 2;
    b.z[i] = NaN;
    b.icon[i] = c.icon;
    b.category[i] = c.id;
  });
  return b;
}

/** Counts draw calls, buffer bytes and texture uploads on the engine's WebGL context. */
function countGl(canvas: HTMLCanvasElement) {
  const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGL2RenderingContext;
  const c = { draws: 0, bytes: 0, textures: 0 };
  const rec = gl as unknown as Record<string, (...a: unknown[]) => unknown>;
  const wrap = (name: string, fn: (a: unknown[]) => void) => {
    const orig = rec[name];
    if (!orig) return;
    rec[name] = (...a: unknown[]) => {
      fn(a);
      return orig.apply(gl, a);
    };
    cleanups.push(() => delete rec[name]);
  };
  for (const d of ['drawElements', 'drawArrays', 'drawElementsInstanced', 'drawArraysInstanced']) wrap(d, () => c.draws++);
  const size = (a: unknown) => (typeof a === 'number' ? a : ArrayBuffer.isView(a) ? a.byteLength : 0);
  wrap('bufferData', (a) => (c.bytes += size(a[1])));
  wrap('bufferSubData', (a) => (c.bytes += size(a[2])));
  for (const t of ['texImage2D', 'texSubImage2D', 'texStorage2D']) wrap(t, () => c.textures++);
  return c;
}

function pixelAt(engine: MapEngine, w: number, h: number, x: number, y: number): number[] {
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  const ctx = c.getContext('2d')!;
  ctx.drawImage(engine.canvas, 0, 0);
  return [...ctx.getImageData(Math.round(x), Math.round(y), 1, 1).data.slice(0, 3)];
}

let cachedLooks: Awaited<ReturnType<typeof makeLooks>> | null = null;
const looks = async () => (cachedLooks ??= await makeLooks());

const near = (a: number[], b: number[], tol = 40) => a.every((v, k) => Math.abs(v - b[k]!) < tol);

async function screenshot(engine: MapEngine, w: number, h: number, path: string): Promise<void> {
  engine.renderNow();
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  c.getContext('2d')!.drawImage(engine.canvas, 0, 0);
  await commands.writeFile(path, c.toDataURL('image/png').split(',')[1]!, 'base64');
}

describe('category icons and colours in the pin atlas', () => {
  it(
    'packs 512 raster icons and 16 colours into one texture; all pins stay one draw call, a pan uploads no new atlas',
    { timeout: 120_000 },
    async () => {
      const W = 1440;
      const H = 900;
      const engine = await makeEngine(W, H);
      const all = await looks();
      engine.setPins(gridPins(all, 38, 38));
      engine.setCamera({ x: 0, y: 0, zoom: 1 });
      engine.renderNow();
      const before = engine.debugInfo().atlas;
      expect(before.slots).toBe(3 + 48);
      expect([before.width, before.height]).toEqual([2048, 256]);
      await engine.setCategoryLooks(all);
      const info = engine.debugInfo();
      // 3 look frames + 48 glyphs + 528 categories with their own look; 2048×2048 (16 MiB), one source.
      expect(info.atlas.slots).toBe(3 + 48 + RASTERS + COLOURED);
      expect([info.atlas.width, info.atlas.height]).toEqual([2048, 2048]);
      expect(info.atlas.pinSources).toBe(1);
      // The same list again changes nothing (no redraw).
      await engine.setCategoryLooks(all);
      expect(engine.debugInfo().atlas.version).toBe(info.atlas.version);
      engine.renderNow();
      await screenshot(engine, W, H, '.tmp/category-looks/atlas-1440x900.png');
      // Pan frames: every pin is one draw call; nothing but the pins' uniforms changes.
      const gl = countGl(engine.canvas);
      const frames: { draws: number; bytes: number; textures: number }[] = [];
      for (let k = 1; k <= 6; k++) {
        const c0 = { ...gl };
        engine.setCamera({ x: k * 17, y: -k * 11, zoom: 1 });
        engine.renderNow();
        frames.push({ draws: gl.draws - c0.draws, bytes: gl.bytes - c0.bytes, textures: gl.textures - c0.textures });
      }
      // (Texture uploads in a pan frame are map tiles arriving; the atlas is not redrawn: its version holds.)
      for (const f of frames) {
        expect(f.draws).toBeGreaterThan(0);
        expect(f.draws).toBeLessThanOrEqual(8);
        expect(f.bytes).toBeLessThanOrEqual(16 * 1024);
      }
      expect(engine.debugInfo().atlas.version).toBe(info.atlas.version);
      console.log(`category looks: pan frames ${JSON.stringify(frames)}; atlas ${JSON.stringify(info.atlas)}`);
    },
  );

  it(
    "shows each pin its category's raster or colour, greys found ones, and dots take the category colour",
    { timeout: 120_000 },
    async () => {
      const W = 800;
      const H = 600;
      const engine = await makeEngine(W, H);
      const all = await looks();
      const raster = all[6]!; // id 7: a raster icon
      const coloured = all[RASTERS + 2]!; // a colour only, glyph 4 (plus)
      const b = emptyPins(3);
      const put = (i: number, id: number, x: number, c: { id: number; icon: number }, icon = c.icon) => {
        b.ids[i] = id;
        b.x[i] = x;
        b.y[i] = 0;
        b.z[i] = NaN;
        b.icon[i] = icon;
        b.category[i] = c.id;
      };
      put(0, 1, 0, raster);
      put(1, 2, 200, coloured);
      // A pin of the raster category carrying another glyph of its own keeps that glyph.
      put(2, 3, -200, raster, (raster.icon + 5) % 48);
      engine.setPins(b);
      engine.setCamera({ x: 0, y: 0, zoom: 1 });
      await engine.setCategoryLooks(all);
      engine.renderNow();
      const f = pinSizeFactor(1, false);
      // Inside the disc, off its centre ring: (10, 9) of the 32-unit cell.
      const at = (dx: number, ux: number, uy: number) => pixelAt(engine, W, H, W / 2 + dx + (ux - 16) * f, H / 2 + (uy - 32) * f);
      expect(near(at(0, 16, 13), colourOf(raster.id)), `raster centre ${at(0, 16, 13)} vs ${colourOf(raster.id)}`).toBe(true);
      expect(near(at(200, 10, 7), colourOf(coloured.id)), `coloured disc ${at(200, 10, 7)}`).toBe(true);
      expect(Math.min(...at(200, 16, 13))).toBeGreaterThan(200); // its white plus glyph
      expect(near(at(-200, 16, 13), colourOf(raster.id))).toBe(false);
      // Found: greyed (the raster's colour gone), with the green check at the lower right.
      engine.setPinFlags([1], PinFlag.Checked, true);
      engine.renderNow();
      const grey = at(0, 16, 13);
      expect(Math.max(...grey) - Math.min(...grey)).toBeLessThan(40);
      const check = at(0, 27, 19);
      expect(check[1]!).toBeGreaterThan(check[0]! + 40);
      // Far out the pins are dots in their category's colour (moved apart so the dots do not touch).
      b.x[1] = 3200;
      b.x[2] = -3200;
      engine.setPins(b);
      engine.setCamera({ x: 0, y: 0, zoom: 1 / 16 });
      engine.renderNow();
      const fd = pinSizeFactor(1 / 16, false);
      const dotPx = pixelAt(engine, W, H, W / 2 + 200, H / 2 - 4 * fd);
      expect(near(dotPx, colourOf(coloured.id), 50), `dot ${dotPx}`).toBe(true);
      expect(near(pixelAt(engine, W, H, W / 2, H / 2 - 4 * fd), colourOf(raster.id), 50)).toBe(false); // found: grey
      // A category with an icon but no colour: its dot takes the icon's average colour (here its fill, a fifth of it white ring).
      engine.setPinFlags([1], PinFlag.Checked, false);
      engine.renderNow();
      const avg = colourOf(raster.id).map((v) => v * 0.8 + 255 * 0.2);
      const rasterDot = pixelAt(engine, W, H, W / 2, H / 2 - 4 * fd);
      expect(near(rasterDot, avg, 60), `raster dot ${rasterDot} vs ${avg}`).toBe(true);
    },
  );

  it('looks right at 3840×2160 (screenshot)', { timeout: 120_000 }, async () => {
    const engine = await makeEngine(3840, 2160);
    const all = await looks();
    engine.setPins(gridPins(all, 38, 38));
    engine.setCamera({ x: 0, y: 0, zoom: 2 });
    await engine.setCategoryLooks(all);
    engine.setPinFlags([10_003, 10_020, 10_515], PinFlag.Checked, true);
    engine.setSelection([10_010]);
    await screenshot(engine, 3840, 2160, '.tmp/category-looks/atlas-3840x2160.png');
  });
});
