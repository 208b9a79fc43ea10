import { mkdir, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

/** Accepted image kinds: extension → content type. Anything else is refused. */
export const IMAGE_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' } as const;
export type ImageExt = keyof typeof IMAGE_TYPES;

/** Upload size limit in bytes (10 MiB). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Largest accepted picture (width × height, all frames): decoding is refused past this. */
export const MAX_IMAGE_PIXELS = 24_000_000;
/** Stored pictures are scaled down to fit this many pixels on their longer side (a viewer decodes at most ~16 MB). */
export const MAX_IMAGE_SIDE = 2048;

/** Stored file names: 12 random alphanumerics and one of our extensions; nothing else is ever served. */
export const STORED_NAME = /^[A-Za-z0-9]{12}\.(png|jpg|webp|gif)$/;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The folder of uploaded images. */
export function imagesDir(dataDir: string): string {
  return join(dataDir, 'images');
}

function newId(): string {
  const bytes = randomBytes(12);
  let id = '';
  for (const b of bytes) id += ALPHABET[b % ALPHABET.length];
  return id;
}

/** Writes the bytes under a fresh random id (never overwriting) and returns that id. */
export async function storeImage(dataDir: string, ext: ImageExt, bytes: Buffer): Promise<string> {
  const dir = imagesDir(dataDir);
  await mkdir(dir, { recursive: true });
  for (;;) {
    const id = newId();
    try {
      await writeFile(join(dir, `${id}.${ext}`), bytes, { flag: 'wx', mode: 0o644 });
      return id;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
}
