import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import alea from 'alea';
import { SEED_IMAGE_COUNT, seedImageId } from './generate';

/**
 * Draws the demo images (small "screenshots": sky, hills and a glowing marker) as WebP into
 * `<dataDir>/images/<id>.webp`, where the image host serves `/images/<id>.webp`.
 */
export async function writeSeedImages(dataDir: string, seed: number): Promise<number> {
  const dir = join(dataDir, 'images');
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
  const rng = alea(`images-${seed}`);
  const w = 320;
  const h = 200;
  let written = 0;
  for (let n = 0; n < SEED_IMAGE_COUNT; n++) {
    const file = join(dir, `${seedImageId(n)}.webp`);
    const hue = Math.floor(rng() * 360);
    const hill = Math.floor(rng() * 360);
    const mx = 40 + Math.floor(rng() * (w - 80));
    const my = 60 + Math.floor(rng() * 80);
    const ridge = Array.from({ length: 9 }, (_, i) => `${(i * w) / 8},${110 + Math.floor(rng() * 50)}`).join(' ');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,35%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},70%,75%)"/></linearGradient>
<radialGradient id="g"><stop offset="0" stop-color="#fff6c0"/><stop offset="1" stop-color="#fff6c0" stop-opacity="0"/></radialGradient></defs>
<rect width="${w}" height="${h}" fill="url(#s)"/>
<polygon points="0,${h} ${ridge} ${w},${h}" fill="hsl(${hill},35%,28%)"/>
<circle cx="${mx}" cy="${my}" r="34" fill="url(#g)"/><circle cx="${mx}" cy="${my}" r="7" fill="#ffe27a"/>
</svg>`;
    await sharp(Buffer.from(svg)).webp({ quality: 70 }).toFile(file);
    written++;
  }
  return written;
}
