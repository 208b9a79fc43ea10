// Category icons (issue 20 item 3): an admin upload or an import file's `iconImage` becomes a 64×64
// WebP stored with its category (migration 016). The bytes are checked as the image host checks
// uploads (the real type read from the bytes, the pixel count read from the header before decoding)
// and always re-encoded, so nothing of the original file (metadata, animation, odd colour profiles)
// reaches a player.
import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { ApiError, ErrClazz } from '../http/errors';

/** Largest accepted icon file: 256 KiB (a 64×64 icon needs a few KiB; real game icons are under 40 KiB). */
export const MAX_ICON_BYTES = 256 * 1024;
/** Stored icons are this many pixels a side (the map's atlas cell at 2×). */
export const ICON_SIDE = 64;
/** Largest accepted picture before decoding (width × height): 4096 × 4096. */
export const MAX_ICON_PIXELS = 4096 * 4096;

/** Korean messages of icon uploads and imports. */
export const IconMessages = {
  noFile: '아이콘 파일을 첨부해 주세요.',
  badType: '아이콘은 PNG 또는 WebP 파일만 올릴 수 있습니다.',
  tooLarge: `아이콘 파일이 너무 큽니다. ${MAX_ICON_BYTES / 1024} KiB 이하만 올릴 수 있습니다.`,
  unreadable: '아이콘 이미지를 읽을 수 없습니다. 손상된 파일인지 확인해 주세요.',
  tooManyPixels: '아이콘 이미지의 해상도가 너무 큽니다. 4096×4096 이하만 올릴 수 있습니다.',
  colorInvalid: '색은 #RRGGBB 형식으로 입력해 주세요.',
  notFound: '아이콘을 찾을 수 없습니다.',
} as const;

/** A re-encoded icon: the WebP bytes and their version (first 16 hex digits of SHA-256). */
export interface CategoryIcon {
  webp: Buffer;
  hash: string;
}

/** The version of stored icon bytes. */
export function iconHash(webp: Uint8Array): string {
  return createHash('sha256').update(webp).digest('hex').slice(0, 16);
}

/** The public, immutable URL of a category's icon version (under the API prefix). */
export function iconUrl(categoryId: number, hash: string | null): string | null {
  return hash ? `/api/v1/category/${categoryId}/icon/${hash}.webp` : null;
}

/**
 * Checks and re-encodes an icon file: PNG or WebP by its bytes, at most MAX_ICON_BYTES, readable,
 * at most MAX_ICON_PIXELS; the first frame only, fitted (aspect kept, transparent margins) into
 * ICON_SIDE × ICON_SIDE and encoded as WebP. Refusals are ApiErrors with Korean messages.
 */
export async function prepareCategoryIcon(bytes: Uint8Array | null | undefined): Promise<CategoryIcon> {
  if (!bytes || bytes.length === 0) throw ApiError.badRequest(IconMessages.noFile, 'no icon bytes');
  if (bytes.length > MAX_ICON_BYTES) throw new ApiError(413, ErrClazz.tooLarge, IconMessages.tooLarge, `icon of ${bytes.length} bytes`);
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kind = await fileTypeFromBuffer(buf);
  if (kind?.ext !== 'png' && kind?.ext !== 'webp')
    throw new ApiError(415, ErrClazz.unsupportedMedia, IconMessages.badType, `icon type ${kind?.mime ?? 'unknown'}`);
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(buf, { limitInputPixels: false }).metadata();
  } catch (e) {
    throw ApiError.badRequest(IconMessages.unreadable, `icon metadata: ${(e as Error).message}`);
  }
  if (!meta.width || !meta.height) throw ApiError.badRequest(IconMessages.unreadable, 'icon without a size');
  if (meta.width * meta.height > MAX_ICON_PIXELS)
    throw ApiError.badRequest(IconMessages.tooManyPixels, `icon ${meta.width}×${meta.height}`);
  let webp: Buffer;
  try {
    webp = await sharp(buf, { limitInputPixels: MAX_ICON_PIXELS, failOn: 'error' })
      .resize({ width: ICON_SIDE, height: ICON_SIDE, fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .webp({ quality: 90, alphaQuality: 100, effort: 4 })
      .toBuffer();
  } catch (e) {
    throw ApiError.badRequest(IconMessages.unreadable, `icon decode: ${(e as Error).message}`);
  }
  return { webp, hash: iconHash(webp) };
}

/** A colour as stored: '#rrggbb' in lower case, or null for none (empty or null input). */
export function normalizeColor(v: string | null | undefined): string | null {
  if (v == null || v.trim() === '') return null;
  const t = v.trim().toLowerCase();
  if (!/^#[0-9a-f]{6}$/.test(t)) throw ApiError.badRequest(IconMessages.colorInvalid, `colour ${JSON.stringify(v).slice(0, 40)}`);
  return t;
}
