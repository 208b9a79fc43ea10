// Category colours and raster icons (issue 20 item 3): admin upload with its refusals, the cacheable
// icon URL, and the category list carrying both. On PostgreSQL a second server on the same database
// serves the icon too (the bytes live in the database, not in one process's folder).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDb } from '../../db';
import { ADMIN, seededApp } from '../../test-helper';
import { MAX_ICON_BYTES } from '../../images/category-icon';

let t: Awaited<ReturnType<typeof seededApp>>;
beforeAll(async () => {
  t = await seededApp(100);
});
afterAll(async () => {
  await t?.close();
});

const PLAYER = 7;
const png = (w = 40, h = 40, color = { r: 200, g: 40, b: 90, alpha: 1 }) =>
  sharp({ create: { width: w, height: h, channels: 4, background: color } })
    .png()
    .toBuffer();

async function upload(userId: number | null, id: number, body: Buffer, type = 'image/png') {
  const r = await t.as(userId, {
    method: 'PUT',
    url: `/api/v1/moderation/categories/${id}/icon`,
    payload: body,
    headers: { 'content-type': type },
  });
  return { status: r.statusCode, body: r.json() };
}

const category = async (id: number) => {
  const groups = (await t.call(null, 'GET', '/api/v1/category/groups')).body.result as { categories: Record<string, unknown>[] }[];
  return groups.flatMap((g) => g.categories).find((c) => c.id === id)!;
};

describe('category icons', () => {
  it('takes a PNG from an admin, re-encodes it to a 64×64 WebP and lists its immutable URL', async () => {
    const before = (await category(3)).lastEdited as number;
    const r = await upload(ADMIN, 3, await png(200, 100));
    expect(r.status).toBe(200);
    const url = r.body.result.iconUrl as string;
    expect(url).toMatch(/^\/api\/v1\/category\/3\/icon\/[0-9a-f]{16}\.webp$/);
    const c = await category(3);
    expect(c.iconUrl).toBe(url);
    expect(c.lastEdited as number).toBeGreaterThan(before);
    const got = await t.app.inject({ method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/webp');
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = got.headers.etag as string;
    expect(etag).toBe(`"${url.slice(-21, -5)}"`);
    const meta = await sharp(got.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 64, 64]);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('takes a WebP too, and a new icon gets a new URL while the old one is gone', async () => {
    const old = (await category(3)).iconUrl as string;
    const webp = await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 10, g: 200, b: 30, alpha: 1 } } })
      .webp()
      .toBuffer();
    const r = await upload(ADMIN, 3, webp, 'image/webp');
    expect(r.status).toBe(200);
    expect(r.body.result.iconUrl).not.toBe(old);
    const stale = await t.app.inject({ method: 'GET', url: old });
    expect(stale.statusCode).toBe(404);
    expect(stale.json().error.messageTranslated).toBe('아이콘을 찾을 수 없습니다.');
  });

  it('refuses a wrong type, a file over 256 KiB and a corrupt image with Korean errors, changing nothing', async () => {
    const before = await category(4);
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
      .jpeg()
      .toBuffer();
    const wrong = await upload(ADMIN, 4, jpeg, 'image/png');
    expect(wrong.status).toBe(415);
    expect(wrong.body.error).toMatchObject({
      errClazz: 'unsupported_media',
      messageTranslated: '아이콘은 PNG 또는 WebP 파일만 올릴 수 있습니다.',
    });
    const text = await upload(ADMIN, 4, Buffer.from('hello, not an image'), 'text/plain');
    expect(text.status).toBe(415);
    // Noise does not compress: a 300×300 random PNG is well over 256 KiB.
    const noise = Buffer.alloc(300 * 300 * 4);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 300, height: 300, channels: 4 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(MAX_ICON_BYTES);
    const tooBig = await upload(ADMIN, 4, big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toMatchObject({
      errClazz: 'too_large',
      messageTranslated: '아이콘 파일이 너무 큽니다. 256 KiB 이하만 올릴 수 있습니다.',
    });
    const good = await png(64, 64);
    const corrupt = Buffer.concat([good.subarray(0, 60), Buffer.alloc(40, 7)]);
    const bad = await upload(ADMIN, 4, corrupt);
    expect(bad.status).toBe(400);
    expect(bad.body.error.messageTranslated).toBe('아이콘 이미지를 읽을 수 없습니다. 손상된 파일인지 확인해 주세요.');
    const empty = await upload(ADMIN, 4, Buffer.alloc(0), 'application/octet-stream');
    expect(empty.status).toBe(400);
    expect(empty.body.error.messageTranslated).toBe('아이콘 파일을 첨부해 주세요.');
    expect(await category(4)).toEqual(before);
  });

  it('is for admins only and answers 404 for an unknown category', async () => {
    const body = await png();
    expect((await upload(null, 5, body)).status).toBe(401);
    expect((await upload(PLAYER, 5, body)).status).toBe(403);
    const missing = await upload(ADMIN, 99_999, body);
    expect(missing.status).toBe(404);
    expect(missing.body.error.messageTranslated).toBe('카테고리를 찾을 수 없습니다.');
  });

  it('removes an icon again', async () => {
    await upload(ADMIN, 6, await png());
    const url = (await category(6)).iconUrl as string;
    const r = await t.call(ADMIN, 'DELETE', '/api/v1/moderation/categories/6/icon');
    expect(r.status).toBe(200);
    expect((await category(6)).iconUrl).toBeNull();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('category colours', () => {
  it('sets, normalises and clears a colour through the catalogue PATCH', async () => {
    expect((await category(8)).color).toBeNull();
    expect((await t.call(ADMIN, 'PATCH', '/api/v1/moderation/categories/8', { color: '#12AB9f' })).status).toBe(200);
    expect((await category(8)).color).toBe('#12ab9f');
    const bad = await t.call(ADMIN, 'PATCH', '/api/v1/moderation/categories/8', { color: 'red' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.messageTranslated).toBe('색은 #RRGGBB 형식으로 입력해 주세요.');
    expect((await category(8)).color).toBe('#12ab9f');
    expect((await t.call(ADMIN, 'PATCH', '/api/v1/moderation/categories/8', { color: null })).status).toBe(200);
    expect((await category(8)).color).toBeNull();
  });

  it('can be given when a category is added', async () => {
    const r = await t.call(ADMIN, 'POST', '/api/v1/moderation/categories', {
      groupId: 1,
      name: '색 있는 카테고리',
      icon: 2,
      color: '#00FF00',
    });
    expect(r.status).toBe(200);
    expect((await category(r.body.result.id)).color).toBe('#00ff00');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL, a second server on the same database', () => {
  it('serves the icon the first one stored', async () => {
    await upload(ADMIN, 9, await png(30, 30, { r: 1, g: 2, b: 250, alpha: 1 }));
    const url = (await category(9)).iconUrl as string;
    const db = await openDb({ databaseUrl: process.env.TEST_DATABASE_URL });
    const second = await buildApp({ config: { ...t.config, databaseUrl: process.env.TEST_DATABASE_URL }, db, logger: false });
    try {
      await second.ready();
      const r = await second.inject({ method: 'GET', url });
      expect(r.statusCode).toBe(200);
      expect(r.rawPayload.equals((await t.app.inject({ method: 'GET', url })).rawPayload)).toBe(true);
    } finally {
      await second.close();
      await db.close();
    }
  });
});
