// The installable app's icons (issue 21 item 4), drawn at build time from our own public/favicon.svg with sharp:
// no third-party art, and nothing binary kept in the repository.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Plugin } from 'vite';

/** The app's dark background (index.html's theme-color). */
export const THEME_COLOUR = '#161a21';

/** The icons the web manifest names, and the Apple touch icon. */
export const PWA_ICONS = [
  { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;
export const APPLE_TOUCH_ICON = 'icons/apple-touch-icon.png';

async function draw(svg: Buffer, size: number, inset: number): Promise<Buffer> {
  // Maskable and Apple icons are cropped by the system: the mark sits inside the safe zone on a full background.
  const inner = Math.round(size * (1 - 2 * inset));
  const mark = await sharp(svg, { density: 72 * Math.ceil(inner / 24) })
    .resize(inner, inner)
    .png()
    .toBuffer();
  if (inset === 0) return mark;
  return sharp({ create: { width: size, height: size, channels: 4, background: THEME_COLOUR } })
    .composite([{ input: mark, left: Math.round(size * inset), top: Math.round(size * inset) }])
    .png()
    .toBuffer();
}

/** Emits the PNG icons into the build (precached by the service worker with the rest of the shell). */
export function pwaIcons(svgPath: string): Plugin {
  return {
    name: 'wuwa-pwa-icons',
    apply: 'build',
    async generateBundle() {
      const svg = await readFile(svgPath);
      const out: [string, Buffer][] = [
        [PWA_ICONS[0].src, await draw(svg, 192, 0)],
        [PWA_ICONS[1].src, await draw(svg, 512, 0)],
        [PWA_ICONS[2].src, await draw(svg, 512, 0.1)],
        [APPLE_TOUCH_ICON, await draw(svg, 180, 0.08)],
      ];
      for (const [fileName, source] of out) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
